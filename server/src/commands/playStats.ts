import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { quizDailyStats, quizQuestionStats, quizzes } from '../db/schema/index.ts';

/**
 * Per quiz and day. `scored` and `percentageSum` add up the completed plays of the scoring types
 * (graded and range results): the report's average score is percentageSum / scored.
 */
type Counter = 'views' | 'starts' | 'completions' | 'leads' | 'scored' | 'percentageSum';
export type PlayCounts = Partial<Record<Counter, number>>;

/** Per question of a quiz: shown to a play (reached) and answered by it (the report's drop-off). */
type QuestionCounter = 'reached' | 'answered';
export type QuestionCounts = Partial<Record<QuestionCounter, number>>;

const noCounts = (): Record<Counter, number> => ({
  views: 0,
  starts: 0,
  completions: 0,
  leads: 0,
  scored: 0,
  percentageSum: 0,
});

/** Adds to today's counters of a quiz (one upsert), so reports read roll-ups instead of counting plays. */
export async function playStatsRecorder(db: Db, props: { quizId: string; accountId: string; add: PlayCounts }) {
  const add = { ...noCounts(), ...props.add };
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
        scored: sql`${quizDailyStats.scored} + ${add.scored}`,
        percentageSum: sql`${quizDailyStats.percentageSum} + ${add.percentageSum}::double precision`,
      },
    });
}

export interface QuestionStatsRow {
  quizId: string;
  questionId: string;
  reached: number;
  answered: number;
}

/** Rows per statement of the question upsert (4 parameters a row). */
const questionChunk = 500;

/** Adds to the drop-off counters of many questions in one multi-row upsert. */
export async function questionStatsRecorder(db: Db, rows: readonly QuestionStatsRow[]) {
  if (rows.length === 0) return;
  await db
    .insert(quizQuestionStats)
    .values([...rows])
    .onConflictDoUpdate({
      target: [quizQuestionStats.quizId, quizQuestionStats.questionId],
      set: {
        reached: sql`${quizQuestionStats.reached} + excluded.reached`,
        answered: sql`${quizQuestionStats.answered} + excluded.answered`,
      },
    });
}

/** A quiz deleted between the count and the flush: its counts have nowhere to go and are dropped. */
function isForeignKeyViolation(error: unknown): boolean {
  let cause = error;
  for (let depth = 0; depth < 5 && cause !== null && typeof cause === 'object'; depth++) {
    if ((cause as { code?: unknown }).code === '23503') return true;
    cause = (cause as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * Play events (views, starts, completions, leads, scores, and per-question drop-off) are summed in
 * memory and written every few seconds and at shutdown, not once per request: a popular quiz would
 * otherwise queue every play behind one counter row. The plays themselves commit before their
 * answer, so a crash loses at most an interval of counts, and they can be recounted from the plays
 * table (plays.reached and plays.answers hold what the drop-off counted).
 */
export class StatsBuffer {
  readonly #pending = new Map<string, { accountId: string; add: Record<Counter, number> }>();
  /** Keyed by `${quizId}/${questionId}`. */
  readonly #questions = new Map<string, QuestionStatsRow>();
  readonly #db: Db;
  readonly #timer: NodeJS.Timeout;

  constructor(db: Db, intervalMs = 3000) {
    this.#db = db;
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), intervalMs);
    this.#timer.unref();
  }

  count(quizId: string, accountId: string, add: PlayCounts): void {
    const entry = this.#pending.get(quizId) ?? { accountId, add: noCounts() };
    for (const [counter, value] of Object.entries(add) as [Counter, number][]) entry.add[counter] += value;
    this.#pending.set(quizId, entry);
  }

  /** Drop-off of one question: shown to one more play (`reached`), answered by one more (`answered`). */
  countQuestion(quizId: string, questionId: string, add: QuestionCounts): void {
    const key = `${quizId}/${questionId}`;
    const entry = this.#questions.get(key) ?? { quizId, questionId, reached: 0, answered: 0 };
    entry.reached += add.reached ?? 0;
    entry.answered += add.answered ?? 0;
    this.#questions.set(key, entry);
  }

  async flush(): Promise<void> {
    const batch = [...this.#pending];
    this.#pending.clear();
    const questionBatch = [...this.#questions.values()].filter((row) => row.reached > 0 || row.answered > 0);
    this.#questions.clear();
    const failures: unknown[] = [];
    for (const [quizId, { accountId, add }] of batch) {
      try {
        await playStatsRecorder(this.#db, { quizId, accountId, add });
        if (add.completions > 0) {
          await this.#db
            .update(quizzes)
            .set({ completedPlays: sql`${quizzes.completedPlays} + ${add.completions}` })
            .where(eq(quizzes.id, quizId));
        }
      } catch (error) {
        if (!isForeignKeyViolation(error)) failures.push(error);
      }
    }
    // In (quiz, question) order, so two processes flushing at once lock rows in the same order and
    // never deadlock; each statement is all or nothing, so a failed chunk can be retried row by row.
    questionBatch.sort((a, b) => a.quizId.localeCompare(b.quizId) || a.questionId.localeCompare(b.questionId));
    for (let index = 0; index < questionBatch.length; index += questionChunk) {
      const chunk = questionBatch.slice(index, index + questionChunk);
      try {
        await questionStatsRecorder(this.#db, chunk);
      } catch (error) {
        if (!isForeignKeyViolation(error)) {
          failures.push(error);
          continue;
        }
        // A quiz of the chunk is gone: write the others one by one, dropping only its rows.
        for (const row of chunk) {
          await questionStatsRecorder(this.#db, [row]).catch((rowError: unknown) => {
            if (!isForeignKeyViolation(rowError)) failures.push(rowError);
          });
        }
      }
    }
    if (failures.length > 0) throw failures.length === 1 ? failures[0] : new AggregateError(failures, 'stats flush failed');
  }

  async stop(): Promise<void> {
    clearInterval(this.#timer);
    await this.flush();
  }
}
