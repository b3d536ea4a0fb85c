/** Product recommendations: worked examples, then properties over random rules, answers and catalogues. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ZProductRecommendations, type TProductRecommendations, type TProductRule } from '../schemas/recommendations.ts';
import { computeResult } from './computeResult.ts';
import { normalizeQuiz } from './normalize.ts';
import {
  formatProductPrice,
  normalizeRecommendations,
  outcomeKeyOf,
  outcomeOptions,
  productsToLoad,
  recommendationProblem,
  recommendedProductIds,
  type TCandidateProduct,
} from './products.ts';
import type { TQuizResult } from './results.ts';
import { answer, category, personality, question, quiz } from './test/fixtures.ts';

const runs = { numRuns: 500 };

// Ids sort as the letters after the prefix, so a tie's order is easy to read.
const productId = (letter: string) => `00000000-0000-4000-8000-00000000000${letter}`;
const [A, B, C, D] = ['a', 'b', 'c', 'd'].map(productId) as [string, string, string, string];
const q1 = '10000000-0000-4000-8000-000000000001';
const q2 = '10000000-0000-4000-8000-000000000002';

const graded = (percentage: number): TQuizResult => ({
  kind: 'graded',
  score: percentage,
  maxScore: 100,
  percentage,
  scoreType: 'percentage',
});
const product = (id: string, tags: string[] = [], available = true): TCandidateProduct => ({ id, tags, available });
const rules = (list: Partial<TProductRule>[], extra: Record<string, unknown> = {}) =>
  ZProductRecommendations.parse({
    mode: 'rules',
    rules: list.map((rule) => ({ questionId: q1, answerId: 'a1', ...rule })),
    ...extra,
  });

describe('outcome keys', () => {
  it('puts a graded quiz in its score band and the others on their leading personality', () => {
    expect(outcomeKeyOf(graded(0))).toBe('score-0-20');
    expect(outcomeKeyOf(graded(20))).toBe('score-0-20');
    expect(outcomeKeyOf(graded(21))).toBe('score-21-40');
    expect(outcomeKeyOf(graded(100))).toBe('score-81-100');
    const calm = personality('calm', 'Calm');
    const bold = personality('bold', 'Bold');
    expect(outcomeKeyOf({ kind: 'personality', personality: calm, counts: {} })).toBe('calm');
    expect(outcomeKeyOf({ kind: 'personality', personality: null, counts: {} })).toBeNull();
    expect(outcomeKeyOf({ kind: 'range', score: 3, maxScore: 4, percentage: 75, personality: bold })).toBe('bold');
    expect(
      outcomeKeyOf({
        kind: 'multiple_personality',
        personalities: [
          { personality: bold, count: 3, share: 75 },
          { personality: calm, count: 1, share: 25 },
        ],
        landingUrl: '',
      }),
    ).toBe('bold');
    expect(
      outcomeKeyOf({
        kind: 'category_personality',
        categories: [{ category: category('c1', 'Work'), personality: calm, counts: {} }],
      }),
    ).toBe('calm');
    expect(outcomeKeyOf({ kind: 'poll', counts: {} })).toBeNull();
  });

  it('lists the bands of a graded quiz and the personalities (with ranges) of the others', () => {
    expect(outcomeOptions({ quizType: 'graded_quiz', personalities: [] }).map((option) => option.label)).toEqual([
      'Score 0–20%',
      'Score 21–40%',
      'Score 41–60%',
      'Score 61–80%',
      'Score 81–100%',
    ]);
    const personalities = [personality('p1', 'Calm', { minScore: 0, maxScore: 50 }), personality('p2', '')];
    expect(outcomeOptions({ quizType: 'personality_quiz', personalities })).toEqual([
      { key: 'p1', label: 'Calm' },
      { key: 'p2', label: 'Personality 2' },
    ]);
    expect(outcomeOptions({ quizType: 'weighted_graded_quiz', personalities })[0]).toEqual({ key: 'p1', label: 'Calm (0–50%)' });
    expect(outcomeOptions({ quizType: 'poll', personalities })).toEqual([]);
  });
});

describe('recommendedProductIds', () => {
  it('shows an outcome’s products in the owner’s order, skipping the unavailable and unknown, up to count', () => {
    const recommendations = ZProductRecommendations.parse({
      mode: 'outcomes',
      outcomes: [
        { outcome: 'score-0-20', productIds: [D] },
        { outcome: 'score-81-100', productIds: [C, A, B, D] },
      ],
      count: 2,
    });
    const candidates = [product(A), product(B), product(C, [], false)];
    expect(recommendedProductIds(recommendations, { result: graded(90), answers: {} }, candidates)).toEqual([A, B]);
    expect(recommendedProductIds(recommendations, { result: graded(50), answers: {} }, candidates)).toEqual([]);
    expect(productsToLoad(recommendations, { result: graded(90), answers: {} })).toEqual({
      ids: [C, A, B, D],
      tags: [],
      collections: [],
    });
  });

  it('follows an outcome’s own products with its collections’ available products, by title, each once', () => {
    const teas = 'gid://shopify/Collection/11';
    const gifts = 'gid://shopify/Collection/12';
    const recommendations = ZProductRecommendations.parse({
      mode: 'outcomes',
      outcomes: [{ outcome: 'score-81-100', productIds: [C], collectionIds: [teas, gifts] }],
      count: 4,
    });
    const candidates: TCandidateProduct[] = [
      { id: A, tags: [], available: true, collections: [teas], title: 'Oolong' },
      { id: B, tags: [], available: true, collections: [gifts, teas], title: 'Gift box' },
      { id: C, tags: [], available: true, collections: [teas], title: 'Assam' },
      { id: D, tags: [], available: false, collections: [teas], title: 'Chai' },
    ];
    const play = { result: graded(90), answers: {} };
    expect(productsToLoad(recommendations, play).collections).toEqual([teas, gifts]);
    // C is chosen by the owner (first); then B and A by title; D is sold out.
    expect(recommendedProductIds(recommendations, play, candidates)).toEqual([C, B, A]);
    const fewer = ZProductRecommendations.parse({ ...recommendations, count: 2 });
    expect(recommendedProductIds(fewer, play, candidates)).toEqual([C, B]);
  });

  it('adds the points of picked answers to products and to every product with a tag, highest first', () => {
    const recommendations = rules([
      { productId: A, points: 5 },
      { tag: 'Dry Skin', points: 3 },
      { tag: 'oily', points: 50, answerId: 'a2' }, // not picked
      { productId: C, points: 2, questionId: q2, answerId: 'b1' },
    ]);
    const candidates = [product(A), product(B, ['dry skin']), product(C, ['DRY SKIN']), product(D, ['oily'])];
    const play = { result: graded(0), answers: { [q1]: ['a1'], [q2]: ['b1'] } };
    // A 5, C 3 + 2, B 3: ties go by id.
    expect(recommendedProductIds(recommendations, play, candidates)).toEqual([A, C, B]);
    expect(productsToLoad(recommendations, play)).toEqual({ ids: [A, C], tags: ['dry skin'], collections: [] });
  });

  it('leaves out products with no points or a negative total, excluded ones and unavailable ones', () => {
    const recommendations = rules(
      [
        { productId: A, points: 10 },
        { productId: A, points: -20, questionId: q2, answerId: 'b1' },
        { tag: 'mug', points: 4 },
        { productId: B, points: 0 },
      ],
      { exclude: { productIds: [C], tags: ['Gift'] }, count: 12 },
    );
    const candidates = [
      product(A),
      product(B),
      product(C, ['mug']),
      product(D, ['mug', 'gift']),
      product(productId('e'), ['mug'], false),
    ];
    expect(
      recommendedProductIds(recommendations, { result: graded(0), answers: { [q1]: ['a1'], [q2]: ['b1'] } }, candidates),
    ).toEqual([]);
    expect(recommendedProductIds(recommendations, { result: graded(0), answers: { [q1]: ['a1'] } }, candidates)).toEqual([A]);
  });

  it('recommends nothing when off', () => {
    expect(recommendedProductIds({ mode: 'off' }, { result: graded(0), answers: {} }, [product(A)])).toEqual([]);
  });
});

describe('formatProductPrice', () => {
  it('writes the amount in the currency, and the bare price when it cannot', () => {
    expect(formatProductPrice('9.5', 'EUR', 'en-US')).toBe('€9.50');
    expect(formatProductPrice('1234.5', 'USD', 'en-US')).toBe('$1,234.50');
    expect(formatProductPrice('19.90', '', 'en-US')).toBe('19.90');
    expect(formatProductPrice('19.90', 'NOPE', 'en-US')).toBe('19.90 NOPE');
    expect(formatProductPrice('free', 'EUR', 'en-US')).toBe('free');
  });
});

describe('references', () => {
  const owned = quiz('personality_quiz', {
    personalities: [personality('p1', 'Calm'), personality('p2', 'Bold')],
    questions: [question(q1, 'Tea?', [answer('a1', 'Yes'), answer('a2', 'No')])],
  });

  it('names the first outcome, question or answer the quiz does not have', () => {
    const outcomes = ZProductRecommendations.parse({
      mode: 'outcomes',
      outcomes: [
        { outcome: 'p2', productIds: [A] },
        { outcome: 'score-0-20', productIds: [] },
      ],
    });
    expect(recommendationProblem(outcomes, owned)).toEqual({ field: 'outcomes.1.outcome', message: 'unknownOutcome' });
    expect(recommendationProblem(rules([{ productId: A, points: 1 }]), owned)).toBeNull();
    expect(recommendationProblem(rules([{ productId: A, points: 1, answerId: 'zz' }]), owned)).toEqual({
      field: 'rules.0.answerId',
      message: 'unknownAnswer',
    });
    expect(
      recommendationProblem(
        rules([
          { productId: A, points: 1 },
          { tag: 'x', points: 1, questionId: q2 },
        ]),
        owned,
      ),
    ).toEqual({
      field: 'rules.1.questionId',
      message: 'unknownQuestion',
    });
  });

  it('drops, when normalising a quiz, what its type, personalities and questions no longer have', () => {
    const recommendations = ZProductRecommendations.parse({
      mode: 'outcomes',
      outcomes: [
        { outcome: 'p1', productIds: [A] },
        { outcome: 'p2', productIds: [B] },
      ],
    });
    const fewer = normalizeQuiz({
      ...owned,
      personalities: [personality('p1', 'Calm')],
      productRecommendations: recommendations,
    });
    expect(fewer.productRecommendations).toEqual({
      ...recommendations,
      outcomes: [{ outcome: 'p1', productIds: [A], collectionIds: [] }],
    });
    const graded = normalizeQuiz({ ...owned, quizType: 'graded_quiz', productRecommendations: recommendations });
    expect(graded.productRecommendations).toMatchObject({ mode: 'outcomes', outcomes: [] });
    const ruled = rules([
      { productId: A, points: 1 },
      { productId: B, points: 1, answerId: 'a2' },
    ]);
    const withoutAnswer = { ...owned, questions: [question(q1, 'Tea?', [answer('a1', 'Yes'), answer('a3', 'Maybe')])] };
    expect(normalizeRecommendations(ruled, withoutAnswer)).toMatchObject({ rules: [{ productId: A }] });
    expect(normalizeQuiz({ ...owned, questions: [] }).productRecommendations).toBeUndefined();
  });
});

// ---- properties ----

const idPool = ['a', 'b', 'c', 'd', 'e', 'f'].map(productId);
const tagPool = ['mug', 'Mug', 'tea', 'gift', 'summer'];
const collectionPool = ['gid://shopify/Collection/1', 'gid://shopify/Collection/2', 'gid://shopify/Collection/3'];
const questionPool = [q1, q2, '10000000-0000-4000-8000-000000000003'];
const answerPool = ['a1', 'a2', 'a3'];

const ruleArb = fc
  .record({
    questionId: fc.constantFrom(...questionPool),
    answerId: fc.constantFrom(...answerPool),
    target: fc.oneof(
      fc.constantFrom(...idPool).map((id) => ({ productId: id })),
      fc.constantFrom(...tagPool).map((tag) => ({ tag })),
    ),
    points: fc.integer({ min: -100, max: 100 }),
  })
  .map(({ target, ...rule }): TProductRule => ({ ...rule, ...target }));

const rulesArb: fc.Arbitrary<Extract<TProductRecommendations, { mode: 'rules' }>> = fc.record({
  mode: fc.constant('rules' as const),
  rules: fc.array(ruleArb, { maxLength: 20 }),
  exclude: fc.record({
    productIds: fc.subarray(idPool, { maxLength: 2 }),
    tags: fc.subarray(tagPool, { maxLength: 2 }),
  }),
  count: fc.integer({ min: 1, max: 12 }),
});

const outcomesArb: fc.Arbitrary<Extract<TProductRecommendations, { mode: 'outcomes' }>> = fc.record({
  mode: fc.constant('outcomes' as const),
  outcomes: fc.array(
    fc.record({
      outcome: fc.constantFrom('score-0-20', 'score-81-100'),
      productIds: fc.shuffledSubarray(idPool),
      collectionIds: fc.subarray(collectionPool, { maxLength: 2 }),
    }),
    { maxLength: 2 },
  ),
  count: fc.integer({ min: 1, max: 12 }),
});

const candidatesArb = fc.uniqueArray(
  fc.record({
    id: fc.constantFrom(...idPool),
    tags: fc.subarray(tagPool),
    available: fc.boolean(),
    collections: fc.subarray(collectionPool),
    title: fc.constantFrom('Apron', 'Beans', 'Cup', 'Beans'),
  }),
  { selector: (candidate) => candidate.id, maxLength: idPool.length },
);

const answersArb = fc.dictionary(fc.constantFrom(...questionPool), fc.subarray(answerPool, { minLength: 1 }), {
  maxKeys: 3,
});

const playArb = fc.record({
  result: fc.integer({ min: 0, max: 100 }).map(graded),
  answers: answersArb,
});

const caseArb = fc.record({
  recommendations: fc.oneof(rulesArb, outcomesArb),
  play: playArb,
  candidates: candidatesArb,
});

/** The same play with every list in another order: rules, candidates, answers and their picks. */
const shuffledArb = caseArb.chain((one) =>
  fc
    .record({
      rules:
        one.recommendations.mode === 'rules'
          ? fc.shuffledSubarray(one.recommendations.rules, { minLength: one.recommendations.rules.length })
          : fc.constant<TProductRule[]>([]),
      candidates: fc.shuffledSubarray(one.candidates, { minLength: one.candidates.length }),
      answerOrder: fc.shuffledSubarray(Object.keys(one.play.answers), { minLength: Object.keys(one.play.answers).length }),
      tagOrder: fc.boolean(),
    })
    .map((shuffle) => ({
      one,
      other: {
        recommendations:
          one.recommendations.mode === 'rules' ? { ...one.recommendations, rules: shuffle.rules } : one.recommendations,
        play: {
          result: one.play.result,
          answers: Object.fromEntries(shuffle.answerOrder.map((key) => [key, [...one.play.answers[key]!].reverse()])),
        },
        candidates: shuffle.candidates.map((candidate) => ({
          ...candidate,
          tags: shuffle.tagOrder ? [...candidate.tags].reverse() : candidate.tags,
        })),
      },
    })),
);

