import { eq } from 'drizzle-orm';
import type { EngagementKind } from '@quizlead/shared/engagement.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';
import { engagementWrite, type EngagementDeps, type EngagementStore } from './engagementItemSaver.ts';

/**
 * Deletes an engagement item of the account with its submissions (they cascade), then what the kind
 * keeps with it (a wheel's unique codes and uploaded image). 404 for another account's id or a missing one.
 */
export async function engagementItemDeleter<Kind extends EngagementKind, Row>(
  deps: EngagementDeps,
  input: { store: EngagementStore<Kind, Row>; accountId: string; id: string },
): Promise<void> {
  const { store, accountId } = input;
  const [deleted] = (await deps.db
    .delete(store.table)
    .where(scoped(store.table, accountId, eq(store.table.id, input.id)))
    .returning()) as Row[];
  if (!deleted) throw NotFoundError();
  await store.afterDelete?.(engagementWrite(deps, accountId), deleted);
}
