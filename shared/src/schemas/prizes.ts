import { z } from 'zod';

/**
 * Prizes a wheel slice can give (issue 16): a unique single-use Shopify discount code made for each
 * visitor who lands on it. The server keeps a pool of codes ahead of demand (one Shopify discount per
 * slice, its codes added in bulk) and gives each code once, and one code per email per wheel.
 */

export const prizeValueTypes = ['percentage', 'fixed_amount'] as const;
export type TPrizeValueType = (typeof prizeValueTypes)[number];

export const prizeLimits = {
  percentMin: 1,
  percentMax: 100,
  /** A fixed amount off, in the shop's currency. */
  amountMax: 100_000,
  expiresInDaysMin: 1,
  expiresInDaysMax: 365,
  /** The average order value the margin guard takes for percentage slices. */
  averageOrderValueMax: 1_000_000,
} as const;

export const prizeMessages = {
  valueInvalid: 'Enter the discount’s value.',
  percentageRange: `A percentage must be between ${prizeLimits.percentMin} and ${prizeLimits.percentMax}.`,
  amountRange: `An amount must be more than 0 and at most ${prizeLimits.amountMax}.`,
  decimals: 'Use at most two decimals.',
  expiryRange: `Expiry must be between ${prizeLimits.expiresInDaysMin} and ${prizeLimits.expiresInDaysMax} days, or none.`,
  shopifyOnly: 'Unique discount codes are for Shopify shops: use a static prize code instead.',
  staticOrUnique: 'A slice gives a static code or unique Shopify codes, not both.',
  collectEmail: 'Unique codes are given once per email: ask for the player’s email.',
  accessDenied:
    'Shopify has not let the app create discounts yet: open the app in your Shopify admin to approve it, then save the wheel again.',
} as const;

const twoDecimals = (value: number) => Math.abs(Math.round(value * 100) - value * 100) < 1e-6;

export const ZPrizeCombinesWith = z.object({
  orderDiscounts: z.boolean().default(false),
  productDiscounts: z.boolean().default(false),
  shippingDiscounts: z.boolean().default(false),
});

/**
 * A unique-code prize as the merchant sets it: a percentage off (1–100) or an amount off in the shop's
 * currency, valid `expiresInDays` after it is given (at least; see docs/api.md, "Unique discount codes"),
 * once per customer, and which discount classes it combines with at checkout.
 */
export const ZPrizeSettings = z
  .object({
    kind: z.literal('unique'),
    valueType: z.enum(prizeValueTypes, { error: prizeMessages.valueInvalid }),
    value: z.number({ error: prizeMessages.valueInvalid }).refine(Number.isFinite, prizeMessages.valueInvalid),
    expiresInDays: z
      .number({ error: prizeMessages.expiryRange })
      .int(prizeMessages.expiryRange)
      .min(prizeLimits.expiresInDaysMin, prizeMessages.expiryRange)
      .max(prizeLimits.expiresInDaysMax, prizeMessages.expiryRange)
      .nullable()
      .default(null),
    /** Shopify counts uses per code; each code is single-use anyway (usageLimit 1). */
    appliesOncePerCustomer: z.literal(true).default(true),
    combinesWith: ZPrizeCombinesWith.default({ orderDiscounts: false, productDiscounts: false, shippingDiscounts: false }),
  })
  .superRefine((prize, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message, path: ['value'] });
    if (prize.valueType === 'percentage' && (prize.value < prizeLimits.percentMin || prize.value > prizeLimits.percentMax)) {
      issue(prizeMessages.percentageRange);
    } else if (prize.valueType === 'fixed_amount' && (prize.value <= 0 || prize.value > prizeLimits.amountMax)) {
      issue(prizeMessages.amountRange);
    } else if (!twoDecimals(prize.value)) issue(prizeMessages.decimals);
  });
export type TPrizeSettings = z.infer<typeof ZPrizeSettings>;
export type TPrizeSettingsInput = z.input<typeof ZPrizeSettings>;

/** Whether two prizes make the same Shopify discount (a change makes a new one; codes given keep theirs). */
export const samePrize = (a: TPrizeSettings, b: TPrizeSettings): boolean =>
  a.valueType === b.valueType &&
  a.value === b.value &&
  a.expiresInDays === b.expiresInDays &&
  a.combinesWith.orderDiscounts === b.combinesWith.orderDiscounts &&
  a.combinesWith.productDiscounts === b.combinesWith.productDiscounts &&
  a.combinesWith.shippingDiscounts === b.combinesWith.shippingDiscounts;

/**
 * A slice's pool as the owner sees it: `pending` while its Shopify discount or first codes are being
 * made, `ready` once codes can be given, `failed` when Shopify refused (`error` says why; saving the
 * wheel tries again).
 */
export const ZPrizePool = z.object({
  status: z.enum(['pending', 'ready', 'failed']),
  /** Codes made and not given yet. */
  codesLeft: z.number().int(),
  codesGiven: z.number().int(),
  error: z.string().nullable(),
});
export type TPrizePool = z.infer<typeof ZPrizePool>;

/** GET /api/v1/wheels/prize-options: what prizes this account's wheels can give. */
export const ZPrizeOptions = z.object({
  /** Unique Shopify discount codes: Shopify shops only. */
  uniqueCodes: z.boolean(),
});
export type TPrizeOptions = z.infer<typeof ZPrizeOptions>;
export const ZPrizeOptionsResponse = z.object({ data: ZPrizeOptions });

// The margin guard

/** Each slice's chance of being drawn (0–1): its weight over the sum, as the server draws. */
export function sliceChances(weights: readonly number[]): number[] {
  const total = weights.reduce((sum, weight) => sum + Math.max(0, weight), 0);
  return weights.map((weight) => (total > 0 ? Math.max(0, weight) / total : 0));
}

/**
 * What one winner's code costs the shop if it is used: a fixed amount, or the percentage of the average
 * order value (null when a percentage prize has no average order value to work from).
 */
export function prizeCost(prize: Pick<TPrizeSettings, 'valueType' | 'value'>, averageOrderValue: number | null): number | null {
  if (prize.valueType === 'fixed_amount') return prize.value;
  return averageOrderValue === null ? null : (prize.value / 100) * averageOrderValue;
}

/**
 * The expected cost of 100 spins if every code given is used: each unique-code slice's chance times its
 * cost. Static codes are the merchant's own and not counted. Null when a percentage slice needs an
 * average order value that was not given.
 */
export function expectedCostPer100Spins(
  options: readonly { weight: number; prize: Pick<TPrizeSettings, 'valueType' | 'value'> | null }[],
  averageOrderValue: number | null,
): number | null {
  const chances = sliceChances(options.map((option) => option.weight));
  let cost = 0;
  for (const [index, option] of options.entries()) {
    if (!option.prize) continue;
    const each = prizeCost(option.prize, averageOrderValue);
    if (each === null) return null;
    cost += chances[index]! * each * 100;
  }
  return Math.round(cost * 100) / 100;
}
