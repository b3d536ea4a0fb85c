import { z } from 'zod';
import { billingLimits, billingMessages, billingPeriods, discountKinds, invoiceStatuses, paymentStatuses } from '../billing.ts';

/**
 * The billing API of standalone accounts: plans, quotes, checkouts, payments and invoices (routes in
 * server/src/routes/api/billing/), and the platform administrator's plans and discount codes. Every
 * amount is integer cents computed by the server; requests carry only what the owner chose.
 */

export const ZPlanId = z.coerce.number({ error: billingMessages.planMissing }).int().min(1).max(2_147_483_647);
export const ZBillingPeriod = z.enum(billingPeriods, { error: 'Choose monthly or 12 months.' });

/** A discount code as typed: trimmed, case-insensitive (kept upper case). */
export const ZDiscountCode = z
  .string({ error: billingMessages.discountCodeRequired })
  .trim()
  .min(1, billingMessages.discountCodeRequired)
  .max(billingLimits.discountCodeLength, billingMessages.discountCodeUnknown)
  .transform((code) => code.toUpperCase());

const ZCents = z.number().int().min(0);

export const ZPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  /** Free for ever (the spec's plan 1). */
  free: z.boolean(),
  monthlyPriceCents: ZCents,
  /** Twelve months at the 12-month discount. */
  yearlyPriceCents: ZCents,
  /** Sanitized HTML. */
  descriptionHtml: z.string(),
  /** This card is the account's plan. */
  current: z.boolean(),
});
export type TPlan = z.infer<typeof ZPlan>;

