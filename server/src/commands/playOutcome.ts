import { inArray, or, sql } from 'drizzle-orm';
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { leadingPersonality, playedQuestions, type TQuizResult } from '@quizlead/shared/engine/index.ts';
import { outcomeKeyOf, productsToLoad, recommendedProductIds } from '@quizlead/shared/engine/products.ts';
import type { TPlayOutcome } from '@quizlead/shared/schemas/play.ts';
import { cartProperties, type TRecommendedProduct } from '@quizlead/shared/schemas/products.ts';
import { storedRecommendations, type TProductRecommendations } from '@quizlead/shared/schemas/recommendations.ts';
import type { Db } from '../db/client.ts';
import { products, type plays } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { PlayableQuiz } from '../routes/public/publicQuizzes.ts';
import { quizData } from './quizSaver.ts';

export { leadingPersonality };

type PlayRow = typeof plays.$inferSelect;

/** What the result page shows besides the result: the recommended products and Add to cart's properties. */
type TResultExtras = Pick<Extract<TPlayOutcome, { status: 'completed' }>, 'products' | 'cartProperties'>;

/** What the visitor sees after the result is saved: the result, or a redirect to the custom landing page. */
export function completedOutcome(
  settings: TQuizSettings,
  result: TQuizResult,
  summary: string,
  extras: TResultExtras = { products: [], cartProperties: {} },
): TPlayOutcome {
  const personality = leadingPersonality(result);
  const redirectUrl = settings.landingType === 'custom' ? personality?.landingUrl || settings.landingUrl || null : null;
  return { status: 'completed', result: result as unknown as Record<string, unknown>, summary, redirectUrl, ...extras };
}

/** The lead form due before the result: the quiz's, or the leading personality's own custom code. */
export function leadRequiredOutcome(settings: TQuizSettings, result: TQuizResult): TPlayOutcome {
  const code = settings.emailFormType === 'custom' ? leadingPersonality(result)?.emailFormCode || settings.emailFormCode : '';
  return { status: 'lead_required', leadForm: { type: settings.emailFormType, code } };
}

/** What the visitor sees for a play past its answers: the same outcome every retry gets (products as they are now). */
export async function storedOutcome(db: Db, quiz: PlayableQuiz, play: PlayRow): Promise<TPlayOutcome> {
  const result = play.result as unknown as TQuizResult;
  if (play.status !== 'completed') return leadRequiredOutcome(quiz.quiz.settings, result);
  const outcomeKey = outcomeKeyOf(result);
  return completedOutcome(quiz.quiz.settings, result, play.resultSummary ?? '', {
    products: await recommendedProducts(db, quiz, play, result),
    cartProperties: {
      [cartProperties.quizId]: quiz.quiz.id,
      ...(outcomeKey === null ? {} : { [cartProperties.outcome]: outcomeKey }),
    },
  });
}

/** Parsed once per cached quiz: the play steps of a popular quiz share the same row object. */
const parsedRecommendations = new WeakMap<object, TProductRecommendations>();
function recommendationsOf(quiz: PlayableQuiz): TProductRecommendations {
  let parsed = parsedRecommendations.get(quiz.quiz);
  if (!parsed) {
    parsed = storedRecommendations(quiz.quiz.productRecommendations);
    parsedRecommendations.set(quiz.quiz, parsed);
  }
  return parsed;
}

/**
 * The play's recommended products, from the account's available products in one query (none when the
 * quiz recommends nothing or the play's outcome and answers name no product). The engine picks them.
 */
async function recommendedProducts(
  db: Db,
  quiz: PlayableQuiz,
  play: PlayRow,
  result: TQuizResult,
): Promise<TRecommendedProduct[]> {
  const recommendations = recommendationsOf(quiz);
  if (recommendations.mode === 'off') return [];
  const picks = (play.answers ?? {}) as Record<string, string[]>;
  // Only the questions the play went through count, as for its result.
  const played = playedQuestions({ ...quizData(quiz.quiz), questions: quiz.questions }, picks);
  const answers = Object.fromEntries(
    played.flatMap((question) => (picks[question.id] ? [[question.id, picks[question.id]!]] : [])),
  );
  const wanted = productsToLoad(recommendations, { result, answers });
  if (wanted.ids.length === 0 && wanted.tags.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      variantId: products.variantId,
      title: products.title,
      url: products.url,
      imageUrl: products.imageUrl,
      price: products.price,
      currency: products.currency,
      tags: products.tags,
      available: products.available,
    })
    .from(products)
    .where(
      scoped(
        products,
        quiz.accountId,
        sql`${products.available}`,
        or(
          wanted.ids.length > 0 ? inArray(products.id, wanted.ids) : undefined,
          wanted.tags.length > 0
            ? sql`exists (select 1 from unnest(${products.tags}) as t(tag) where lower(t.tag) in ${wanted.tags})`
            : undefined,
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return recommendedProductIds(recommendations, { result, answers }, rows).flatMap((id) => {
    const row = byId.get(id);
    return row
      ? [
          {
            id: row.id,
            variantId: row.variantId,
            title: row.title,
            url: row.url,
            imageUrl: row.imageUrl,
            price: row.price,
            currency: row.currency,
          },
        ]
      : [];
  });
}
