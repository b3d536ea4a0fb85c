import { InlineStack, Text } from '@shopify/polaris';
import { ChartVerticalIcon } from '@shopify/polaris-icons';
import { pollListColumns, pollMessages, type EngagementStatus } from '@quizlead/shared/engagement.ts';
import type { TPollListRow } from '@quizlead/shared/schemas/poll.ts';
import { useState } from 'react';
import { errorNotice } from '../../api/client.ts';
import { pollApi } from '../../api/engagement.ts';
import { setPollStatus } from '../../api/polls.ts';
import { cutText, listDescriptionChars } from '../../components/engagement/cutText.ts';
import { ListScreen, NameCell, type ListItem } from '../../components/engagement/ListScreen.tsx';
import { statusLabels } from '../../components/engagement/StatusBadge.tsx';
import { useShowToast } from '../../toast.ts';
import { listDate } from '../quizzes/format.ts';
import { PublishSwitch } from '../quizzes/PublishSwitch.tsx';
import { pollTexts, pollUrls } from './texts.ts';
import { adminUrl } from '../../urls.ts';
import { counted } from '@quizlead/shared/plural.ts';

const [titleColumn, dateColumn, statusColumn, votesColumn] = pollListColumns;

/** The row's publish switch: votes or not, a poll can be unpublished and published again. */
function StatusSwitch({ row }: { row: TPollListRow }) {
  const showToast = useShowToast();
  const [status, setStatus] = useState<EngagementStatus>(row.status);
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    const next = status === 'published' ? 'unpublished' : 'published';
    setBusy(true);
    try {
      const saved = await setPollStatus(row.id, next);
      setStatus(saved.status);
      showToast(pollMessages.statusUpdated(saved.status));
    } catch (error) {
      showToast(errorNotice(error), { error: true });
    } finally {
      setBusy(false);
    }
  };
  return (
    <PublishSwitch
      published={status === 'published'}
      quizTitle={row.description}
      offLabel={statusLabels.unpublished}
      busy={busy}
      onToggle={() => void toggle()}
    />
  );
}

function item(row: TPollListRow): ListItem {
  const name = row.description;
  const cut = cutText(name, listDescriptionChars);
  const date = listDate(row.createdAt);
  const votes = counted(row.totalVotes, 'vote');
  return {
    name,
    cells: [
      <NameCell key="t" name={name} chars={listDescriptionChars} />,
      date,
      <StatusSwitch key={`s-${row.id}-${row.status}`} row={row} />,
      <Text as="p" alignment="end" numeric key="v">
        {row.totalVotes}
      </Text>,
    ],
    heading: cut,
    details: [
      `${date} · ${votes}`,
      <InlineStack key="s">
        <StatusSwitch key={`${row.id}-${row.status}`} row={row} />
      </InlineStack>,
    ],
    links: {
      edit: adminUrl('poll/edit', row.id),
      preview: pollUrls.preview(row.id, row.slug),
      share: adminUrl('poll/share', row.id, row.slug),
      submissions: {
        label: 'View votes',
        accessibilityLabel: `Votes of ${name}`,
        icon: ChartVerticalIcon,
        url: adminUrl('poll/vote', row.id),
      },
    },
  };
}

/** /app/poll/lists: the owner's polls. */
export function PollListPage() {
  return (
    <ListScreen
      title={pollTexts.listTitle}
      resourceName={{ singular: 'poll', plural: 'polls' }}
      createAction={{ content: pollTexts.createTitle, url: adminUrl('poll/create') }}
      emptyText={pollMessages.emptyList}
      emptyAction={pollTexts.buildButton}
      load={pollApi.list}
      columns={[{ title: titleColumn }, { title: dateColumn }, { title: statusColumn }, { title: votesColumn, alignment: 'end' }]}
      item={item}
      remove={{
        title: pollTexts.deleteTitle,
        kind: 'poll',
        run: pollApi.remove,
        success: pollMessages.deleted,
        failure: pollMessages.deleteFailed,
      }}
    />
  );
}