/** The account's plan now: a paid period, or the free plan. */
export const ZCurrentPlan = z.object({
  planId: z.number().int(),
  planName: z.string(),
  mode: z.enum(['free', 'paid']),
  period: ZBillingPeriod.nullable(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  /** A later period already paid for, starting when this one ends. */
  renewedUntil: z.iso.datetime().nullable(),
});
export type TCurrentPlan = z.infer<typeof ZCurrentPlan>;

export const ZPlansResponse = z.object({
  data: z.object({
    plans: z.array(ZPlan),
    current: ZCurrentPlan,
    currency: z.string(),
    taxRatePercent: z.number(),
    yearlyDiscountPercent: z.number(),
  }),
});
export type TPlansResponse = z.infer<typeof ZPlansResponse>;

export const ZQuoteRequest = z.object({
  planId: ZPlanId,
  period: ZBillingPeriod,
  /** Optional on a quote or a checkout; an empty box means none. */
  discountCode: z
    .string()
    .trim()
    .max(billingLimits.discountCodeLength, billingMessages.discountCodeUnknown)
    .transform((code) => (code === '' ? undefined : code.toUpperCase()))
    .optional(),
});
export type TQuoteRequest = z.input<typeof ZQuoteRequest>;

export const ZValidateDiscountRequest = z.object({
  planId: ZPlanId,
  period: ZBillingPeriod,
  discountCode: ZDiscountCode,
});
export type TValidateDiscountRequest = z.input<typeof ZValidateDiscountRequest>;

/** What a checkout will charge, line by line, as the server computed it. */
export const ZQuote = z.object({
  planId: z.number().int(),
  planName: z.string(),
  period: ZBillingPeriod,
  currency: z.string(),
  taxRatePercent: z.number(),
  /** The plan's price for the period (twelve months discounted for 12 months). */
  priceCents: ZCents,
  /** The discount code's saving. */
  discountCents: ZCents,
  discountCode: z.string().nullable(),
  /** The unused part of the current paid period, when switching plans mid-period. */
  creditCents: ZCents,
  taxCents: ZCents,
  totalCents: ZCents,
  /** The spec's paypalflag: something is due, so the owner pays on PayPal (else the plan starts at once). */
  paypalFlag: z.boolean(),
  /** Buying the current plan again near its end: the new period starts when the current one ends. */
  renewal: z.boolean(),
  startsAt: z.iso.datetime(),
  endsAt: z.iso.datetime(),
});
export type TQuote = z.infer<typeof ZQuote>;

export const ZQuoteResponse = z.object({ data: ZQuote });

/** The spec's discount validation answer: discount amount, message, paypalflag, with the quote it gives. */
export const ZDiscountValidationResponse = z.object({
  data: z.object({
    discountAmountCents: ZCents,
    message: z.string(),
    paypalFlag: z.boolean(),
    quote: ZQuote,
  }),
});

export const ZPayment = z.object({
  id: z.uuid(),
  status: z.enum(paymentStatuses),
  planId: z.number().int(),
  planName: z.string(),
  period: ZBillingPeriod,
  totalCents: ZCents,
  currency: z.string(),
  /** What the owner is told: the success text, PayPal's refusal, or the pending text. */
  message: z.string(),
  invoiceId: z.uuid().nullable(),
  createdAt: z.iso.datetime(),
});
export type TPayment = z.infer<typeof ZPayment>;

export const ZPaymentResponse = z.object({ data: ZPayment });

export const ZCheckoutResponse = z.object({
  data: z.object({
    payment: ZPayment,
    /** PayPal's approval page, when something is due. */
    approveUrl: z.url().nullable(),
  }),
});
export type TCheckoutResponse = z.infer<typeof ZCheckoutResponse>;

export const ZInvoiceRow = z.object({
  id: z.uuid(),
  /** The sequential number, as printed: INV-000042. */
  number: z.string(),
  issuedAt: z.iso.datetime(),
  transactionId: z.string(),
  totalCents: ZCents,
  currency: z.string(),
  status: z.enum(invoiceStatuses),
});
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

export const ZInvoicesResponse = z.object({ data: z.array(ZInvoiceRow) });

const ZParty = z.object({
  name: z.string(),
  lines: z.array(z.string()),
});

export const ZInvoice = ZInvoiceRow.extend({
  seller: ZParty,
  buyer: ZParty,
  planName: z.string(),
  period: ZBillingPeriod,
  periodStart: z.iso.datetime(),
  periodEnd: z.iso.datetime(),
  priceCents: ZCents,
  discountCents: ZCents,
  discountCode: z.string().nullable(),
  creditCents: ZCents,
  taxRatePercent: z.number(),
  taxCents: ZCents,
});
export type TInvoice = z.infer<typeof ZInvoice>;

export const ZInvoiceResponse = z.object({ data: ZInvoice });

// The platform administrator's plans and discount codes.

const ZDateTimeOrNull = z.iso.datetime({ offset: true }).nullable().default(null);

export const ZPlanInput = z.object({
  name: z.string().trim().min(1, 'Plan name cannot be empty.').max(billingLimits.planNameLength),
  monthlyPriceCents: z.number().int().min(0).max(billingLimits.maxMonthlyPriceCents),
  descriptionHtml: z.string().max(billingLimits.planDescriptionLength).default(''),
  position: z.number().int().min(0).max(1000).default(0),
  /** Shown on the Plans page (a retired plan is not, though accounts on it keep it to the end of their period). */
  listed: z.boolean().default(true),
  /** The card marked current for a paid account whose own plan is not listed (the spec's "current paid plan"). */
  currentForUnlisted: z.boolean().default(false),
});
export type TPlanInput = z.input<typeof ZPlanInput>;

export const ZAdminPlan = z.object({
  id: z.number().int(),
  name: z.string(),
  free: z.boolean(),
  monthlyPriceCents: ZCents,
  descriptionHtml: z.string(),
  position: z.number().int(),
  listed: z.boolean(),
  currentForUnlisted: z.boolean(),
});

export const ZDiscountCodeInput = z
  .object({
    code: ZDiscountCode.pipe(z.string().regex(/^[A-Z0-9_-]+$/, 'Use letters, digits, - and _ only.')),
    kind: z.enum(discountKinds),
    /** For kind percent: 1–100. */
    percent: z.number().int().min(1).max(100).nullable().default(null),
    /** For kind amount. */
    amountCents: z
      .number()
      .int()
      .min(1)
      .max(billingLimits.maxMonthlyPriceCents * 12)
      .nullable()
      .default(null),
    planId: z.number().int().nullable().default(null),
    period: ZBillingPeriod.nullable().default(null),
    startsAt: ZDateTimeOrNull,
    endsAt: ZDateTimeOrNull,
    /** Paid orders in all that may use it. */
    maxRedemptions: z.number().int().min(1).nullable().default(null),
    /** Paid orders per account. */
    maxPerAccount: z.number().int().min(1).nullable().default(1),
  })
  .superRefine((input, ctx) => {
    if (input.kind === 'percent' && input.percent === null)
      ctx.addIssue({ code: 'custom', path: ['percent'], message: 'A percent discount needs its percentage.' });
    if (input.kind === 'amount' && input.amountCents === null)
      ctx.addIssue({ code: 'custom', path: ['amountCents'], message: 'An amount discount needs its amount.' });
    if (input.startsAt && input.endsAt && Date.parse(input.endsAt) <= Date.parse(input.startsAt))
      ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'The end must come after the start.' });
  });
export type TDiscountCodeInput = z.input<typeof ZDiscountCodeInput>;

export const ZAdminDiscountCode = z.object({
  id: z.uuid(),
  code: z.string(),
  kind: z.enum(discountKinds),
  percent: z.number().int().nullable(),
  amountCents: z.number().int().nullable(),
  planId: z.number().int().nullable(),
  period: ZBillingPeriod.nullable(),
  startsAt: z.iso.datetime().nullable(),
  endsAt: z.iso.datetime().nullable(),
  maxRedemptions: z.number().int().nullable(),
  maxPerAccount: z.number().int().nullable(),
  redemptions: z.number().int(),
  retired: z.boolean(),
});
export type TAdminDiscountCode = z.infer<typeof ZAdminDiscountCode>;
