import { eq } from 'drizzle-orm';
import { normalizeQuiz, validateForPublish, type TEngineQuiz } from '@quizlead/shared/engine/index.ts';
import type { TQuestion, TQuizData } from '@quizlead/shared/schemas/quiz.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import type { Db } from '../db/client.ts';
import { accountMode } from '../db/queries/owner.ts';
import { ownUploadsChecker, quizImageFields, quizImageUrls } from '../db/queries/fileUsage.ts';
import { loadQuestions, replaceQuestions } from '../db/queries/quizzes.ts';
import { quizzes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import { sanitizeRichText } from '../lib/sanitizeHtml.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { unusedImageRemover, type ImageCleanup } from './unusedImageRemover.ts';

/**
 * Stores a quiz and its questions as one document: uploads only the account's own, rich text sanitised,
 * fields of other types removed (normalizeQuiz), and a published quiz kept publishable. Returns what was stored.
 */
export async function quizSaver(props: {
  db: Db;
  quiz: QuizRow;
  data: TQuizData;
  questions: TQuestion[];
  /** Deletes uploads the quiz stopped showing, once the save commits. */
  images: ImageCleanup;
}) {
  // Named by the request's paths, before normalising drops or reorders anything.
  await ownUploadsChecker(props.db, props.quiz.accountId, quizImageFields(props.data, props.questions));
  const normalized = normalizeQuiz(sanitized({ ...props.data, questions: props.questions }));
  // Free accounts' footer is the product's 'Powered By' (spec §6): only a paid account may change it.
  if (
    normalized.settings.footerMessage !== props.quiz.settings.footerMessage &&
    (await accountMode(props.db, props.quiz.accountId)) !== 'paid'
  )
    throw ValidationError(quizMessages.upgradeForFooter, 'settings.footerMessage');
  const before = quizImageUrls(props.quiz, await loadQuestions(props.db, props.quiz.id));
  if (props.quiz.status === 'published') {
    const problem = validateForPublish(normalized);
    if (problem) throw ValidationError(problem);
  }
  const [stored] = await props.db
    .update(quizzes)
    .set({
      title: normalized.title,
      quizType: normalized.quizType,
      slug: slugify(normalized.title),
      settings: normalized.settings,
      personalities: normalized.personalities,
      categories: normalized.categories,
      branching: normalized.branching,
      updatedAt: new Date(),
    })
    .where(scoped(quizzes, props.quiz.accountId, eq(quizzes.id, props.quiz.id)))
    .returning();
  await replaceQuestions(props.db, props.quiz, normalized.questions);
  const after = quizImageUrls(normalized, normalized.questions);
  await unusedImageRemover({
    db: props.db,
    accountId: props.quiz.accountId,
    urls: [...before].filter((url) => !after.has(url)),
    ...props.images,
  });
  return { quiz: stored!, questions: normalized.questions };
}

/** The quiz's editable part, from a stored row. */
export const quizData = (quiz: QuizRow): TQuizData => ({
  title: quiz.title,
  quizType: quiz.quizType,
  settings: quiz.settings,
  personalities: quiz.personalities,
  categories: quiz.categories,
  branching: quiz.branching,
});

/** Rich text fields pass through the server's allow-list; owner form code is kept for its sandboxed iframe. */
function sanitized(quiz: TEngineQuiz): TEngineQuiz {
  const { settings } = quiz;
  return {
    ...quiz,
    settings: {
      ...settings,
      welcomeMessage: sanitizeRichText(settings.welcomeMessage),
      scoreMessage: sanitizeRichText(settings.scoreMessage),
      resultPageText: sanitizeRichText(settings.resultPageText),
    },
    personalities: quiz.personalities.map((personality) => ({
      ...personality,
      description: sanitizeRichText(personality.description),
    })),
    questions: quiz.questions.map((question) => ({ ...question, title: sanitizeRichText(question.title) })),
  };
}
