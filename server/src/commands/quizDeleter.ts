import { eq } from 'drizzle-orm';
import { quizImageUrls } from '../db/queries/fileUsage.ts';
import { loadQuestions } from '../db/queries/quizzes.ts';
import { quizzes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { prizeSlotsRemover } from './prizes/prizeSlotsSyncer.ts';
import type { QuizChangeDeps } from './quizPublisher.ts';
import { unusedImageRemover } from './unusedImageRemover.ts';

/**
 * Deletes a quiz with its questions and its prize slots; the uploads no other quiz or wheel of the account
 * shows go once the transaction commits, and so does the cached copy players were served.
 */
export async function quizDeleter(deps: QuizChangeDeps & { storage: FileStorage }, input: { quiz: QuizRow }): Promise<void> {
  const { db, afterCommit } = deps;
  const { quiz } = input;
  const images = quizImageUrls(quiz, await loadQuestions(db, quiz.id));
  await prizeSlotsRemover({ db, accountId: quiz.accountId, kind: 'quiz', itemId: quiz.id });
  await db.delete(quizzes).where(scoped(quizzes, quiz.accountId, eq(quizzes.id, quiz.id)));
  await unusedImageRemover({ db, accountId: quiz.accountId, urls: [...images], storage: deps.storage, afterCommit });
  deps.changed({ quizId: quiz.id });
}
