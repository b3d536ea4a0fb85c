import { sql } from 'drizzle-orm';
import { computeResult, resultSummary } from '@quizlead/shared/engine/index.ts';
import type { TPlayOutcome } from '@quizlead/shared/schemas/play.ts';
import type { Db } from '../db/client.ts';
import { preparedStatement } from '../db/prepared.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import { eventRow } from './eventRecorder.ts';
import { completedEvent, scoreOf, storedPlayCounts, visitorPlay } from './playEvents.ts';
import { leadFormFirstSql, leadGateNames, leadGateValues, storedOutcome, type OutcomePlay } from './playOutcome.ts';
import { quizData } from './quizSaver.ts';

// tenant-scope: a visitor's play, named by its signed play token (quiz and play id), in the quiz's account
const answersStatement = preparedStatement(
  [
    'accountId',
    'quizId',
    'playId',
    'answers',
    'result',
    'summary',
    'score',
    'percentage',
    'now',
    'questions',
    'eventType',
    'eventPayload',
    'eventAt',
    ...leadGateNames,
  ],
  (value) => sql`
    with stored as (
      update plays set
        answers = ${value.answers}::jsonb,
        result = ${value.result}::jsonb,
        result_summary = ${value.summary},
        score = ${value.score},
        percentage = ${value.percentage},
        status = case when ${leadFormFirstSql(value)} then 'answered' else 'completed' end,
        answered_at = ${value.now}::timestamptz,
        completed_at = case when ${leadFormFirstSql(value)} then null else ${value.now}::timestamptz end
      where account_id = ${value.accountId} and quiz_id = ${value.quizId} and id = ${value.playId} and status = 'started'
      returning account_id, preview, status, reached, email, experiment_id, variant, percentage, language,
        status = 'completed' as completed_now
    ), questions as (
      insert into play_stat_deltas (quiz_id, account_id, question_id, reached, answered)
      select ${value.quizId}::uuid, stored.account_id, counted.id, counted.reached, counted.answered
      from stored, lateral (
        select q.id,
          case when q.id::text = any(stored.reached) then 0 else 1 end as reached,
          case when q.picked and not (q.id::text = any(stored.reached[1 : cardinality(stored.reached) - 1]))
            then 1 else 0 end as answered
        from jsonb_to_recordset(${value.questions}::jsonb) as q(id uuid, picked boolean)
      ) counted
      where not stored.preview and (counted.reached > 0 or counted.answered > 0)
    ), completion as (${storedPlayCounts(value.quizId, { lead: false })}
    ), recorded as (
      insert into events (account_id, type, payload, occurred_at)
      select stored.account_id, ${value.eventType}, ${value.eventPayload}::jsonb, ${value.eventAt}::timestamptz
      from stored where not stored.preview and stored.completed_now
    )
    select status, preview, email, experiment_id as "experimentId", variant, language from stored`,
);

/**
 * The answers step of a play, as one statement (its own transaction): the engine's result stored once,
 * on a play still at 'started' (a retry, or a second request racing the first, finds it past that and
 * answers what the first one stored). With it, in the same statement:
 * - the report's drop-off: every question the answers name counts once per play. It was reached
 *   unless a progress event already counted it (it is in `reached`); it was answered unless a later
 *   progress event already counted it as answered (every element of `reached` but the last), and
 *   only when it has a pick;
 * - without a lead form before the result (the quiz's, or the play's A/B variant's), the play
 *   completes here: counted (storedPlayCounts), and its `play.completed` event recorded. With one, it waits at
 *   'answered' for the lead.
 * A preview counts nothing and records nothing.
 */
export async function playAnswersRecorder(props: {
  db: Db;
  quiz: PlayableQuiz;
  playId: string;
  answers: Record<string, string[]>;
}): Promise<TPlayOutcome> {
  const { db, quiz, playId, answers } = props;
  const result = computeResult({ ...quizData(quiz.quiz), questions: quiz.questions }, answers);
  const summary = resultSummary(result);
  const { score, percentage } = scoreOf(result);
  const now = new Date();
  const stored = { answers, result: result as unknown as Record<string, unknown>, resultSummary: summary };
  const event = eventRow(completedEvent(quiz, { id: playId, ...stored, completedAt: now }));
  const questions = Object.entries(answers).map(([id, picks]) => ({ id, picked: picks.length > 0 }));
  const written = await answersStatement.rows<
    Pick<OutcomePlay, 'status' | 'preview' | 'email' | 'experimentId' | 'variant' | 'language'>
  >(db, {
    accountId: quiz.accountId,
    quizId: quiz.quiz.id,
    playId,
    answers: JSON.stringify(answers),
    result: JSON.stringify(result),
    summary,
    score,
    percentage,
    now: now.toISOString(),
    questions: JSON.stringify(questions),
    eventType: event.type,
    eventPayload: JSON.stringify(event.payload),
    eventAt: event.occurredAt.toISOString(),
    ...leadGateValues(quiz),
  });
  const [row] = written;
  if (row) return storedOutcome(db, quiz, { ...row, ...stored, id: playId });
  // Past its answers already: what the first answers stored.
  return storedOutcome(db, quiz, await visitorPlay(db, quiz, playId, { lock: false }));
}
