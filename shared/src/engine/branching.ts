/**
 * Which question comes next (spec: builder-widgets-shell.md §4, spec: account-player-management.md §4),
 * and which questions a play went through. Scoring counts only the questions of that path, so the player,
 * the builder preview and the server must all walk it the same way: this is the one walk.
 */
import { effectivePicks } from './advance.ts';
import { firstById, recordedPicks, type TBranchingQuiz, type TPlayAnswers } from './model.ts';

export function firstQuestionId(quiz: TBranchingQuiz): string | null {
  return quiz.questions[0]?.id ?? null;
}

/**
 * The question after `currentQuestionId` answered with `picks`, or null when the quiz ends.
 * With branching on: the first branch of that question whose answer was picked, else its 'any' branch,
 * else the next question in order; a branch to 'landing' ends the quiz. Branches to questions that no
 * longer exist are skipped as if they were never drawn, so a deleted question cannot strand a visitor.
 */
export function nextQuestionId(quiz: TBranchingQuiz, currentQuestionId: string, picks: readonly string[]): string | null {
  const index = quiz.questions.findIndex((question) => question.id === currentQuestionId);
  const current = quiz.questions[index];
  if (!current) return null;
  const inOrder = quiz.questions[index + 1]?.id ?? null;
  if (!quiz.branching.enabled) return inOrder;

  const questionIds = new Set(quiz.questions.map((question) => question.id));
  const usable = quiz.branching.branches.filter(
    (branch) => branch.questionId === currentQuestionId && (branch.to === 'landing' || questionIds.has(branch.to)),
  );
  const picked = effectivePicks(current, picks);
  const branch =
    usable.find((candidate) => candidate.answerId !== 'any' && picked.includes(candidate.answerId)) ??
    usable.find((candidate) => candidate.answerId === 'any');
  if (!branch) return inOrder;
  return branch.to === 'landing' ? null : branch.to;
}

/**
 * The questions a play visited, in order: from the first question, following `nextQuestionId` with the
 * recorded picks. It stops at the end, before a question without a recorded pick (a skipped or unreached
 * question is not part of the play), and before a question already visited: branches may form a cycle,
 * and a visitor who comes back to a question ends the walk rather than looping forever.
 */
export function playedPath(quiz: TBranchingQuiz, answers: TPlayAnswers): string[] {
  const questionsById = firstById(quiz.questions);
  const path: string[] = [];
  const visited = new Set<string>();
  let id = firstQuestionId(quiz);
  while (id !== null && !visited.has(id)) {
    const question = questionsById.get(id);
    if (!question) break;
    const picks = effectivePicks(question, recordedPicks(answers, id));
    if (picks.length === 0) break;
    visited.add(id);
    path.push(id);
    id = nextQuestionId(quiz, id, picks);
  }
  return path;
}
