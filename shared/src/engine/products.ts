/**
 * Which products a finished play recommends (issue 16; rules in docs/quiz-types.md, "Products"). The
 * server resolves them when a play completes; the builder lists the outcomes it can fill. Pure: the
 * caller brings the candidate products.
 */
import { quizDefaults, typeTraits, type QuizType } from '../quizzes.ts';
import type { TPersonality, TQuestion } from '../schemas/quiz.ts';
import type { TProductRecommendations, TProductRule } from '../schemas/recommendations.ts';
import { recordedPicks, type TPlayAnswers } from './model.ts';
import { leadingPersonality, type TQuizResult } from './results.ts';

/**
 * What the engine needs of a product: tags for tag rules, whether it may be sold now, and (for an
 * outcome's collections) the collections it is in and its title.
 */
export type TCandidateProduct = {
  id: string;
  tags: readonly string[];
  available: boolean;
  collections?: readonly string[];
  title?: string;
};

/** A graded quiz has no outcomes of its own: its score bands are the quiz defaults' five ranges. */
export const scoreBands = quizDefaults.scoreRanges.map(({ min, max }) => ({ key: `score-${min}-${max}`, min, max }));

/**
 * The outcome a result counts as, for products, prizes and the cart's line-item property: the score band
 * of a graded quiz, else the leading personality's id (the one shown, the most picked, the first
 * category's). Null when the result has none (no personality matched, polls).
 */
export function outcomeKeyOf(result: TQuizResult): string | null {
  if (result.kind === 'graded') return scoreBands.find((band) => result.percentage <= band.max)?.key ?? null;
  return leadingPersonality(result)?.id ?? null;
}

export type TOutcomeOption = { key: string; label: string };

/** The outcomes a quiz can end in, in the builder's order, with the label the builder shows. */
export function outcomeOptions(quiz: { quizType: QuizType; personalities: readonly TPersonality[] }): TOutcomeOption[] {
  if (quiz.quizType === 'graded_quiz')
    return scoreBands.map((band) => ({ key: band.key, label: `Score ${band.min}–${band.max}%` }));
  const traits = typeTraits(quiz.quizType);
  if (!traits.personalities) return [];
  const seen = new Set<string>();
  return quiz.personalities.flatMap((personality, index) => {
    if (seen.has(personality.id)) return [];
    seen.add(personality.id);
    const title = personality.title.trim() || `Personality ${index + 1}`;
    const label = traits.scoreRanges ? `${title} (${personality.minScore}–${personality.maxScore}%)` : title;
    return [{ key: personality.id, label }];
  });
}

/** Tags compare without case, as the shop's admin treats them. */
const tagKey = (tag: string) => tag.trim().toLowerCase();
const pickKey = (questionId: string, answerId: string) => `${questionId}\u0000${answerId}`;

/** The rules whose answer the visitor picked (each pick once, whatever the order). */
function firedRules(rules: readonly TProductRule[], answers: TPlayAnswers): TProductRule[] {
  const picked = new Set<string>();
  for (const questionId of Object.keys(answers)) {
    for (const answerId of recordedPicks(answers, questionId)) picked.add(pickKey(questionId, answerId));
  }
  return rules.filter((rule) => picked.has(pickKey(rule.questionId, rule.answerId)));
}

/**
 * The products the server must load to decide (one query): the outcome's list and collections, or what
 * the rules that fired name by id or tag. A product no fired rule names has no points, so it cannot win.
 */
export function productsToLoad(
  recommendations: TProductRecommendations,
  play: { result: TQuizResult; answers: TPlayAnswers },
): { ids: string[]; tags: string[]; collections: string[] } {
  if (recommendations.mode === 'off') return { ids: [], tags: [], collections: [] };
  if (recommendations.mode === 'outcomes') {
    const key = outcomeKeyOf(play.result);
    const entry = recommendations.outcomes.find((outcome) => outcome.outcome === key);
    return { ids: [...new Set(entry?.productIds ?? [])], tags: [], collections: [...new Set(entry?.collectionIds ?? [])] };
  }
  const fired = firedRules(recommendations.rules, play.answers);
  return {
    ids: [...new Set(fired.flatMap((rule) => (rule.productId ? [rule.productId] : [])))],
    tags: [...new Set(fired.flatMap((rule) => (rule.tag ? [tagKey(rule.tag)] : [])))],
    collections: [],
  };
}

