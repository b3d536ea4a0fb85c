import type { TQuizResult } from '@quizlead/shared/engine/index.ts';
import type { TDomainEvent, TEventVisitor } from '@quizlead/shared/schemas/events.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import type { plays } from '../db/schema/index.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import { eventRecorder } from './eventRecorder.ts';
import { leadingPersonality } from './playOutcome.ts';
import { countPlay } from './playStats.ts';

/**
 * What a play step records besides the play row, in the step's transaction: the report's counters
 * (delta rows, commands/playStats.ts) and the domain events. Preview plays record neither.
 */

export type PlayRow = typeof plays.$inferSelect;

export const scoreOf = (result: TQuizResult) =>
  result.kind === 'graded' || result.kind === 'range'
    ? { score: result.score, percentage: result.percentage }
    : { score: null, percentage: null };

/** The result as events and destinations carry it: the headline, score, percentage and leading personality. */
function eventResult(play: PlayRow) {
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
 * A finished play counts once: today's completions (and lead), the quiz's Played column and, for the
 * scoring types, its percentage (the report's average score).
 */
export async function countCompletion(db: Db, quiz: PlayableQuiz, play: PlayRow, lead: boolean) {
  if (play.preview) return;
  const { percentage } = play.result ? scoreOf(play.result as unknown as TQuizResult) : { percentage: null };
  const scored = percentage === null ? {} : { scored: 1, percentageSum: percentage };
  await countPlay(db, {
    quizId: quiz.quiz.id,
    accountId: quiz.accountId,
    add: { completions: 1, leads: lead ? 1 : 0, ...scored },
  });
}

/** A lead given after the result, on a play already counted as completed: today's leads only. */
export async function countLead(db: Db, quiz: PlayableQuiz, play: PlayRow) {
  if (play.preview) return;
  await countPlay(db, { quizId: quiz.quiz.id, accountId: quiz.accountId, add: { leads: 1 } });
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
  play: PlayRow,
  visitor?: TEventVisitor,
  options: { completed?: boolean; prizeCode?: string | undefined; products?: string | undefined } = {},
) {
  if (play.preview) return;
  const item = {
    id: quiz.quiz.id,
    title: quiz.quiz.title,
    ...(quiz.quiz.settings.crmTag ? { crmTag: quiz.quiz.settings.crmTag } : {}),
  };
  const envelope = {
    version: 1 as const,
    occurredAt: (play.completedAt ?? new Date()).toISOString(),
    accountId: quiz.accountId,
  };
  const result = eventResult(play);
  const completed: TDomainEvent = {
    type: 'play.completed',
    ...envelope,
    item: { tool: 'quiz', ...item },
    playId: play.id,
    result,
  };
  if (options.completed !== false) await eventRecorder({ db, queue: services.queue, event: completed });
  if (!visitor) return;
  const lead: TDomainEvent = {
    type: 'lead.captured',
    ...envelope,
    item: { tool: 'quiz', ...item },
    captureId: play.id,
    visitor,
    result: {
      ...result,
      ...(options.prizeCode ? { prize: options.prizeCode } : {}),
      ...(options.products ? { products: options.products } : {}),
    },
  };
  await eventRecorder({ db, queue: services.queue, event: lead });
}
