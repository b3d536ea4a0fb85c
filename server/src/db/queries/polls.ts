import { eq, sql } from 'drizzle-orm';
import { pollVoteExportColumns } from '@quizlead/shared/engagement.ts';
import { wholePercentages } from '@quizlead/shared/percentages.ts';
import type { TPollTally } from '@quizlead/shared/schemas/poll.ts';
import type { ExportQuery } from '../../lib/exports/exportQuery.ts';
import type { PollRow } from '../../policies/poll.ts';
import type { Db } from '../client.ts';
import { pollVotes } from '../schema/index.ts';
import { scoped } from '../scope.ts';

type PollRef = Pick<PollRow, 'id' | 'accountId'>;

/** Written out in full: in a one-table select drizzle leaves columns unqualified. */
export const pollVoteTotal = sql<number>`(select count(*)::int from "poll_votes" as "v" where "v"."poll_id" = "polls"."id")`;

/** The poll's votes (tenant-scoped). */
export const pollVotesOf = (poll: PollRef) => scoped(pollVotes, poll.accountId, eq(pollVotes.pollId, poll.id));

/** Votes per option from one grouped query, with whole-number percentages, in option order. */
export async function pollTally(db: Db, poll: PollRef & Pick<PollRow, 'options'>): Promise<TPollTally> {
  const rows = await db
    .select({ option: pollVotes.optionIndex, votes: sql<number>`count(*)::int` })
    .from(pollVotes)
    .where(pollVotesOf(poll))
    .groupBy(pollVotes.optionIndex);
  const counts = poll.options.map((_, index) => rows.find((row) => row.option === index)?.votes ?? 0);
  const percentages = wholePercentages(counts);
  return {
    total: counts.reduce((sum, count) => sum + count, 0),
    options: poll.options.map((text, index) => ({ text, votes: counts[index]!, percentage: percentages[index]! })),
  };
}

export async function pollVoteCount(db: Db, poll: PollRef): Promise<number> {
  const [row] = await db
    .select({ total: sql<number>`count(*)::int` })
    .from(pollVotes)
    .where(pollVotesOf(poll));
  return row?.total ?? 0;
}

/** The columns of the votes table. */
export const pollVoteFields = {
  id: pollVotes.id,
  optionIndex: pollVotes.optionIndex,
  email: pollVotes.email,
  createdAt: pollVotes.createdAt,
  language: pollVotes.language,
};
export type PollVoteRow = { id: string; optionIndex: number; email: string | null; createdAt: Date; language: string | null };

/** Every vote, newest first (the export): the voter's email, the option's text and the date. */
export const pollVotesExport = (poll: PollRef & Pick<PollRow, 'options'>): ExportQuery => ({
  from: pollVotes,
  where: pollVotesOf(poll),
  createdAt: pollVotes.createdAt,
  id: pollVotes.id,
  columns: [
    { header: pollVoteExportColumns.email, value: pollVotes.email, kind: 'text', width: 32 },
    {
      header: pollVoteExportColumns.vote,
      // The option's text as the poll has it now (an index past its options is an empty cell).
      value: sql`(${JSON.stringify(poll.options)}::jsonb ->> ${pollVotes.optionIndex})`,
      kind: 'text',
      width: 40,
    },
    { header: pollVoteExportColumns.date, value: pollVotes.createdAt, kind: 'date', width: 20 },
    { header: pollVoteExportColumns.language, value: pollVotes.language, kind: 'text', width: 10 },
  ],
});
