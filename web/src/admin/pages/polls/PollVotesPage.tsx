import { languageCell, languageColumnTitle } from '@quizlead/shared/i18n/languageLabels.ts';
import { BlockStack, Card, InlineGrid, InlineStack, ProgressBar, SkeletonBodyText, Text } from '@shopify/polaris';
import { formatSubmissionDate, pollMessages, pollVoteColumns } from '@quizlead/shared/engagement.ts';
import type { TPoll, TPollVoteRow } from '@quizlead/shared/schemas/poll.ts';
import { useParams } from 'react-router';
import { pollApi } from '../../api/engagement.ts';
import { getPollResults } from '../../api/polls.ts';
import { SubmissionsScreen, type SubmissionColumn } from '../../components/engagement/SubmissionsScreen.tsx';
import { useResource } from '../../data/useResource.ts';
import './polls.css';
import { pollList, pollTexts } from './texts.ts';
import { counted } from '@quizlead/shared/plural.ts';

const [idTitle, voteTitle, emailTitle, dateTitle] = pollVoteColumns;

const columns: SubmissionColumn<TPollVoteRow>[] = [
  { title: idTitle, value: (_row, number) => number, sortKey: (_row, number) => number },
  { title: voteTitle, value: (row) => row.vote, sortKey: (row) => row.vote },
  { title: emailTitle, value: (row) => row.email ?? '–', sortKey: (row) => row.email ?? '' },
  { title: dateTitle, value: (row) => formatSubmissionDate(row.date), sortKey: (row) => row.date },
  { title: languageColumnTitle, value: (row) => languageCell(row.language), sortKey: (row) => row.language ?? '' },
];

/**
 * Each option's votes and share, as the public poll shows them: the server's whole-number percentages,
 * which add up to 100 (wholePercentages in shared/src/percentages.ts). Loaded again when the total changes.
 */
function Results({ pollId, total }: { pollId: string; total: number | null }) {
  const { data: results, loaded } = useResource(['poll', 'results', pollId, total], (signal) => getPollResults(pollId, signal));
  if (!results) return loaded.state === 'loading' ? <SkeletonBodyText lines={3} /> : null;
  return (
    <BlockStack gap="200">
      <Text as="h2" variant="headingSm" tone="subdued">
        {pollTexts.resultsTitle}
      </Text>
      <ul className="ql-poll-results">
        {results.options.map((option, index) => (
          <li key={index} className="ql-poll-results__option" data-testid="poll-results-option">
            <InlineStack align="space-between" blockAlign="baseline" gap="300" wrap={false}>
              <Text as="span" breakWord>
                {option.text}
              </Text>
              <Text as="span" numeric fontWeight="semibold">
                <span data-testid="poll-results-percentage">{`${option.percentage}%`}</span>
              </Text>
            </InlineStack>
            <ProgressBar progress={option.percentage} size="small" tone="primary" animated={false} />
            <Text as="span" variant="bodySm" tone="subdued">
              {counted(option.votes, 'vote')}
            </Text>
          </li>
        ))}
      </ul>
    </BlockStack>
  );
}

/** 'Poll Title' and 'Total Vote' above the table, and each option's share. */
function Summary({ poll, total }: { poll: TPoll; total: number | null }) {
  return (
    <Card>
      <BlockStack gap="500">
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
        <Results pollId={poll.id} total={total} />
      </BlockStack>
    </Card>
  );
}

/** /app/poll/vote/{id}: who voted for what. */
export function PollVotesPage() {
  const { id = '' } = useParams();
  return (
    <SubmissionsScreen
      kind="poll"
      id={id}
      title={pollTexts.votesTitle}
      thing={pollTexts.thing}
      list={pollList()}
      loadItem={(signal) => pollApi.get(id, signal)}
      summary={(poll, total) => <Summary poll={poll} total={total} />}
      loadPage={(page, signal) => pollApi.submissions(id, page, signal)}
      columns={columns}
      initialSort={{ column: 3, direction: 'descending' }}
      exportPath={(format) => pollApi.exportPath(id, format)}
      exportName={(poll) => `${poll.slug || 'poll'}-votes`}
      resourceName={{ singular: 'vote', plural: 'votes' }}
      emptyText={pollTexts.noVotes}
    />
  );
}
