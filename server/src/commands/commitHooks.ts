import type { Db } from '../db/client.ts';
import type { CacheInvalidation } from '../lib/publishedQuizCache.ts';

/**
 * What a write changed that players are served from memory: one quiz, or every quiz of an account (its
 * plan, name or ad pixels show with them).
 */
export type Changed = CacheInvalidation;

/** The published-quiz cache as this file uses it: the one place that drops entries. */
export interface ChangeListener {
  drop(change: Changed): Promise<void>;
}

/**
 * What a command that writes gets besides its database handle. Both take effect only once the transaction
 * commits: a rolled-back write deletes no file, sends no mail and keeps every cached quiz.
 */
export interface CommitHooks {
  /** Work for after the commit (files deleted, caches of other things dropped, jobs for other queues). */
  afterCommit(work: () => Promise<void>): void;
  /** Says what the write changed; the published-quiz cache drops it after the commit. */
  changed(change: Changed): void;
}

/**
 * One transaction's hooks. `committed` drops what changed from the cache (each change once), then runs the
 * queued work in order; every item runs even when one before it fails, and each failure goes to `failed`.
 * The API router and `inTransaction` are its only callers, so a cached quiz is dropped in one place.
 */
export function commitHooks(cache: ChangeListener): CommitHooks & { committed(failed: (error: unknown) => void): Promise<void> } {
  const changes = new Map<string, Changed>();
  const work: (() => Promise<void>)[] = [];
  return {
    afterCommit: (item) => void work.push(item),
    changed: (change) => void changes.set(JSON.stringify(change), change),
    async committed(failed) {
      for (const change of changes.values()) await cache.drop(change).catch(failed);
      for (const item of work) await item().catch(failed);
    },
  };
}

/**
 * Runs `write` in a transaction with fresh hooks, then what it queued: for entry points outside the API
 * router (webhook receivers, jobs). Work after the commit that fails is thrown once all of it has run, so
 * a job or a webhook delivery is retried (what it wrote is idempotent).
 */
export async function inTransaction<T>(
  deps: { db: Db; quizCache: ChangeListener },
  write: (tx: Db, hooks: CommitHooks) => Promise<T>,
): Promise<T> {
  const hooks = commitHooks(deps.quizCache);
  const result = await deps.db.transaction((tx) => write(tx, hooks));
  const failures: unknown[] = [];
  await hooks.committed((error) => failures.push(error));
  if (failures.length > 0) throw failures[0];
  return result;
}
