import { eq, inArray, or, sql, type Placeholder } from 'drizzle-orm';
import type { TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import { leadingPersonality, playedQuestions, type TQuizResult } from '@quizlead/shared/engine/index.ts';
import { outcomeKeyOf, productsToLoad, recommendedProductIds } from '@quizlead/shared/engine/products.ts';
import type { TOutcomePrize, TPlayOutcome } from '@quizlead/shared/schemas/play.ts';
import { variantTag, type TLeadGate } from '@quizlead/shared/schemas/experiments.ts';
import { cartProperties, type TRecommendedProduct } from '@quizlead/shared/schemas/products.ts';
import { storedRecommendations, type TProductRecommendations } from '@quizlead/shared/schemas/recommendations.ts';
import { matchLanguage, sourceLanguage } from '@quizlead/shared/i18n/languages.ts';
import { localizeResult } from '@quizlead/shared/i18n/resultTexts.ts';
import { itemLanguagesOf } from '@quizlead/shared/schemas/itemLanguages.ts';
import type { Db } from '../db/client.ts';
import { sameEmail, lockEmail } from '../db/oncePerEmail.ts';
import { prizeCodes, products, type plays } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { PlayableQuiz } from '../lib/playableQuiz.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { givenCodeExpiry, prizeCodeGiver } from './prizes/prizeCodeGiver.ts';
import { quizData } from './quizSaver.ts';

export { leadingPersonality };

/** What a play's outcome is read from: its row, or the part of it a play step just wrote. */
export type OutcomePlay = Pick<
  typeof plays.$inferSelect,
  'id' | 'status' | 'preview' | 'answers' | 'result' | 'resultSummary' | 'email' | 'experimentId' | 'variant' | 'language'
>;

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

/**
 * Where this play's lead form comes: the value of the A/B variant it counts in, when the quiz still runs
 * that lead-gate test, else the quiz's own setting.
 */
export function leadGateOf(quiz: PlayableQuiz, play: Pick<OutcomePlay, 'experimentId' | 'variant'>): TLeadGate {
  const { experiment } = quiz;
  if (experiment?.subject === 'leadGate' && play.experimentId === experiment.id) {
    const value = experiment.variants.find((variant) => variant.key === play.variant)?.value;
    if (value === 'before' || value === 'after') return value;
  }
  return quiz.quiz.settings.leadGate;
}

/** The values the lead form's place is read from in a statement (leadFormFirstSql, leadStillOfferedSql). */
export const leadGateNames = ['collectEmail', 'leadGate', 'leadGateTestId', 'leadGateByVariant'] as const;
type LeadGatePlaceholders = { readonly [Name in (typeof leadGateNames)[number]]: Placeholder<Name> };

/**
 * Those values for a quiz: whether it asks for a lead, leadGateOf for its own setting and, in a running
 * lead-gate test, for each variant (the row's variant picks one).
 */
export function leadGateValues(quiz: PlayableQuiz): Record<(typeof leadGateNames)[number], unknown> {
  const { experiment } = quiz;
  const test = experiment?.subject === 'leadGate' ? experiment : null;
  const byVariant = test?.variants.map((variant) => [
    variant.key,
    leadGateOf(quiz, { experimentId: test.id, variant: variant.key }),
  ]);
  return {
    collectEmail: quiz.quiz.settings.collectEmail,
    leadGate: leadGateOf(quiz, { experimentId: null, variant: null }),
    leadGateTestId: test?.id ?? null,
    leadGateByVariant: byVariant ? JSON.stringify(Object.fromEntries(byVariant)) : null,
  };
}

/**
 * leadGateOf for the `plays` row a statement reads, as SQL text ('before' or 'after'): the variant's
 * when the row is in the quiz's running lead-gate test, else the quiz's own (a quiz without a test
 * has no test id, which no row's equals).
 */
const leadGateSql = (values: LeadGatePlaceholders) =>
  sql`coalesce(case when plays.experiment_id = ${values.leadGateTestId}::uuid
    then ${values.leadGateByVariant}::jsonb ->> plays.variant end, ${values.leadGate}::text)`;

/** The `plays` row's lead form comes before its result (SQL). */
export const leadFormFirstSql = (values: LeadGatePlaceholders) =>
  sql`(${values.collectEmail}::boolean and ${leadGateSql(values)} = 'before')`;

/** leadStillOffered for the `plays` row a statement reads (SQL). */
export const leadStillOfferedSql = (values: LeadGatePlaceholders) =>
  sql`(${values.collectEmail}::boolean and ${leadGateSql(values)} = 'after' and plays.email is null)`;

/** The quiz asks this play for its lead only after the result, and has not had it yet. */
export const leadStillOffered = (quiz: PlayableQuiz, play: OutcomePlay) =>
  quiz.quiz.settings.collectEmail && leadGateOf(quiz, play) === 'after' && play.email === null;

/** The unique-code prize of the play's outcome, when the quiz gives one there and the play has an email. */
function prizeOfPlay(quiz: PlayableQuiz, play: OutcomePlay) {
  const key = play.result && play.email ? outcomeKeyOf(play.result as unknown as TQuizResult) : null;
  const prize = key === null ? undefined : quiz.quiz.outcomePrizes[key];
  return prize && key !== null && play.email ? { key, prize, email: play.email } : null;
}

const quizAsPrizeGiver = (quiz: PlayableQuiz) =>
  ({ kind: 'quiz', id: quiz.quiz.id, accountId: quiz.accountId, ignoreEmailTags: false }) as const;

/**
 * Gives the play's outcome its unique code, in the lead step's transaction: one code per email per quiz
 * (the email's lock serialises its plays; a later play of the same email gets the same code), or
 * pending while the pool has none ready. Null when the outcome gives no code.
 */
export async function outcomePrizeGiver(
  db: Db,
  queue: JobQueue,
  quiz: PlayableQuiz,
  play: OutcomePlay,
): Promise<TOutcomePrize | null> {
  const wanted = prizeOfPlay(quiz, play);
  if (!wanted || play.preview) return null;
  await lockEmail(db, 'quiz-prize', quiz.quiz.id, wanted.email);
  const award = await prizeCodeGiver({
    db,
    queue,
    item: quizAsPrizeGiver(quiz),
    slot: wanted.key,
    prize: wanted.prize,
    email: wanted.email,
    submissionId: play.id,
  });
  if (!award || 'pending' in award) return award ? { pending: true } : null;
  return { code: award.code, expiresAt: award.expiresAt?.toISOString() ?? null };
}

/** The code the play's email was given for this quiz, as a retry shows it (pending when none was ready). */
async function givenOutcomePrize(db: Db, quiz: PlayableQuiz, play: OutcomePlay): Promise<TOutcomePrize | null> {
  const wanted = prizeOfPlay(quiz, play);
  if (!wanted || play.preview) return null;
  const [given] = await db
    .select({ code: prizeCodes.code })
    .from(prizeCodes)
    .where(scoped(prizeCodes, quiz.accountId, eq(prizeCodes.itemId, quiz.quiz.id), sameEmail(prizeCodes.email, wanted.email)))
    .limit(1);
  if (!given) return { pending: true };
  const expiresAt = await givenCodeExpiry(db, quizAsPrizeGiver(quiz), given.code);
  return { code: given.code, expiresAt: expiresAt?.toISOString() ?? null };
}

/**
 * What the visitor sees for a play past its answers: the same outcome every retry gets (products as they
 * are now). `prize` is the code the lead step just gave; without it a given code is looked up.
 */
export async function storedOutcome(
  db: Db,
  quiz: PlayableQuiz,
  play: OutcomePlay,
  prize?: TOutcomePrize | null,
): Promise<TPlayOutcome> {
  const result = play.result as unknown as TQuizResult;
  if (play.status !== 'completed') return leadRequiredOutcome(quiz.quiz.settings, result);
  const outcomeKey = outcomeKeyOf(result);
  // The outcome's texts in the language the visitor was shown (the owner's translations; the default where none).
  const shown = localizeResult(result, itemLanguagesOf(quiz.quiz.i18n), matchLanguage(play.language) ?? sourceLanguage);
  const outcome = completedOutcome(quiz.quiz.settings, shown, play.resultSummary ?? '', {
    products: await recommendedProducts(db, quiz, play, result),
    cartProperties: {
      [cartProperties.quizId]: quiz.quiz.id,
      ...(outcomeKey === null ? {} : { [cartProperties.outcome]: outcomeKey }),
      ...(play.experimentId && play.variant ? { [cartProperties.variant]: variantTag(play.experimentId, play.variant) } : {}),
    },
  });
  if (outcome.status !== 'completed') return outcome;
  const withPrize = { ...outcome, prize: prize === undefined ? await givenOutcomePrize(db, quiz, play) : prize };
  if (!leadStillOffered(quiz, play)) return withPrize;
  const offered = leadRequiredOutcome(quiz.quiz.settings, result);
  return { ...withPrize, leadForm: offered.status === 'lead_required' ? offered.leadForm : null };
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
  play: OutcomePlay,
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
  if (wanted.ids.length === 0 && wanted.tags.length === 0 && wanted.collections.length === 0) return [];
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
      collections: products.collections,
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
          wanted.collections.length > 0
            ? sql`exists (select 1 from jsonb_array_elements(${products.collections}) as c(value) where c.value->>'id' in ${wanted.collections})`
            : undefined,
        ),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  const candidates = rows.map((row) => ({ ...row, collections: row.collections.map((collection) => collection.id) }));
  return recommendedProductIds(recommendations, { result, answers }, candidates).flatMap((id) => {
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
