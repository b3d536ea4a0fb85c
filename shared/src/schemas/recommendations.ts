import { z } from 'zod';
import { productLimits } from './products.ts';

/**
 * The products a quiz ends in (issue 16), stored in `quizzes.product_recommendations`: none, a list per
 * outcome, or rules where answers add or remove points for products and tags. Outcome keys and how
 * products are picked are the engine's (shared/src/engine/products.ts, docs/quiz-types.md).
 */

export const recommendationLimits = {
  /** Products shown on a result page, and chosen per outcome. */
  count: 12,
  defaultCount: 3,
  /** Shop collections an outcome may draw from besides its own products. */
  collections: 5,
  rules: 300,
  points: 100,
  excluded: 100,
} as const;

export const recommendationMessages = {
  duplicateOutcome: 'This outcome is listed twice',
  unknownOutcome: 'This outcome is not one of the quiz’s',
  duplicateProduct: 'This product is listed twice',
  tooManyProducts: `At most ${recommendationLimits.count} products`,
  productOrTag: 'Choose a product or a tag',
  tagRequired: 'Enter a tag',
  notOwnProduct: 'This product is not one of your products',
  duplicateCollection: 'This collection is listed twice',
  tooManyCollections: `At most ${recommendationLimits.collections} collections`,
  unknownQuestion: 'This question is not in the quiz',
  unknownAnswer: 'This answer is not one of the question’s',
  points: `Points go from -${recommendationLimits.points} to ${recommendationLimits.points}`,
  count: `Show from 1 to ${recommendationLimits.count} products`,
} as const;

/** A personality id, or a graded quiz's score band (the engine's `outcomeOptions` lists a quiz's). */
export const ZOutcomeKey = z.string().trim().min(1).max(40);

const ZCount = z
  .number()
  .int(recommendationMessages.count)
  .min(1, recommendationMessages.count)
  .max(recommendationLimits.count, recommendationMessages.count)
  .default(recommendationLimits.defaultCount);

const ZTag = z.string().trim().min(1, recommendationMessages.tagRequired).max(productLimits.tag);

/** Ids listed once each: the first repeat is named. */
const uniqueIds = (max: number) =>
  z
    .array(z.uuid())
    .max(max, recommendationMessages.tooManyProducts)
    .superRefine((ids, ctx) => {
      const index = ids.findIndex((id, at) => ids.indexOf(id) !== at);
      if (index >= 0) ctx.addIssue({ code: 'custom', message: recommendationMessages.duplicateProduct, path: [index] });
    });

/** A shop collection, by Shopify's gid (the products synced from the shop say which collections they are in). */
export const ZCollectionId = z.string().regex(/^gid:\/\/shopify\/Collection\/\d{1,20}$/, 'Choose one of your shop’s collections');

export const ZOutcomeProducts = z.object({
  outcome: ZOutcomeKey,
  /** In the order the result page shows them. */
  productIds: uniqueIds(recommendationLimits.count),
  /** Collections whose products follow the chosen ones (by title), until the count is reached. */
  collectionIds: z
    .array(ZCollectionId)
    .max(recommendationLimits.collections, recommendationMessages.tooManyCollections)
    .superRefine((ids, ctx) => {
      const index = ids.findIndex((id, at) => ids.indexOf(id) !== at);
      if (index >= 0) ctx.addIssue({ code: 'custom', message: recommendationMessages.duplicateCollection, path: [index] });
    })
    .default([]),
});
export type TOutcomeProducts = z.infer<typeof ZOutcomeProducts>;

/** Picking `answerId` of `questionId` gives `points` to one product, or to every product with `tag`. */
export const ZProductRule = z
  .object({
    questionId: z.uuid(),
    answerId: z.string().trim().min(1).max(40),
    productId: z.uuid().optional(),
    tag: ZTag.optional(),
    points: z
      .number()
      .int(recommendationMessages.points)
      .min(-recommendationLimits.points, recommendationMessages.points)
      .max(recommendationLimits.points, recommendationMessages.points),
  })
  .superRefine((rule, ctx) => {
    if ((rule.productId === undefined) === (rule.tag === undefined))
      ctx.addIssue({ code: 'custom', message: recommendationMessages.productOrTag, path: ['productId'] });
  });
export type TProductRule = z.infer<typeof ZProductRule>;

export const ZProductRecommendations = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('off') }),
  z.object({
    mode: z.literal('outcomes'),
    outcomes: z
      .array(ZOutcomeProducts)
      .max(40)
      .superRefine((outcomes, ctx) => {
        const keys = outcomes.map((entry) => entry.outcome);
        const index = keys.findIndex((key, at) => keys.indexOf(key) !== at);
        if (index >= 0)
          ctx.addIssue({ code: 'custom', message: recommendationMessages.duplicateOutcome, path: [index, 'outcome'] });
      }),
    count: ZCount,
  }),
  z.object({
    mode: z.literal('rules'),
    rules: z.array(ZProductRule).max(recommendationLimits.rules),
    /** Never recommended, whatever the points. */
    exclude: z
      .object({
        productIds: uniqueIds(recommendationLimits.excluded).default([]),
        tags: z.array(ZTag).max(recommendationLimits.excluded).default([]),
      })
      .default({ productIds: [], tags: [] }),
    count: ZCount,
  }),
]);
export type TProductRecommendations = z.infer<typeof ZProductRecommendations>;
export type TRecommendationMode = TProductRecommendations['mode'];

export const noRecommendations: TProductRecommendations = { mode: 'off' };

/** The stored column as the schema reads it; anything unreadable (an old or hand-edited row) is off. */
export function storedRecommendations(value: unknown): TProductRecommendations {
  const parsed = ZProductRecommendations.safeParse(value);
  return parsed.success ? parsed.data : noRecommendations;
}
