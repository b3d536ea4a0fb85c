import { eq } from 'drizzle-orm';
import type { TDestinationKind } from '@quizlead/shared/schemas/deliveries.ts';
import type { Db } from '../client.ts';
import { accounts, destinations } from '../schema/index.ts';
import { scoped } from '../scope.ts';
import { NotFoundError } from '../../errors.ts';
import type { DestinationRow } from '../../integrations/destinations/destination.ts';

/**
 * The Settings screen's reads of an account's destinations. Every save (commands/singleDestinationSaver.ts)
 * first locks the account's row, so two saves of one account's settings (or two new webhooks racing the
 * limit) run one after the other and the one-per-account destinations are never inserted twice.
 */

/** The kinds an account has at most one of (the partial unique index of `destinations`). */
export type SingleKind = Exclude<TDestinationKind, 'webhook'>;

export async function lockAccount(db: Db, accountId: string): Promise<void> {
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, accountId)).for('update');
}

export async function findSingleDestination(db: Db, accountId: string, kind: SingleKind): Promise<DestinationRow | undefined> {
  const [row] = await db
    .select()
    .from(destinations)
    .where(scoped(destinations, accountId, eq(destinations.kind, kind)))
    .limit(1);
  return row;
}

export async function listWebhooks(db: Db, accountId: string): Promise<DestinationRow[]> {
  return db
    .select()
    .from(destinations)
    .where(scoped(destinations, accountId, eq(destinations.kind, 'webhook')))
    .orderBy(destinations.createdAt, destinations.id);
}

/** A webhook endpoint of the caller's account; anyone else's id answers 404 exactly like a missing one. */
export async function findOwnWebhook(db: Db, accountId: string, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(destinations)
    .where(scoped(destinations, accountId, eq(destinations.id, id), eq(destinations.kind, 'webhook')))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw NotFoundError();
  return row;
}

/** Any destination of the caller's account; anyone else's id answers 404 exactly like a missing one. */
export async function findOwnDestination(db: Db, accountId: string, id: string): Promise<DestinationRow> {
  const [row] = await db
    .select()
    .from(destinations)
    .where(scoped(destinations, accountId, eq(destinations.id, id)))
    .limit(1);
  if (!row) throw NotFoundError();
  return row;
}
