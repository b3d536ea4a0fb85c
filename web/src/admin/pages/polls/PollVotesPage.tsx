import { BlockStack, Card, InlineGrid, Text } from '@shopify/polaris';
import { formatSubmissionDate, pollMessages, pollVoteColumns } from '@quizlead/shared/engagement.ts';
import type { TPoll, TPollVoteRow } from '@quizlead/shared/schemas/poll.ts';
import { useParams } from 'react-router';
import { getPoll, listPollVotes, pollExportPath } from '../../api/polls.ts';
import { SubmissionsScreen, type SubmissionColumn } from '../../components/engagement/SubmissionsScreen.tsx';
import { pollList, pollTexts } from './texts.ts';

const [idTitle, voteTitle, emailTitle, dateTitle] = pollVoteColumns;

const columns: SubmissionColumn<TPollVoteRow>[] = [
  { title: idTitle, value: (_row, number) => number, sortKey: (_row, number) => number },
  { title: voteTitle, value: (row) => row.vote, sortKey: (row) => row.vote },
  { title: emailTitle, value: (row) => row.email ?? '–', sortKey: (row) => row.email ?? '' },
  { title: dateTitle, value: (row) => formatSubmissionDate(row.date), sortKey: (row) => row.date },
];

/** 'Poll Title' and 'Total Vote' above the table. */
function Summary({ poll, total }: { poll: TPoll; total: number | null }) {
  return (
    <Card>
      <InlineGrid columns={{ xs: 1, sm: '3fr 1fr' }} gap="400">
        <BlockStack gap="100">
          <Text as="h2" variant="headingSm" tone="subdued">
            {pollMessages.votesTitle}
          </Text>
          <Text as="p" variant="bodyLg" breakWord>
            {poll.description}
          </Text>
        </BlockStack>
        <BlockStack gap="100">
          <Text as="h2" variant="headingSm" tone="subdued">
            {pollMessages.totalVotes}
          </Text>
          <Text as="p" variant="headingLg" numeric>
            {total ?? poll.totalVotes}
          </Text>
        </BlockStack>
      </InlineGrid>
    </Card>
  );
}

/** /app/poll/vote/{id}: who voted for what. */
export function PollVotesPage() {
  const { id = '' } = useParams();
  return (
    <SubmissionsScreen
      id={id}
      title={pollTexts.votesTitle}
      thing={pollTexts.thing}
      list={pollList}
      loadItem={(signal) => getPoll(id, signal)}
      summary={(poll, total) => <Summary poll={poll} total={total} />}
      loadPage={(page, signal) => listPollVotes(id, page, signal)}
      columns={columns}
      initialSort={{ column: 3, direction: 'descending' }}
      exportPath={(format) => pollExportPath(id, format)}
      exportName={(poll) => `${poll.slug || 'poll'}-votes`}
      resourceName={{ singular: 'vote', plural: 'votes' }}
      emptyText={pollTexts.noVotes}
    />
  );
}