/**
 * Candidates by id. A product listed twice counts as available only if every copy says so, with the
 * tags of all: whatever the order of the list, the same products come out.
 */
type Candidate = { available: boolean; tags: Set<string>; collections: Set<string>; title: string };

function candidatesById(candidates: readonly TCandidateProduct[]): Map<string, Candidate> {
  const byId = new Map<string, Candidate>();
  for (const product of candidates) {
    const known = byId.get(product.id);
    const tags = product.tags.map(tagKey);
    const collections = product.collections ?? [];
    const title = product.title ?? '';
    if (known) {
      known.available &&= product.available;
      tags.forEach((tag) => known.tags.add(tag));
      collections.forEach((collection) => known.collections.add(collection));
      if (title < known.title) known.title = title;
    } else byId.set(product.id, { available: product.available, tags: new Set(tags), collections: new Set(collections), title });
  }
  return byId;
}

const byTitleThenId = (a: [string, Candidate], b: [string, Candidate]) =>
  a[1].title.localeCompare(b[1].title, 'en') || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);

/**
 * The recommended product ids, best first, at most `count`.
 * - Outcomes: the outcome's products in the owner's order, skipping those unavailable or unknown, then
 *   the available products of its collections by title (equal titles by id), each once.
 * - Rules: every fired rule adds its points to its product, or to each product with its tag; a product
 *   needs more than 0 points in total (a negative total excludes it), must not be excluded by id or tag,
 *   and must be available. Higher totals first, equal totals by id, so the answer never depends on the
 *   order of the rules, the answers or the candidates.
 * `answers` are the picks of the questions the play went through.
 */