/** A rule-based total as the docs define it, computed the long way for the checks below. */
function totalOf(
  recommendations: Extract<TProductRecommendations, { mode: 'rules' }>,
  answers: Record<string, string[]>,
  candidate: TCandidateProduct,
) {
  const tags = new Set(candidate.tags.map((tag) => tag.toLowerCase()));
  return recommendations.rules
    .filter((rule) => answers[rule.questionId]?.includes(rule.answerId))
    .filter((rule) => rule.productId === candidate.id || (rule.tag !== undefined && tags.has(rule.tag.toLowerCase())))
    .reduce((sum, rule) => sum + rule.points, 0);
}

describe('recommendedProductIds properties', () => {
  it('is deterministic and leaves its input untouched', () => {
    fc.assert(
      fc.property(caseArb, ({ recommendations, play, candidates }) => {
        const before = structuredClone({ recommendations, play, candidates });
        const first = recommendedProductIds(recommendations, play, candidates);
        expect(
          recommendedProductIds(structuredClone(recommendations), structuredClone(play), structuredClone(candidates)),
        ).toEqual(first);
        expect({ recommendations, play, candidates }).toEqual(before);
      }),
      runs,
    );
  });

  it('never recommends an excluded, unavailable, unknown or unscored product, nor one twice, nor more than count', () => {
    fc.assert(
      fc.property(caseArb, ({ recommendations, play, candidates }) => {
        const chosen = recommendedProductIds(recommendations, play, candidates);
        expect(new Set(chosen).size).toBe(chosen.length);
        expect(chosen.length).toBeLessThanOrEqual(recommendations.count);
        const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
        for (const id of chosen) {
          const candidate = byId.get(id);
          expect(candidate?.available).toBe(true);
          if (recommendations.mode === 'outcomes') {
            // Only the outcome's own products and those of its collections.
            const wanted = productsToLoad(recommendations, play);
            const inCollection = (candidate?.collections ?? []).some((collection) => wanted.collections.includes(collection));
            expect(wanted.ids.includes(id) || inCollection).toBe(true);
          }
          if (recommendations.mode !== 'rules') continue;
          expect(recommendations.exclude.productIds).not.toContain(id);
          const excludedTags = recommendations.exclude.tags.map((tag) => tag.toLowerCase());
          expect(candidate!.tags.some((tag) => excludedTags.includes(tag.toLowerCase()))).toBe(false);
          expect(totalOf(recommendations, play.answers, candidate!)).toBeGreaterThan(0);
        }
      }),
      runs,
    );
  });

  it('ranks rule winners by total, then id, and leaves no better product behind', () => {
    fc.assert(
      fc.property(rulesArb, playArb, candidatesArb, (recommendations, play, candidates) => {
        const chosen = recommendedProductIds(recommendations, play, candidates);
        const byId = new Map(candidates.map((candidate) => [candidate.id, candidate]));
        const totals = chosen.map((id) => totalOf(recommendations, play.answers, byId.get(id)!));
        for (let index = 1; index < chosen.length; index++) {
          const ordered =
            totals[index - 1]! > totals[index]! || (totals[index - 1] === totals[index] && chosen[index - 1]! < chosen[index]!);
          expect(ordered).toBe(true);
        }
        // A left-out eligible product never beats the last one chosen, and is only left out when the list is full.
        const excludedTags = recommendations.exclude.tags.map((tag) => tag.toLowerCase());
        const eligible = candidates.filter(
          (candidate) =>
            candidate.available &&
            !recommendations.exclude.productIds.includes(candidate.id) &&
            !candidate.tags.some((tag) => excludedTags.includes(tag.toLowerCase())) &&
            totalOf(recommendations, play.answers, candidate) > 0,
        );
        expect(chosen.length).toBe(Math.min(eligible.length, recommendations.count));
      }),
      runs,
    );
  });

  it('keeps an outcome’s products in the owner’s order, ahead of its collections’ products', () => {
    fc.assert(
      fc.property(outcomesArb, playArb, candidatesArb, (recommendations, play, candidates) => {
        const chosen = recommendedProductIds(recommendations, play, candidates);
        const listed = recommendations.outcomes.find((entry) => entry.outcome === outcomeKeyOf(play.result))?.productIds ?? [];
        const own = chosen.filter((id) => listed.includes(id));
        // The owner's picks come first, in the owner's order; whatever follows came from a collection.
        expect(chosen.slice(0, own.length)).toEqual(own);
        const positions = own.map((id) => listed.indexOf(id));
        expect([...positions].sort((a, b) => a - b)).toEqual(positions);
      }),
      runs,
    );
  });

  it('does not depend on the order of the rules, answers, picks, tags or candidates', () => {
    fc.assert(
      fc.property(shuffledArb, ({ one, other }) => {
        expect(recommendedProductIds(other.recommendations, other.play, other.candidates)).toEqual(
          recommendedProductIds(one.recommendations, one.play, one.candidates),
        );
      }),
      runs,
    );
  });

  it('needs no product beyond those productsToLoad names', () => {
    fc.assert(
      fc.property(caseArb, ({ recommendations, play, candidates }) => {
        const wanted = productsToLoad(recommendations, play);
        const loaded = candidates.filter(
          (candidate) =>
            wanted.ids.includes(candidate.id) ||
            candidate.tags.some((tag) => wanted.tags.includes(tag.toLowerCase())) ||
            (candidate.collections ?? []).some((collection) => wanted.collections.includes(collection)),
        );
        expect(recommendedProductIds(recommendations, play, loaded)).toEqual(
          recommendedProductIds(recommendations, play, candidates),
        );
      }),
      runs,
    );
  });
});

describe('with a computed result', () => {
  it('gives a personality quiz’s play the products of the personality it got', () => {
    const personalityQuiz = quiz('personality_quiz', {
      personalities: [personality('p1', 'Calm'), personality('p2', 'Bold')],
      questions: [
        question(q1, 'Tea?', [answer('a1', 'Tea', { personalityId: 'p1' }), answer('a2', 'Coffee', { personalityId: 'p2' })]),
      ],
    });
    const recommendations = ZProductRecommendations.parse({
      mode: 'outcomes',
      outcomes: [
        { outcome: 'p1', productIds: [A] },
        { outcome: 'p2', productIds: [B] },
      ],
    });
    const answers = { [q1]: ['a2'] };
    const result = computeResult(personalityQuiz, answers);
    expect(recommendedProductIds(recommendations, { result, answers }, [product(A), product(B)])).toEqual([B]);
  });
});
