import { Text } from '@shopify/polaris';
import { DataTableIcon } from '@shopify/polaris-icons';
import { feedbackLimits, feedbackListColumns, feedbackMessages } from '@quizlead/shared/engagement.ts';
import type { TFeedbackListRow } from '@quizlead/shared/schemas/feedback.ts';
import { feedbackApi } from '../../api/engagement.ts';
import { cutText } from '../../components/engagement/cutText.ts';
import { ListScreen, NameCell, type ListItem } from '../../components/engagement/ListScreen.tsx';
import { listDate } from '../quizzes/format.ts';
import { feedbackTexts, feedbackUrls } from './texts.ts';
import { adminUrl } from '../../urls.ts';

const [numberColumn, titleColumn, dateColumn] = feedbackListColumns;

function item(row: TFeedbackListRow, number: number): ListItem {
  const name = row.title;
  const cut = cutText(row.title, feedbackLimits.listTitleChars);
  const date = listDate(row.createdAt);
  return {
    name,
    cells: [
      <Text as="span" numeric key="n">
        {number}
      </Text>,
      <NameCell key="t" name={name} chars={feedbackLimits.listTitleChars} />,
      date,
    ],
    heading: cut,
    details: [`No. ${number} · ${date}`],
    links: {
      edit: adminUrl('Feedback/Edit', row.id),
      preview: feedbackUrls.preview(row.id),
      share: adminUrl('Feedback/share', row.id),
      submissions: {
        label: 'Responses',
        accessibilityLabel: `Responses to ${name}`,
        icon: DataTableIcon,
        url: adminUrl('Feedback/response', row.id),
      },
    },
  };
}

/** /app/FeedbackLists: the owner's web responses. */
export function FeedbackListPage() {
  return (
    <ListScreen
      title={feedbackTexts.listTitle}
      resourceName={{ singular: 'web response', plural: 'web responses' }}
      createAction={{ content: feedbackTexts.createTitle, url: adminUrl('Feedback') }}
      emptyText={feedbackMessages.emptyList}
      emptyAction={feedbackMessages.buildButton}
      load={feedbackApi.list}
      columns={[{ title: numberColumn }, { title: titleColumn }, { title: dateColumn }]}
      item={item}
      remove={{
        title: feedbackTexts.deleteTitle,
        kind: 'feedback',
        run: feedbackApi.remove,
        success: feedbackMessages.deleted,
        failure: feedbackMessages.deleteFailed,
      }}
    />
  );
}
