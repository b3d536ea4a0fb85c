import { and, eq, type SQL } from 'drizzle-orm';
import type { TPollTally } from '@quizlead/shared/schemas/poll.ts';
import type { Db } from '../db/client.ts';
import { lockEmail, sameEmail } from '../db/oncePerEmail.ts';
import { pollTally } from '../db/queries/polls.ts';
import { pollVotes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { JobQueue } from '../jobs/queue.ts';
import type { PollRow } from '../policies/poll.ts';
import { pollAnswers } from '../lib/leadAnswers.ts';
import { eventRecorder } from './eventRecorder.ts';
import { widgetVisitor } from './widgetEvents.ts';

export type RecordedVote =
  | {
      /** 'counted': a new vote; 'retried': this submission id had voted already and nothing new counted. */
      outcome: 'counted' | 'retried';
      /** The option the submission counted for (the first one sent, on a retry). */
      option: number;
      results: TPollTally;
    }
  /** The email has voted in this poll (another submission) and the poll takes one vote per email. */
  | { outcome: 'alreadyVoted' };

/**
 * Records a visitor's vote and answers the tally after it. The vote row is the count (no counter
 * to drift under concurrency), and its key (poll, submission id) makes a retried request count once.
 * Unless the owner allows repeats, an email votes once per poll (any case): votes with the same email
 * are serialised per poll and email (db/oncePerEmail.ts), as a wheel's spins are. The caller holds a
 * share lock on the poll, so its options cannot change underneath. A counted vote records its
 * `poll.voted` event in the same transaction (not a demo vote: the owner trying the poll).
 */
export async function pollVoteRecorder(props: {
  db: Db;
  poll: PollRow;
  submissionId: string;
  option: number;
  email: string | null;
  queue: JobQueue;
  demo?: boolean;
  /** The language the visitor was shown, when their browser sent it. */
  language?: string | null;
  /** The shop's customer gid who voted, when Shopify named them (the post-purchase survey). */
  shopifyCustomerId?: string | null;
}): Promise<RecordedVote> {
  const { db, poll, submissionId, email } = props;
  const ofPoll = (...conditions: SQL[]) => scoped(pollVotes, poll.accountId, and(eq(pollVotes.pollId, poll.id), ...conditions));
  const bySubmission = async () => {
    const [earlier] = await db
      .select({ option: pollVotes.optionIndex })
      .from(pollVotes)
      .where(ofPoll(eq(pollVotes.id, submissionId)))
      .limit(1);
    return earlier;
  };
  const answer = async (outcome: 'counted' | 'retried', option: number): Promise<RecordedVote> => ({
    outcome,
    option,
    results: await pollTally(db, poll),
  });

  if (email !== null && !poll.allowRepeatVotes) {
    await lockEmail(db, 'poll-vote', poll.id, email);
    const retried = await bySubmission();
    if (retried) return answer('retried', retried.option);
    const [voted] = await db
      .select({ id: pollVotes.id })
      .from(pollVotes)
      .where(ofPoll(sameEmail(pollVotes.email, email)))
      .limit(1);
    if (voted) return { outcome: 'alreadyVoted' };
  }

  const inserted = await db
    .insert(pollVotes)
    .values({
      pollId: poll.id,
      id: submissionId,
      accountId: poll.accountId,
      optionIndex: props.option,
      email,
      language: props.language ?? null,
    })
    .onConflictDoNothing()
    .returning({ option: pollVotes.optionIndex });
  if (inserted[0]) {
    if (!props.demo) {
      const option = { index: inserted[0].option, text: poll.options[inserted[0].option] ?? '' };
      await eventRecorder({
        db,
        queue: props.queue,
        event: {
          type: 'poll.voted',
          version: 1,
          occurredAt: new Date().toISOString(),
          accountId: poll.accountId,
          item: { tool: 'poll', id: poll.id, title: poll.description },
          answers: pollAnswers(poll.description, option),
          voteId: submissionId,
          option,
          ...widgetVisitor(email),
          ...(props.shopifyCustomerId ? { shopifyCustomerId: props.shopifyCustomerId } : {}),
        },
      });
    }
    return answer('counted', inserted[0].option);
  }
  // This submission id voted before (or raced this request and won): its first choice is the answer.
  const earlier = await bySubmission();
  return answer('retried', earlier?.option ?? props.option);
}
