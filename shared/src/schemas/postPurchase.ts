import { z } from 'zod';

/**
 * The post-purchase survey (issue 36): the contract between the thank-you / order status extensions and
 * the app (GET /extensions/post-purchase/survey, POST /extensions/post-purchase/answers), and the owner's
 * survey settings (which poll or web response, for which orders).
 */

export const postPurchaseSurfaces = ['thank_you', 'order_status'] as const;
export type PostPurchaseSurface = (typeof postPurchaseSurfaces)[number];

export const postPurchaseAudiences = ['all', 'new', 'returning'] as const;
export type PostPurchaseAudience = (typeof postPurchaseAudiences)[number];

export const postPurchaseItemKinds = ['poll', 'feedback'] as const;
export type PostPurchaseItemKind = (typeof postPurchaseItemKinds)[number];

export const postPurchaseLimits = {
  otherText: 500,
  /** The largest order bound, in minor units (a safe integer well above any order). */
  orderMinor: 1_000_000_000_000,
} as const;

export const postPurchaseMessages = {
  orderIdInvalid: 'orderId must be a Shopify order id (gid://shopify/Order/… or gid://shopify/OrderIdentity/…)',
  surfaceInvalid: 'surface must be thank_you or order_status',
  surveyIdInvalid: 'surveyId must be the id of the survey shown',
  surveyChanged: 'This is not the shop’s current survey',
  choiceRequired: 'Choose one of the answers',
  choiceInvalid: 'choiceId is not one of the survey’s answers',
  otherTextTooLong: `otherText must be at most ${postPurchaseLimits.otherText} characters`,
  otherTextOnlyForOther: 'otherText goes with the Other answer only',
  ratingRequired: 'rating is required',
  ratingInvalid: 'rating is out of range',
  pollClosed: 'This poll is closed.',
  // Owner settings
  itemNotFound: 'Choose one of your polls or web responses',
  rangeInvalid: 'The minimum order value must not be above the maximum',
  amountInvalid: 'Enter an amount of zero or more',
  saved: 'Post-purchase survey saved',
} as const;

/** Shopify's order id as the extension's Order API gives it (thank-you: OrderIdentity; order status: Order). */
export const ZPostPurchaseOrderId = z
  .string({ error: postPurchaseMessages.orderIdInvalid })
  .trim()
  .regex(/^gid:\/\/shopify\/(?:Order|OrderIdentity)\/\d{1,20}$/, postPurchaseMessages.orderIdInvalid);

const ZSurface = z.enum(postPurchaseSurfaces, { error: postPurchaseMessages.surfaceInvalid });

export const ZPostPurchaseSurveyQuery = z.object({
  orderId: ZPostPurchaseOrderId,
  surface: ZSurface,
  /** The buyer's locale (the extension's localization API), over Accept-Language. */
  locale: z.string().trim().max(35).optional(),
});
export type TPostPurchaseSurveyQuery = z.infer<typeof ZPostPurchaseSurveyQuery>;

export const ZPostPurchaseAnswerRequest = z.object({
  orderId: ZPostPurchaseOrderId,
  surface: ZSurface,
  surveyId: z.uuid({ error: postPurchaseMessages.surveyIdInvalid }),
  choiceId: z.string().trim().min(1, postPurchaseMessages.choiceInvalid).max(100, postPurchaseMessages.choiceInvalid).optional(),
  otherText: z
    .string()
    .trim()
    .max(postPurchaseLimits.otherText, postPurchaseMessages.otherTextTooLong)
    .optional()
    .transform((text) => (text ? text : undefined)),
  rating: z
    .number({ error: postPurchaseMessages.ratingInvalid })
    .int(postPurchaseMessages.ratingInvalid)
    .min(1)
    .max(10)
    .optional(),
});
export type TPostPurchaseAnswerRequest = z.infer<typeof ZPostPurchaseAnswerRequest>;

export const ZPostPurchaseSurvey = z.object({
  /** The poll's or web response's id: the answer names it back as surveyId. */
  id: z.uuid(),
  kind: z.enum(postPurchaseItemKinds),
  question: z.string(),
  layout: z.enum(['choice', 'rating']),
  choices: z.array(z.object({ id: z.string(), label: z.string() })).optional(),
  /** The choice that takes free text (a poll option named "Other"). */
  otherChoiceId: z.string().optional(),
  ratingMax: z.union([z.literal(5), z.literal(10)]).optional(),
  submitLabel: z.string(),
  thanks: z.string(),
});
export type TPostPurchaseSurvey = z.infer<typeof ZPostPurchaseSurvey>;

export const ZPostPurchaseSurveyResponse = z.object({ survey: ZPostPurchaseSurvey.nullable() });
export const ZPostPurchaseAnswerResponse = z.object({ ok: z.literal(true), duplicate: z.literal(true).optional() });

// ---------------------------------------------------------------------------------------------
// Owner settings

const ZOrderBound = z
  .number({ error: postPurchaseMessages.amountInvalid })
  .int(postPurchaseMessages.amountInvalid)
  .min(0, postPurchaseMessages.amountInvalid)
  .max(postPurchaseLimits.orderMinor, postPurchaseMessages.amountInvalid)
  .nullable()
  .default(null);

/** What the owner saves: the item asked, who is asked, the order value range in minor units of the shop currency. */
export const ZPostPurchaseSettingsRequest = z
  .object({
    itemKind: z.enum(postPurchaseItemKinds, { error: postPurchaseMessages.itemNotFound }),
    itemId: z.uuid({ error: postPurchaseMessages.itemNotFound }),
    audience: z.enum(postPurchaseAudiences).default('all'),
    minOrderMinor: ZOrderBound,
    maxOrderMinor: ZOrderBound,
    oncePerCustomer: z.boolean().default(true),
    enabled: z.boolean().default(true),
  })
  .refine(
    (settings) =>
      settings.minOrderMinor === null || settings.maxOrderMinor === null || settings.minOrderMinor <= settings.maxOrderMinor,
    {
      message: postPurchaseMessages.rangeInvalid,
      path: ['maxOrderMinor'],
    },
  );
export type TPostPurchaseSettingsRequest = z.input<typeof ZPostPurchaseSettingsRequest>;

export const ZPostPurchaseSettings = z.object({
  itemKind: z.enum(postPurchaseItemKinds),
  itemId: z.uuid(),
  /** The item's title as the owner's lists show it. */
  itemTitle: z.string(),
  audience: z.enum(postPurchaseAudiences),
  minOrderMinor: z.number().int().nullable(),
  maxOrderMinor: z.number().int().nullable(),
  oncePerCustomer: z.boolean(),
  enabled: z.boolean(),
  updatedAt: z.iso.datetime({ offset: true }),
});
export type TPostPurchaseSettings = z.infer<typeof ZPostPurchaseSettings>;

/** GET answers the saved survey (or null), the items the owner can pick, and the shop's currency when known. */
export const ZPostPurchaseSettingsResponse = z.object({
  data: z.object({
    survey: ZPostPurchaseSettings.nullable(),
    items: z.array(z.object({ kind: z.enum(postPurchaseItemKinds), id: z.uuid(), title: z.string() })),
    /** The shop's currency (from its orders), for the order value range; null before the first order. */
    currency: z.string().nullable(),
  }),
});
export type TPostPurchaseSettingsResponse = z.infer<typeof ZPostPurchaseSettingsResponse>;
