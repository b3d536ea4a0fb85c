import { eq } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { EngagementKind } from '@quizlead/shared/engagement.ts';
import type { TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import type { Auth, Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { scoped } from '../db/scope.ts';
import type { CommitHooks } from './commitHooks.ts';

/** What an engagement kind's write steps get: the transaction, the account, and what they may do after the commit. */
export interface EngagementWrite extends Pick<CommitHooks, 'afterCommit'> {
  db: Db;
  auth: Pick<Auth, 'accountId'>;
  services: Pick<Services, 'storage' | 'queue'>;
}

/** What the engagement commands need: the transaction, file storage and the job queue, and the after-commit list. */
export type EngagementDeps = Omit<EngagementWrite, 'auth' | 'services'> & Pick<Services, 'storage' | 'queue'>;

/** A tenant table of one engagement kind: its rows have an id, an account and a creation time. */
export type EngagementTable = PgTable & { id: PgColumn; accountId: PgColumn; createdAt: PgColumn; updatedAt: PgColumn };

/**
 * How one engagement kind (polls, web responses, wheels) is stored: its table and what differs between
 * kinds when an item is written. The create, save and delete commands are the same for every kind.
 */
export interface EngagementStore<Kind extends EngagementKind, Row> {
  table: EngagementTable;
  /**
   * The stored columns of the builder's `body`, for a new item (`stored` null) or a save of the locked `stored`
   * row; throws a ValidationError to refuse it.
   */
  columns(
    write: EngagementWrite,
    body: TEngagementBody<Kind>,
    stored: Row | null,
  ): Record<string, unknown> | Promise<Record<string, unknown>>;
  /** What comes with a written item besides its row (prize codes, a replaced upload); `previous` is null on create. */
  afterSave?(write: EngagementWrite, saved: Row, previous: Row | null): Promise<void>;
  /** What goes with a deleted item besides its rows (prize codes, uploads). */
  afterDelete?(write: EngagementWrite, row: Row): Promise<void>;
}

/** The write steps' view of the deps, for the account. */
export const engagementWrite = (deps: EngagementDeps, accountId: string): EngagementWrite => ({
  db: deps.db,
  auth: { accountId },
  services: { storage: deps.storage, queue: deps.queue },
  afterCommit: deps.afterCommit,
});

/**
 * Saves an engagement item: `stored` is the caller's row, locked, and the body replaces what the builder
 * edits; then what the kind keeps with it (prize codes, a replaced upload). Returns the row stored.
 */
export async function engagementItemSaver<Kind extends EngagementKind, Row extends { id: string }>(
  deps: EngagementDeps,
  input: { store: EngagementStore<Kind, Row>; accountId: string; stored: Row; body: TEngagementBody<Kind> },
): Promise<Row> {
  const { store, accountId, stored, body } = input;
  const write = engagementWrite(deps, accountId);
  const columns = await store.columns(write, body, stored);
  const [saved] = (await deps.db
    .update(store.table)
    .set({ ...columns, updatedAt: new Date() })
    .where(scoped(store.table, accountId, eq(store.table.id, stored.id)))
    .returning()) as Row[];
  await store.afterSave?.(write, saved!, stored);
  return saved!;
}
