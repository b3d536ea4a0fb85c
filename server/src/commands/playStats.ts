import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { quizDailyStats, quizzes } from '../db/schema/index.ts';

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
 * Play events (views, starts, completions, leads) are summed in memory and written every few
 * seconds and at shutdown, not once per request: a popular quiz would otherwise queue every play
 * behind one counter row. The plays themselves commit before their answer, so a crash loses at
 * most an interval of counts, and they can be recounted from the plays table.
 */
export class StatsBuffer {
  readonly #pending = new Map<string, { accountId: string; add: Record<Counter, number> }>();
  readonly #db: Db;
  readonly #timer: NodeJS.Timeout;

  constructor(db: Db, intervalMs = 3000) {
    this.#db = db;
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.#timer.unref();
  }

  count(quizId: string, accountId: string, add: Partial<Record<Counter, number>>): void {
    const entry = this.#pending.get(quizId) ?? { accountId, add: { views: 0, starts: 0, completions: 0, leads: 0 } };
    for (const [counter, value] of Object.entries(add) as [Counter, number][]) entry.add[counter] += value;
    this.#pending.set(quizId, entry);
  }

  async flush(): Promise<void> {
    const batch = [...this.#pending];
    this.#pending.clear();
    for (const [quizId, { accountId, add }] of batch) {
      await playStatsRecorder(this.#db, { quizId, accountId, add });
      if (add.completions > 0) {
        await this.#db
          .update(quizzes)
          .set({ completedPlays: sql`${quizzes.completedPlays} + ${add.completions}` })
          .where(eq(quizzes.id, quizId));
      }
    }
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
