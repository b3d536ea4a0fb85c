import { Text } from '@shopify/polaris';
import { DataTableIcon } from '@shopify/polaris-icons';
import { wheelMessages } from '@quizlead/shared/engagement.ts';
import type { TWheelListRow } from '@quizlead/shared/schemas/wheel.ts';
import { wheelApi } from '../../api/engagement.ts';
import { cutText, listDescriptionChars } from '../../components/engagement/cutText.ts';
import { ListScreen, NameCell, type ListItem } from '../../components/engagement/ListScreen.tsx';
import { StatusBadge, statusLabels } from '../../components/engagement/StatusBadge.tsx';
import { listDate } from '../quizzes/format.ts';
import { wheelListColumns, wheelTexts, wheelUrls } from './texts.ts';
import { adminUrl } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

const [descriptionColumn, dateColumn, statusColumn, spinsColumn] = wheelListColumns;

function item(row: TWheelListRow): ListItem {
  const name = row.description;
  const cut = cutText(name, listDescriptionChars);
  const date = listDate(row.createdAt);
  const spins = counted(row.totalSpins, 'spin');
  return {
    name,
    cells: [
      <NameCell key="d" name={name} chars={listDescriptionChars} />,
      date,
      <StatusBadge key="s" status={row.status} />,
      <Text as="p" alignment="end" numeric key="n">
        {row.totalSpins}
      </Text>,
    ],
    heading: cut,
    details: [`${date} · ${statusLabels[row.status]} · ${spins}`],
    links: {
      edit: adminUrl('wheel_spinner/edit', row.id),
      preview: wheelUrls.preview(row.id, row.slug),
      share: adminUrl('wheelspin/share', row.id, row.slug),
      submissions: {
        label: 'Results',
        accessibilityLabel: `Results of ${name}`,
        icon: DataTableIcon,
        url: adminUrl('wheelspin/response', row.id),
      },
    },
  };
}

/** /app/wheel_spinner/lists: the owner's wheels. */
export function WheelListPage() {
  return (
    <ListScreen
      title={wheelTexts.listTitle}
      resourceName={{ singular: 'wheel spin', plural: 'wheel spins' }}
      createAction={{ content: wheelTexts.createTitle, url: adminUrl('wheel_spinner/create') }}
      emptyText={wheelMessages.emptyList}
      emptyAction={wheelMessages.buildButton}
      load={wheelApi.list}
      columns={[
        { title: descriptionColumn },
        { title: dateColumn },
        { title: statusColumn },
        { title: spinsColumn, alignment: 'end' },
      ]}
      item={item}
      remove={{
        title: wheelTexts.deleteTitle,
        kind: 'wheel',
        run: wheelApi.remove,
        success: wheelMessages.deleted,
        failure: wheelMessages.deleteFailed,
      }}
    />
  );
}
