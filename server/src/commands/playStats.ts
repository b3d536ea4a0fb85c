import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { quizDailyStats } from '../db/schema/index.ts';

type Counter = 'views' | 'starts' | 'completions' | 'leads';

/** Adds to today's counters of a quiz (one upsert), so reports read roll-ups instead of counting plays. */
export async function playStatsRecorder(
  db: Db,
  props: { quizId: string; accountId: string; add: Partial<Record<Counter, number>> },
) {
  const add = { views: 0, starts: 0, completions: 0, leads: 0, ...props.add };
  await db
    .insert(quizDailyStats)
    .values({ quizId: props.quizId, accountId: props.accountId, day: sql`current_date`, ...add })
    .onConflictDoUpdate({
      target: [quizDailyStats.quizId, quizDailyStats.day],
      set: {
        views: sql`${quizDailyStats.views} + ${add.views}`,
        starts: sql`${quizDailyStats.starts} + ${add.starts}`,
        completions: sql`${quizDailyStats.completions} + ${add.completions}`,
        leads: sql`${quizDailyStats.leads} + ${add.leads}`,
      },
    });
}

/**
 * Quiz views arrive with every player load; they are summed in memory and written every few
 * seconds (and at shutdown) rather than once per request. A crash loses at most one interval of views.
 */
export class ViewCounter {
  readonly #pending = new Map<string, { accountId: string; views: number }>();
  readonly #db: Db;
  readonly #timer: NodeJS.Timeout;

  constructor(db: Db, intervalMs = 5000) {
    this.#db = db;
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.#timer.unref();
  }

  count(quizId: string, accountId: string): void {
    const entry = this.#pending.get(quizId) ?? { accountId, views: 0 };
    entry.views += 1;
    this.#pending.set(quizId, entry);
  }

  async flush(): Promise<void> {
    const batch = [...this.#pending];
    this.#pending.clear();
    for (const [quizId, { accountId, views }] of batch) {
      await playStatsRecorder(this.#db, { quizId, accountId, add: { views } }).catch(() => undefined);
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
