import { eq, sql, type Placeholder } from 'drizzle-orm';
import type { TQuizResult } from '@quizlead/shared/engine/index.ts';
import type { TDomainEvent, TEventVisitor } from '@quizlead/shared/schemas/events.ts';
import { playMessages } from '@quizlead/shared/schemas/play.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { plays } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { UnauthorizedError } from '../errors.ts';
import { quizAnswers } from '../lib/leadAnswers.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import { eventsRecorder } from './eventRecorder.ts';
import { leadingPersonality } from './playOutcome.ts';

/**
 * What a play step records besides the play row, with it: the report's counters (delta rows,
 * commands/playStats.ts) and the domain events. Preview plays record neither.
 */

export type PlayRow = typeof plays.$inferSelect;

/**
 * The visitor's play as stored, named by its signed play token (quiz and play id), locked for the
 * caller's transaction when `lock`; a play that is not there is refused like a bad token (401).
 */
export async function visitorPlay(db: Db, quiz: PlayableQuiz, playId: string, options: { lock: boolean }): Promise<PlayRow> {
  const query = db
    .select()
    .from(plays)
    .where(scoped(plays, quiz.accountId, eq(plays.quizId, quiz.quiz.id), eq(plays.id, playId)));
  const [play] = options.lock ? await query.for('update') : await query;
  if (!play) throw UnauthorizedError(playMessages.playTokenInvalid);
  return play;
}

export const scoreOf = (result: TQuizResult) =>
  result.kind === 'graded' || result.kind === 'range'
    ? { score: result.score, percentage: result.percentage }
    : { score: null, percentage: null };

/** The result as events and destinations carry it: the headline, score, percentage and leading personality. */
function eventResult(play: Pick<PlayRow, 'result' | 'resultSummary'>) {
  const result = play.result as unknown as TQuizResult | null;
  if (!result) return {};
  const { score, percentage } = scoreOf(result);
  const personality = leadingPersonality(result)?.title;
  return {
    ...(play.resultSummary ? { outcome: play.resultSummary } : {}),
    ...(score === null ? {} : { score }),
    ...(percentage === null ? {} : { percentage }),
    ...(personality ? { personality } : {}),
  };
}

/**
 * What a play step adds to the quiz's counters for today (a delta row, commands/playStats.ts), as the
 * statement's last part: it reads the play the statement just wrote from its CTE `stored` (account_id,
 * preview, percentage, and completed_now: the step completed it). A finished play counts once as a
 * completion (with `lead`, a lead too) and, for the scoring types, its percentage (the report's average
 * score); a lead given after the result, on a play already counted, only as a lead. A preview counts nothing.
 */
export const storedPlayCounts = (quizId: Placeholder, counted: { lead: boolean }) => sql`
  insert into play_stat_deltas (quiz_id, account_id, completions, leads, scored, percentage_sum)
  select ${quizId}::uuid, account_id, case when completed_now then 1 else 0 end, ${counted.lead ? 1 : 0}::int,
    case when completed_now and percentage is not null then 1 else 0 end,
    case when completed_now then coalesce(percentage, 0) else 0 end
  from stored where not preview and (completed_now or ${counted.lead}::boolean)`;

/** The quiz as a play's events name it. */
const eventItem = (quiz: PlayableQuiz) => ({
  tool: 'quiz' as const,
  id: quiz.quiz.id,
  title: quiz.quiz.title,
  ...(quiz.quiz.settings.crmTag ? { crmTag: quiz.quiz.settings.crmTag } : {}),
});

/**
 * `play.completed`: the play finished with this result, at `completedAt`, with its answers against the
 * (cached) quiz's questions under their keys of now.
 */
export function completedEvent(
  quiz: PlayableQuiz,
  play: Pick<PlayRow, 'id' | 'answers' | 'result' | 'resultSummary' | 'completedAt'>,
): Extract<TDomainEvent, { type: 'play.completed' }> {
  return {
    type: 'play.completed',
    version: 1,
    occurredAt: (play.completedAt ?? new Date()).toISOString(),
    accountId: quiz.accountId,
    answers: quizAnswers(quiz.questions, play.answers),
    item: eventItem(quiz),
    playId: play.id,
    result: eventResult(play),
  };
}

/**
 * The events of a finished play, in its transaction: `play.completed`, and with a lead `lead.captured`
 * too (the one that reaches the destinations, so a lead is delivered once). A lead given after the
 * result records only `lead.captured` (`completed: false`: the answers step recorded the other). A
 * preview records nothing.
 */
export async function recordPlayEvents(
  db: Db,
  services: Services,
  quiz: PlayableQuiz,
  play: Pick<PlayRow, 'id' | 'preview' | 'answers' | 'result' | 'resultSummary' | 'completedAt'>,
  visitor?: TEventVisitor,
  options: {
    completed?: boolean;
    prizeCode?: string | undefined;
    products?: string | undefined;
    /** A custom lead form's other fields: the lead's answers after the quiz's. */
    fields?: Record<string, string>;
    /** The lead asked for its result by email (eventsRecorder's `resultEmail`). */
    resultEmail?: boolean;
  } = {},
) {
  if (play.preview) return;
  const completed = completedEvent(quiz, play);
  const recorded: TDomainEvent[] = options.completed === false ? [] : [completed];
  if (visitor) {
    recorded.push({
      type: 'lead.captured',
      version: 1,
      occurredAt: completed.occurredAt,
      accountId: quiz.accountId,
      answers: options.fields ? quizAnswers(quiz.questions, play.answers, options.fields) : completed.answers,
      item: eventItem(quiz),
      captureId: play.id,
      visitor,
      result: {
        ...completed.result,
        ...(options.prizeCode ? { prize: options.prizeCode } : {}),
        ...(options.products ? { products: options.products } : {}),
      },
    });
  }
  if (recorded.length > 0) {
    await eventsRecorder({ db, queue: services.queue, events: recorded, resultEmail: Boolean(visitor && options.resultEmail) });
  }
}
