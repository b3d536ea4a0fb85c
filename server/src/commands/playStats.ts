import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

/** Deltas folded per statement: bounded work per transaction, and a backlog drains in a few rounds. */
const rollupBatch = 5000;
/** One roll-up at a time across every process on the database (see the statement's comment). */
const rollupLockKey = 7243101;

/**
 * Folds a batch of deltas into quiz_daily_stats, quiz_question_stats and quizzes.completed_plays, and
 * deletes them, in one statement: all of it commits or none of it, so a crash mid-way loses nothing
 * and counts nothing twice. Runs under a transaction-scoped advisory lock: two processes take turns
 * instead of updating the same counter rows in different orders (a deadlock). Answers how many deltas it folded.
 */
export async function rollUpPlayStats(db: Db, batch = rollupBatch): Promise<number> {
  return db.transaction(async (tx) => {
    // Bounded: a fold stuck behind a long transaction fails and leaves its deltas for the next one,
    // rather than holding up every process's fold (and its shutdown) behind it.
    await tx.execute(sql`set local lock_timeout = '5s'`);
    await tx.execute(sql`select pg_advisory_xact_lock(${rollupLockKey})`);
    // tenant-scope: the roll-up folds every account's deltas into that account's counters, one statement for all
    const result = (await tx.execute(sql`
      with moved as (
        delete from play_stat_deltas
        where id in (select id from play_stat_deltas order by id limit ${batch})
        returning *
      ), daily as (
        insert into quiz_daily_stats as stats
          (quiz_id, day, account_id, views, starts, completions, leads, scored, percentage_sum)
        select quiz_id, day, account_id, sum(views), sum(starts), sum(completions), sum(leads), sum(scored), sum(percentage_sum)
        from moved where question_id is null
        group by quiz_id, day, account_id
        order by quiz_id, day
        on conflict (quiz_id, day) do update set
          views = stats.views + excluded.views,
          starts = stats.starts + excluded.starts,
          completions = stats.completions + excluded.completions,
          leads = stats.leads + excluded.leads,
          scored = stats.scored + excluded.scored,
          percentage_sum = stats.percentage_sum + excluded.percentage_sum
      ), questions as (
        insert into quiz_question_stats as stats (quiz_id, question_id, account_id, reached, answered)
        select quiz_id, question_id, account_id, sum(reached), sum(answered)
        from moved where question_id is not null
        group by quiz_id, question_id, account_id
        order by quiz_id, question_id
        on conflict (quiz_id, question_id) do update set
          reached = stats.reached + excluded.reached,
          answered = stats.answered + excluded.answered
      ), played as (
        update quizzes set completed_plays = quizzes.completed_plays + finished.completions
        from (
          select quiz_id, sum(completions)::int as completions from moved group by quiz_id having sum(completions) > 0
        ) finished
        where quizzes.id = finished.quiz_id
      )
      select count(*)::int as "moved" from moved`)) as unknown as { rows: { moved: number }[] };
    return result.rows[0]?.moved ?? 0;
  });
}

/**
 * Keeps the report's counters current. Play steps write insert-only delta rows to `play_stat_deltas`
 * in the statement or transaction of the step that counts them (so a count commits with its step, and no
 * play waits on a counter row: routes/public/plays.ts, commands/playAnswersRecorder.ts,
 * commands/playLeadRecorder.ts); this folds them in every few seconds and at shutdown, and at start
 * folds whatever a crashed process left. Views are the exception: a view is a GET, not a row, so
 * views are summed in memory and written with the next fold (a crash loses at most an interval of
 * views, never a play's counts).
 */
export class PlayStatsRollup {
  readonly #views = new Map<string, { accountId: string; views: number }>();
  readonly #db: Db;
  readonly #timer: NodeJS.Timeout;
  readonly #onError: (error: unknown) => void;
  #running: Promise<void> | undefined;

  constructor(db: Db, options: { intervalMs?: number; onError?: (error: unknown) => void } = {}) {
    this.#db = db;
    this.#onError = options.onError ?? (() => undefined);
    this.#timer = setInterval(() => void this.flush().catch(this.#onError), options.intervalMs ?? 3000);
    this.#timer.unref();
  }

  /** One more view of a published quiz (not a preview). */
  countView(quizId: string, accountId: string): void {
    const entry = this.#views.get(quizId) ?? { accountId, views: 0 };
    entry.views += 1;
    this.#views.set(quizId, entry);
  }

  /**
   * Writes the pending views and folds every delta committed so far. Calls made while one runs wait
   * for it and run once more, so a caller always sees what committed before it called.
   */
  flush(): Promise<void> {
    const run = (this.#running ?? Promise.resolve()).catch(() => undefined).then(() => this.#flushOnce());
    this.#running = run;
    return run;
  }

  async #flushOnce(): Promise<void> {
    const views = [...this.#views].map(([quizId, { accountId, views }]) => ({ quizId, accountId, views }));
    this.#views.clear();
    if (views.length > 0) {
      // A quiz deleted since its views were counted is skipped, not an error.
      // tenant-scope: views counted in memory for published quizzes of every account, each row with its quiz's account
      await this.#db.execute(sql`
        insert into play_stat_deltas (quiz_id, account_id, views)
        select v.quiz_id, v.account_id, v.views
        from jsonb_to_recordset(${JSON.stringify(views.map((v) => ({ quiz_id: v.quizId, account_id: v.accountId, views: v.views })))}::jsonb)
          as v(quiz_id uuid, account_id uuid, views int)
        where exists (select 1 from quizzes where quizzes.id = v.quiz_id)`);
    }
    while ((await rollUpPlayStats(this.#db)) >= rollupBatch) {
      // A backlog (a restart after a long outage): keep folding until it is gone.
    }
  }

  /**
   * The last fold, tried three times. If it still fails the deltas stay in the table, so the next
   * process to start folds them: a stop is never held up for long.
   */
  async stop(): Promise<void> {
    clearInterval(this.#timer);
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.flush();
      } catch (error) {
        if (attempt === 3) return this.#onError(error);
      }
    }
  }
}
