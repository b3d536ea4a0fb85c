import { eq } from 'drizzle-orm';
import type { engagementStatuses } from '@quizlead/shared/engagement.ts';
import type { Db } from '../db/client.ts';
import { polls } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';
import type { PollRow } from '../policies/poll.ts';

/**
 * Publishes or unpublishes a poll of the account (the list's switch), whether or not it has votes; its
 * options and texts stay as they are. 404 for another account's id or a missing one. Returns the row stored.
 */
export async function pollStatusSetter(
  deps: { db: Db },
  input: { accountId: string; pollId: string; status: (typeof engagementStatuses)[number] },
): Promise<PollRow> {
  const [stored] = await deps.db
    .update(polls)
    .set({ published: input.status === 'published', updatedAt: new Date() })
    .where(scoped(polls, input.accountId, eq(polls.id, input.pollId)))
    .returning();
  if (!stored) throw NotFoundError();
  return stored;
}
