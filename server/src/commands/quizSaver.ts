import { eq, inArray } from 'drizzle-orm';
import { normalizeQuiz, validateForPublish, type TEngineQuiz } from '@quizlead/shared/engine/index.ts';
import { outcomeOptions, recommendationProblem, recommendedProductFields } from '@quizlead/shared/engine/products.ts';
import { propertyKeyProblem } from '@quizlead/shared/schemas/answerProperties.ts';
import { prizeMessages, type TPrizeSettings } from '@quizlead/shared/schemas/prizes.ts';
import type { TQuestion, TQuizData } from '@quizlead/shared/schemas/quiz.ts';
import {
  recommendationMessages,
  storedRecommendations,
  type TProductRecommendations,
} from '@quizlead/shared/schemas/recommendations.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import type { Db } from '../db/client.ts';
import { accountMode } from '../db/queries/owner.ts';
import { ownUploadsChecker, quizImageFields, quizImageUrls } from '../db/queries/fileUsage.ts';
import { loadQuestions, replaceQuestions } from '../db/queries/quizzes.ts';
import { products, quizzes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import { sanitizeRichText } from '../lib/sanitizeHtml.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { isShopifyAccount } from './prizes/prizePool.ts';
import type { QuizChangeDeps } from './quizPublisher.ts';
import { unusedImageRemover } from './unusedImageRemover.ts';

/**
 * Stores a quiz and its questions as one document: uploads only the account's own, rich text sanitised,
 * fields of other types removed (normalizeQuiz), and a published quiz kept publishable. Returns what was stored.
 */
export async function quizSaver(
  deps: QuizChangeDeps & { storage: FileStorage },
  input: { quiz: QuizRow; data: TQuizData; questions: TQuestion[] },
) {
  deps.changed({ quizId: input.quiz.id });
  // Named by the request's paths, before normalising drops or reorders anything.
  await ownUploadsChecker(deps.db, input.quiz.accountId, quizImageFields(input.data, input.questions));
  // Each answer's name where it goes (issue 33): an owner's key that breaks the rules or repeats another is refused.
  const keyProblem = propertyKeyProblem(input.questions);
  if (keyProblem) throw ValidationError(keyProblem.message, `questions.${keyProblem.index}.propertyKey`);
  const storedProducts = storedRecommendations(input.quiz.productRecommendations);
  const productRecommendations = input.data.productRecommendations ?? storedProducts;
  await recommendationsChecker(deps.db, input.quiz.accountId, productRecommendations, storedProducts, {
    ...input.data,
    questions: input.questions,
  });
  const normalized = normalizeQuiz(sanitized({ ...input.data, productRecommendations, questions: input.questions }));
  // Free accounts' footer is the product's 'Powered By' (spec §6): only a paid account may change it.
  if (
    normalized.settings.footerMessage !== input.quiz.settings.footerMessage &&
    (await accountMode(deps.db, input.quiz.accountId)) !== 'paid'
  )
    throw ValidationError(quizMessages.upgradeForFooter, 'settings.footerMessage');
  const outcomePrizes = outcomePrizesOf(normalized, input.data.outcomePrizes ?? input.quiz.outcomePrizes);
  await outcomePrizesChecker(deps.db, input.quiz, normalized, outcomePrizes);
  const before = quizImageUrls(input.quiz, await loadQuestions(deps.db, input.quiz.id));
  if (input.quiz.status === 'published') {
    const problem = validateForPublish(normalized);
    if (problem) throw ValidationError(problem);
  }
  const [stored] = await deps.db
    .update(quizzes)
    .set({
      title: normalized.title,
      quizType: normalized.quizType,
      slug: slugify(normalized.title),
      settings: normalized.settings,
      personalities: normalized.personalities,
      categories: normalized.categories,
      branching: normalized.branching,
      productRecommendations: normalized.productRecommendations,
      outcomePrizes,
      updatedAt: new Date(),
    })
    .where(scoped(quizzes, input.quiz.accountId, eq(quizzes.id, input.quiz.id)))
    .returning();
  await replaceQuestions(deps.db, input.quiz, normalized.questions);
  const after = quizImageUrls(normalized, normalized.questions);
  await unusedImageRemover({
    db: deps.db,
    accountId: input.quiz.accountId,
    urls: [...before].filter((url) => !after.has(url)),
    storage: deps.storage,
    afterCommit: deps.afterCommit,
  });
  return { quiz: stored!, questions: normalized.questions };
}

/** The prizes of outcomes the quiz still has (a deleted personality's prize goes with it). */
function outcomePrizesOf(quiz: Pick<TQuizData, 'quizType' | 'personalities'>, prizes: Record<string, TPrizeSettings>) {
  const keys = new Set(outcomeOptions(quiz).map((option) => option.key));
  return Object.fromEntries(Object.entries(prizes).filter(([key]) => keys.has(key)));
}

/**
 * Unique codes are Shopify discounts, given once per email: a quiz gives them only in a Shopify shop and
 * only when it asks for the email (400 naming the field otherwise).
 */
async function outcomePrizesChecker(
  db: Db,
  quiz: QuizRow,
  normalized: Pick<TQuizData, 'settings'>,
  prizes: Record<string, TPrizeSettings>,
) {
  const [first] = Object.keys(prizes);
  if (first === undefined) return;
  if (!normalized.settings.collectEmail) throw ValidationError(prizeMessages.collectEmail, 'settings.collectEmail');
  if (!(await isShopifyAccount(db, quiz.accountId))) throw ValidationError(prizeMessages.shopifyOnly, `outcomePrizes.${first}`);
}

/** The quiz's editable part, from a stored row. */
export const quizData = (quiz: QuizRow): TQuizData => ({
  title: quiz.title,
  quizType: quiz.quizType,
  settings: quiz.settings,
  personalities: quiz.personalities,
  categories: quiz.categories,
  branching: quiz.branching,
  productRecommendations: storedRecommendations(quiz.productRecommendations),
});

/**
 * Recommendations an owner changed must name the quiz's own outcomes, questions and answers, and the
 * account's own products (one scoped query for the ids the stored copy did not have yet), else 400 naming
 * the field. Unchanged ones pass as they are: a question, personality or product deleted since is
 * dropped by normalising, or simply not shown, rather than blocking every save.
 */
async function recommendationsChecker(
  db: Db,
  accountId: string,
  next: TProductRecommendations,
  stored: TProductRecommendations,
  quiz: TEngineQuiz,
): Promise<void> {
  if (JSON.stringify(next) === JSON.stringify(stored)) return;
  const problem = recommendationProblem(next, quiz);
  if (problem) throw ValidationError(recommendationMessages[problem.message], `productRecommendations.${problem.field}`);
  const known = new Set(recommendedProductFields(stored).map(({ id }) => id));
  const wanted = recommendedProductFields(next).filter(({ id }) => !known.has(id));
  if (wanted.length === 0) return;
  const own = await db
    .select({ id: products.id })
    .from(products)
    .where(scoped(products, accountId, inArray(products.id, [...new Set(wanted.map(({ id }) => id))])));
  const owned = new Set(own.map(({ id }) => id));
  const foreign = wanted.find(({ id }) => !owned.has(id));
  if (foreign) throw ValidationError(recommendationMessages.notOwnProduct, `productRecommendations.${foreign.field}`);
}

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