export function recommendedProductIds(
  recommendations: TProductRecommendations,
  play: { result: TQuizResult; answers: TPlayAnswers },
  candidates: readonly TCandidateProduct[],
): string[] {
  if (recommendations.mode === 'off') return [];
  const products = candidatesById(candidates);
  const sellable = (id: string) => products.get(id)?.available === true;
  if (recommendations.mode === 'outcomes') {
    const { ids, collections } = productsToLoad(recommendations, play);
    const chosen = ids.filter(sellable);
    const wanted = new Set(collections);
    const taken = new Set(chosen);
    const fromCollections = [...products]
      .filter(([id, product]) => product.available && !taken.has(id) && [...product.collections].some((c) => wanted.has(c)))
      .sort(byTitleThenId)
      .map(([id]) => id);
    return [...chosen, ...fromCollections].slice(0, recommendations.count);
  }

  const productPoints = new Map<string, number>();
  const tagPoints = new Map<string, number>();
  for (const rule of firedRules(recommendations.rules, play.answers)) {
    if (rule.productId) productPoints.set(rule.productId, (productPoints.get(rule.productId) ?? 0) + rule.points);
    else if (rule.tag) tagPoints.set(tagKey(rule.tag), (tagPoints.get(tagKey(rule.tag)) ?? 0) + rule.points);
  }
  const excludedIds = new Set(recommendations.exclude.productIds);
  const excludedTags = new Set(recommendations.exclude.tags.map(tagKey));

  const scored: { id: string; total: number }[] = [];
  for (const [id, product] of products) {
    if (!product.available || excludedIds.has(id) || [...product.tags].some((tag) => excludedTags.has(tag))) continue;
    let total = productPoints.get(id) ?? 0;
    for (const tag of product.tags) total += tagPoints.get(tag) ?? 0;
    if (total > 0) scored.push({ id, total });
  }
  return scored
    .sort((a, b) => b.total - a.total || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
    .slice(0, recommendations.count)
    .map((entry) => entry.id);
}

/** A reference the quiz cannot resolve: its path under `productRecommendations` and why. */
export type TRecommendationProblem = { field: string; message: 'unknownOutcome' | 'unknownQuestion' | 'unknownAnswer' };

type TReferenceQuiz = {
  quizType: QuizType;
  personalities: readonly TPersonality[];
  questions: readonly Pick<TQuestion, 'id' | 'answers'>[];
};

function answerIdsByQuestion(questions: TReferenceQuiz['questions']): Map<string, Set<string>> {
  const byQuestion = new Map<string, Set<string>>();
  for (const question of questions) {
    if (!byQuestion.has(question.id)) byQuestion.set(question.id, new Set(question.answers.map((answer) => answer.id)));
  }
  return byQuestion;
}

/** The first outcome, question or answer the recommendations name that the quiz does not have. */
export function recommendationProblem(
  recommendations: TProductRecommendations,
  quiz: TReferenceQuiz,
): TRecommendationProblem | null {
  if (recommendations.mode === 'outcomes') {
    const keys = new Set(outcomeOptions(quiz).map((option) => option.key));
    const index = recommendations.outcomes.findIndex((entry) => !keys.has(entry.outcome));
    return index < 0 ? null : { field: `outcomes.${index}.outcome`, message: 'unknownOutcome' };
  }
  if (recommendations.mode === 'rules') {
    const answers = answerIdsByQuestion(quiz.questions);
    for (const [index, rule] of recommendations.rules.entries()) {
      const answerIds = answers.get(rule.questionId);
      if (!answerIds) return { field: `rules.${index}.questionId`, message: 'unknownQuestion' };
      if (!answerIds.has(rule.answerId)) return { field: `rules.${index}.answerId`, message: 'unknownAnswer' };
    }
  }
  return null;
}

/**
 * The recommendations with what the quiz no longer has removed: outcomes of deleted personalities (or
 * of another quiz type) and rules of deleted questions or answers. Saving a quiz's questions or a type
 * change goes through it, as branches do.
 */
export function normalizeRecommendations(
  recommendations: TProductRecommendations,
  quiz: TReferenceQuiz,
): TProductRecommendations {
  if (recommendations.mode === 'outcomes') {
    const keys = new Set(outcomeOptions(quiz).map((option) => option.key));
    return {
      ...recommendations,
      outcomes: recommendations.outcomes
        .filter((entry) => keys.has(entry.outcome))
        .map((entry) => ({ ...entry, productIds: [...entry.productIds], collectionIds: [...entry.collectionIds] })),
    };
  }
  if (recommendations.mode === 'rules') {
    const answers = answerIdsByQuestion(quiz.questions);
    return {
      ...recommendations,
      rules: recommendations.rules
        .filter((rule) => answers.get(rule.questionId)?.has(rule.answerId))
        .map((rule) => ({ ...rule })),
      exclude: { productIds: [...recommendations.exclude.productIds], tags: [...recommendations.exclude.tags] },
    };
  }
  return { mode: 'off' };
}

/** Every product id the recommendations name, with its path under `productRecommendations`. */
export function recommendedProductFields(recommendations: TProductRecommendations): { field: string; id: string }[] {
  if (recommendations.mode === 'outcomes')
    return recommendations.outcomes.flatMap((entry, index) =>
      entry.productIds.map((id, at) => ({ field: `outcomes.${index}.productIds.${at}`, id })),
    );
  if (recommendations.mode === 'rules')
    return [
      ...recommendations.rules.flatMap((rule, index) =>
        rule.productId ? [{ field: `rules.${index}.productId`, id: rule.productId }] : [],
      ),
      ...recommendations.exclude.productIds.map((id, at) => ({ field: `exclude.productIds.${at}`, id })),
    ];
  return [];
}

/** A product's price ('19.90' EUR) as the reader's browser writes money; the bare amount when the currency is unknown. */
export function formatProductPrice(price: string, currency: string, locale?: string): string {
  const amount = Number(price);
  if (price.trim() === '' || !Number.isFinite(amount)) return price;
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(amount);
  } catch {
    return currency ? `${price} ${currency}` : price;
  }
}
