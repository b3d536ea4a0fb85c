/** The shapes the engine reads. Kept structural so the builder's unsaved quiz and the player's public quiz fit. */
import type { TBranch, TQuestion, TQuizData } from '../schemas/quiz.ts';
import type { TAdvanceQuestion } from './advance.ts';

/** A quiz with its questions; a saved `TQuiz` is one, and so is the builder's quiz before its first save. */
export type TEngineQuiz = TQuizData & { questions: TQuestion[] };

/** What branching needs: the questions in order (the player's public ones will do) and the branches. */
export type TBranchingQuiz = {
  questions: readonly (TAdvanceQuestion & { id: string })[];
  branching: { enabled: boolean; branches: readonly TBranch[] };
};

/** One play's answers: question id → the answer ids picked, in the order picked. */
export type TPlayAnswers = Readonly<Record<string, readonly string[]>>;

/** The picks recorded for a question; own keys only, so an id such as "constructor" reads nothing. */
export function recordedPicks(answers: TPlayAnswers, questionId: string): readonly string[] {
  const picks = Object.hasOwn(answers, questionId) ? answers[questionId] : undefined;
  return Array.isArray(picks) ? picks : [];
}

/** Items by id; when an id repeats the first one wins, as `findIndex` and list order do everywhere else. */
export function firstById<T extends { id: string }>(items: readonly T[]): Map<string, T> {
  const byId = new Map<string, T>();
  for (const item of items) if (!byId.has(item.id)) byId.set(item.id, item);
  return byId;
}
