import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';

type Rows = { rows: Record<string, unknown>[] };
const rowsOf = async (db: Db, query: ReturnType<typeof sql>) => ((await db.execute(query)) as unknown as Rows).rows;

/**
 * A quiz's report counters beside the same figures counted from its plays, so a test can say the
 * counters equal the rows: starts, completions, leads, the Played column, and each question's drop-off
 * (reached: shown by a progress event or named in the answers; answered: moved on from, or picked).
 */
export async function quizCountersAndRows(db: Db, quizId: string) {
  const [counters] = await rowsOf(
    db,
    sql`select coalesce(sum(starts), 0)::int as starts, coalesce(sum(completions), 0)::int as completions,
          coalesce(sum(leads), 0)::int as leads,
          (select completed_plays from quizzes where id = ${quizId}) as played
        from quiz_daily_stats where quiz_id = ${quizId}`,
  );
  const [rows] = await rowsOf(
    db,
    sql`select count(*)::int as starts,
          (count(*) filter (where status = 'completed'))::int as completions,
          (count(*) filter (where status = 'completed' and email is not null))::int as leads,
          (count(*) filter (where status = 'completed'))::int as played
        from plays where quiz_id = ${quizId} and not preview`,
  );
  const questionCounters = await rowsOf(
    db,
    sql`select question_id::text as question, reached, answered from quiz_question_stats where quiz_id = ${quizId}`,
  );
  const questionRows = await rowsOf(
    db,
    sql`select question, count(*) filter (where reached)::int as reached, count(*) filter (where answered)::int as answered
        from (
          select q.question, bool_or(q.reached) as reached, bool_or(q.answered) as answered
          from plays p, lateral (
            select unnest(p.reached) as question, true as reached,
              false as answered
            union all
            select unnest(p.reached[1:cardinality(p.reached) - 1]), true, true
            union all
            select key, true, jsonb_array_length(value) > 0 from jsonb_each(coalesce(p.answers, '{}'::jsonb))
          ) q
          where p.quiz_id = ${quizId} and not p.preview
          group by p.id, q.question
        ) per_play
        group by question`,
  );
  const byQuestion = (list: Record<string, unknown>[]) =>
    Object.fromEntries(
      list
        .map((row) => [String(row.question), [Number(row.reached), Number(row.answered)]] as const)
        .filter(([, [reached, answered]]) => reached + answered > 0)
        .sort(([a], [b]) => a.localeCompare(b)),
    );
  const [pending] = await rowsOf(db, sql`select count(*)::int as pending from play_stat_deltas where quiz_id = ${quizId}`);
  return {
    counters: { ...counters, questions: byQuestion(questionCounters) },
    rows: { ...rows, questions: byQuestion(questionRows) },
    pendingDeltas: Number(pending!.pending),
  };
}
