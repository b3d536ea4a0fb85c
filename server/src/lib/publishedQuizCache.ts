import { z } from 'zod';

/** What one process tells the others when it drops an entry (over PostgreSQL NOTIFY). */
const ZCacheInvalidation = z.union([z.strictObject({ quizId: z.string() }), z.strictObject({ accountId: z.string() })]);
export type CacheInvalidation = z.infer<typeof ZCacheInvalidation>;

/**
 * Published quizzes kept in memory for the public player: loaded once, dropped when their owner
 * edits, publishes, unpublishes or deletes them (or changes the account shown with them).
 * Bounded: the least recently used entries go first. With several server processes, invalidations
 * travel over LISTEN/NOTIFY (docs/decisions/073-scale-any-number-of-processes-on-one.md).
 */
export class PublishedQuizCache<T extends { accountId: string }> {
  readonly #entries = new Map<string, Promise<T | undefined>>();
  readonly #load: (quizId: string) => Promise<T | undefined>;
  readonly #maxEntries: number;
  readonly #broadcast: (message: CacheInvalidation) => Promise<void>;

  constructor(
    load: (quizId: string) => Promise<T | undefined>,
    options: { maxEntries?: number; broadcast?: (message: CacheInvalidation) => Promise<void> } = {},
  ) {
    this.#load = load;
    this.#maxEntries = options.maxEntries ?? 2000;
    this.#broadcast = options.broadcast ?? (async () => undefined);
  }

  get(quizId: string): Promise<T | undefined> {
    let entry = this.#entries.get(quizId);
    if (entry) {
      // Re-inserting marks it as recently used.
      this.#entries.delete(quizId);
    } else {
      entry = this.#load(quizId).catch((error: unknown) => {
        this.#entries.delete(quizId);
        throw error;
      });
    }
    this.#entries.set(quizId, entry);
    if (this.#entries.size > this.#maxEntries) this.#entries.delete(this.#entries.keys().next().value!);
    return entry;
  }

  /**
   * A quiz changed, or an account whose plan or details its quizzes show: drop it here and in every other
   * process. Called once a write commits (commands/commitHooks.ts), nowhere else.
   */
  async drop(change: CacheInvalidation): Promise<void> {
    if ('quizId' in change) this.#entries.delete(change.quizId);
    else await this.#forgetAccount(change.accountId);
    await this.#broadcast(change);
  }

  /** Another process dropped an entry (`payload` as broadcast); anything unreadable drops everything. */
  async received(payload: string): Promise<void> {
    let parsed;
    try {
      parsed = ZCacheInvalidation.safeParse(JSON.parse(payload));
    } catch {
      parsed = undefined;
    }
    if (!parsed?.success) this.clear();
    else if ('quizId' in parsed.data) this.#entries.delete(parsed.data.quizId);
    else await this.#forgetAccount(parsed.data.accountId);
  }

  /** Whatever other processes said may have been missed (the connection dropped): start afresh. */
  clear(): void {
    this.#entries.clear();
  }

  get size(): number {
    return this.#entries.size;
  }

  async #forgetAccount(accountId: string): Promise<void> {
    for (const [quizId, entry] of this.#entries) {
      const value = await entry.catch(() => undefined);
      if (!value || value.accountId === accountId) this.#entries.delete(quizId);
    }
  }
}
