/**
 * Published quizzes kept in memory for the public player: loaded once, dropped when their owner
 * edits, publishes, unpublishes or deletes them (or changes the account shown with them).
 * Bounded: the least recently used entries go first. With several server processes, invalidations
 * travel over LISTEN/NOTIFY (docs/architecture.md, "Scale").
 */
export class PublishedQuizCache<T extends { accountId: string }> {
  readonly #entries = new Map<string, Promise<T | undefined>>();
  readonly #load: (quizId: string) => Promise<T | undefined>;
  readonly #maxEntries: number;

  constructor(load: (quizId: string) => Promise<T | undefined>, maxEntries = 2000) {
    this.#load = load;
    this.#maxEntries = maxEntries;
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

  invalidate(quizId: string): void {
    this.#entries.delete(quizId);
  }

  async invalidateAccount(accountId: string): Promise<void> {
    for (const [quizId, entry] of this.#entries) {
      const value = await entry.catch(() => undefined);
      if (!value || value.accountId === accountId) this.#entries.delete(quizId);
    }
  }

  get size(): number {
    return this.#entries.size;
  }
}
