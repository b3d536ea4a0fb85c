import { eq } from 'drizzle-orm';
import { computeResult, resultSummary } from '@quizlead/shared/engine/index.ts';
import type { TPlayOutcome } from '@quizlead/shared/schemas/play.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { plays } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import { countCompletion, recordPlayEvents, scoreOf, type PlayRow } from './playEvents.ts';
import { leadGateOf, storedOutcome } from './playOutcome.ts';
import { countQuestions } from './playStats.ts';
import { quizData } from './quizSaver.ts';

/**
 * The report's drop-off at the answers step: every question the answers name counts once per play.
 * It was reached unless a progress event already counted it (it is in `reached`); it was answered
 * unless a later progress event already counted it as answered (every element of `reached` but the
 * last), and only when it has a pick. `play` is the row as locked, before the answers were stored.
 */
async function countAnsweredQuestions(db: Db, quiz: PlayableQuiz, play: PlayRow, answers: Record<string, string[]>) {
  if (play.preview) return;
  const reached = new Set(play.reached);
  const answeredBefore = new Set(play.reached.slice(0, -1));
  await countQuestions(db, {
    quizId: quiz.quiz.id,
    accountId: quiz.accountId,
    questions: Object.entries(answers).map(([questionId, picks]) => ({
      questionId,
      reached: reached.has(questionId) ? 0 : 1,
      answered: answeredBefore.has(questionId) || picks.length === 0 ? 0 : 1,
    })),
  });
}

/**
 * The answers step of a play, on its locked row (`play`) inside the step's transaction: the engine's
 * result stored once (a retry answers what the first one stored); without a lead gate before the
 * result the play is complete here, so it is counted and its `play.completed` event recorded in the same transaction.
 */
export async function playAnswersRecorder(props: {
  db: Db;
  services: Services;
  quiz: PlayableQuiz;
  play: PlayRow;
  answers: Record<string, string[]>;
}): Promise<TPlayOutcome> {
  const { db, services, quiz, play, answers } = props;
  if (play.status !== 'started') return storedOutcome(db, quiz, play);
  const result = computeResult({ ...quizData(quiz.quiz), questions: quiz.questions }, answers);
  // The lead gate before the result holds the play at 'answered' until the lead; after it, the play
  // completes here and the result page offers the lead form.
  const gated = quiz.quiz.settings.collectEmail && leadGateOf(quiz, play) === 'before';
  const now = new Date();
  const [stored] = await db
    .update(plays)
    .set({
      answers,
      result: result as unknown as Record<string, unknown>,
      resultSummary: resultSummary(result),
      ...scoreOf(result),
      status: gated ? 'answered' : 'completed',
      answeredAt: now,
      completedAt: gated ? null : now,
    })
    .where(scoped(plays, quiz.accountId, eq(plays.quizId, quiz.quiz.id), eq(plays.id, play.id)))
    .returning();
  await countAnsweredQuestions(db, quiz, play, answers);
  if (!gated) {
    await countCompletion(db, quiz, stored!, false);
    await recordPlayEvents(db, services, quiz, stored!);
  }
  return storedOutcome(db, quiz, stored!);
}
