import { eq } from 'drizzle-orm';
import { validateForPublish } from '@quizlead/shared/engine/index.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import type { Db } from '../db/client.ts';
import type { CommitHooks } from './commitHooks.ts';
import { quizzes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { quizData } from './quizSaver.ts';

/** What a command that changes a quiz needs: the transaction and its hooks. */
export interface QuizChangeDeps extends CommitHooks {
  db: Db;
}

/**
 * Publishes a quiz (once every builder rule passes: the first it breaks is a 400 naming it) or takes it
 * back to draft. The first publish stamps publishedAt. Players stop seeing the cached copy once this
 * commits. Returns the row stored.
 */
export async function quizPublisher(
  deps: QuizChangeDeps,
  input: { quiz: QuizRow; questions: TQuestion[]; status: 'published' | 'draft' },
): Promise<QuizRow> {
  const { quiz, questions, status } = input;
  if (status === 'published') {
    const problem = validateForPublish({ ...quizData(quiz), questions });
    if (problem) throw ValidationError(problem);
  }
  const now = new Date();
  const [stored] = await deps.db
    .update(quizzes)
    .set({ status, updatedAt: now, ...(status === 'published' && quiz.status !== 'published' ? { publishedAt: now } : {}) })
    .where(scoped(quizzes, quiz.accountId, eq(quizzes.id, quiz.id)))
    .returning();
  deps.changed({ quizId: quiz.id });
  return stored!;
}
