import { and, eq } from 'drizzle-orm';
import type { TPollTally } from '@quizlead/shared/schemas/poll.ts';
import type { Db } from '../db/client.ts';
import { pollTally } from '../db/queries/polls.ts';
import { pollVotes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { PollRow } from '../policies/poll.ts';

export interface RecordedVote {
  /** False when this submission id had already voted: nothing new was counted. */
  created: boolean;
  /** The option the submission counted for (the first one sent, on a retry). */
  option: number;
  results: TPollTally;
}

/**
 * Records a visitor's vote and answers the tally after it. The vote row is the count (no counter
 * to drift under concurrency), and its key (poll, submission id) makes a retried request count once.
 * The caller holds a share lock on the poll, so its options cannot change underneath.
 */
export async function pollVoteRecorder(props: {
  db: Db;
  poll: PollRow;
  submissionId: string;
  option: number;
  email: string | null;
}): Promise<RecordedVote> {
  const { db, poll } = props;
  const inserted = await db
    .insert(pollVotes)
    .values({ pollId: poll.id, id: props.submissionId, accountId: poll.accountId, optionIndex: props.option, email: props.email })
    .onConflictDoNothing()
    .returning({ option: pollVotes.optionIndex });
  let option = inserted[0]?.option;
  if (option === undefined) {
    const [earlier] = await db
      .select({ option: pollVotes.optionIndex })
      .from(pollVotes)
      .where(scoped(pollVotes, poll.accountId, and(eq(pollVotes.pollId, poll.id), eq(pollVotes.id, props.submissionId))));
    option = earlier?.option ?? props.option;
  }
  return { created: inserted.length > 0, option, results: await pollTally(db, poll) };
}
