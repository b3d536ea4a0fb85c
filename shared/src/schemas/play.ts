import { ZFooterLinks } from '../poweredBy.ts';
import { z } from 'zod';
import { playMessages } from '../playMessages.ts';
import { quizTypes } from '../quizzes.ts';
import { ZEmail, ZEmailOf, ZSingleLine } from './common.ts';
import { ZPhone } from './phone.ts';
import { ZPublicI18n, ZVisitorLanguage } from './visitorLanguage.ts';
import { variantKeys, ZPublicExperiment } from './experiments.ts';
import { ZRecommendedProduct } from './products.ts';
import { ZBranch, ZCategory, ZLocalId, ZQuizSettings } from './quiz.ts';

/**
 * The public quiz player's API: a published quiz without marks, weights or answer personalities,
 * and a play in three steps (start, answers, lead) tied together by a play token.
 */

export { playMessages } from '../playMessages.ts';

export const ZPublicAnswer = z.object({ id: ZLocalId, text: z.string(), image: z.string().nullable() });
export const ZPublicQuestion = z.object({
  id: z.uuid(),
  kind: z.enum(['single', 'true_false', 'multiple']),
  title: z.string(),
  image: z.string().nullable(),
  categoryId: ZLocalId.nullable(),
  /** How many picks advance this question (the engine's advance rule), so no correct flags are sent. */
  picksNeeded: z.number().int().min(1),
  answers: z.array(ZPublicAnswer),
});
export type TPublicQuizQuestion = z.infer<typeof ZPublicQuestion>;

export const ZPublicQuiz = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  quizType: z.enum(quizTypes),
  status: z.enum(['draft', 'published']),
  settings: ZQuizSettings,
  categories: z.array(ZCategory),
  branching: z.object({ enabled: z.boolean(), branches: z.array(ZBranch) }),
  questions: z.array(ZPublicQuestion),
  /** The A/B test the quiz runs, when it changes what the player shows (engine/experiments.ts picks the visitor's variant). */
  experiment: ZPublicExperiment.nullable(),
  owner: z.object({
    /** Free accounts show the 'Powered By' footer and 'Create Your Free Quiz'. */
    mode: z.enum(['free', 'paid']),
    /** Where that footer leads (a shop's: the App Store listing, or nowhere; no sign-up). */
    footerLinks: ZFooterLinks,
    companyName: z.string(),
    companyUrl: z.string(),
    logoUrl: z.string().nullable(),
  }),
  /** Its languages and the owner's translations of what is shown (shared/src/i18n/itemTexts.ts localizeItem). */
  i18n: ZPublicI18n.optional(),
});
export type TPublicQuiz = z.infer<typeof ZPublicQuiz>;

export const ZPublicQuizResponse = z.object({ data: ZPublicQuiz });

/** Start: the client makes the play id; sending it twice starts one play. */
export const ZStartPlayRequest = z.object({
  playId: z.uuid(),
  /** The language the visitor was shown (issue 34, contract 5); kept with the submission for reports. */
  language: ZVisitorLanguage.optional(),
});
export const ZStartPlayResponse = z.object({
  data: z.object({
    playId: z.uuid(),
    playToken: z.string(),
    /** The A/B variant the play counts in (null without a running test, or in a preview). */
    variant: z.enum(variantKeys).nullable(),
  }),
});

/** The picks of the questions the visitor saw: question id → answer ids in the order picked. */
export const ZAnswersRequest = z.object({
  answers: z
    .record(z.string().max(64), z.array(ZLocalId).max(4, 'Too many answers picked for this question'))
    .refine((answers) => Object.keys(answers).length <= 200, 'Too many questions'),
});

const ZConsent = z.boolean().default(false);

/** The lead form: standard (name + email) or the owner's custom form (name, email and its other fields). */
export const ZLeadRequest = z.object({
  name: ZSingleLine(z.string({ error: playMessages.nameRequired }).trim().min(1, playMessages.nameRequired).max(100), 'Name'),
  email: ZEmailOf({ required: playMessages.emailRequired, invalid: playMessages.emailInvalid }),
  consent: ZConsent,
  /** Optional; sent in E.164 by the player (the server checks it again and keeps E.164). */
  phone: ZPhone,
  /** The separate SMS consent checkbox, for the phone given. */
  smsConsent: z.boolean().default(false),
  /** The optional "Email me my result" checkbox (issue 35), shown when the quiz sends result emails. */
  emailResult: z.boolean().default(false),
  /** Other fields of a custom form, kept with the lead. */
  fields: z
    .record(z.string().max(100), z.string().max(2000))
    .refine((fields) => Object.keys(fields).length <= 30, 'Too many fields')
    .default({}),
  /** The language the visitor was shown (issue 34, contract 5); kept with the submission for reports. */
  language: ZVisitorLanguage.optional(),
});
export type TLeadRequest = z.input<typeof ZLeadRequest>;

/** After the answers (or the lead): either the lead form is due, or the result. */
export const ZPlayOutcome = z.discriminatedUnion('status', [
  z.object({
    status: z.literal('lead_required'),
    /** The form to show: the quiz's, or the top personality's custom code when the type has them. */
    leadForm: z.object({ type: z.enum(['standard', 'custom']), code: z.string() }),
  }),
  z.object({
    status: z.literal('completed'),
    /** The engine's result (docs/quiz-types.md), as the server computed and stored it. */
    result: z.record(z.string(), z.unknown()),
    summary: z.string(),
    /** Set when the quiz sends visitors to a custom landing page. */
    redirectUrl: z.string().nullable(),
    /** The products the result recommends, best first (empty when the quiz recommends none). */
    products: z.array(ZRecommendedProduct),
    /** The line-item properties Add to cart gives the products, so the order can be credited to the quiz. */
    cartProperties: z.record(z.string(), z.string()),
    /**
     * The unique discount code the outcome gives (once the visitor left an email): the code and when it
     * stops working, or pending while the shop's codes are being made (send the lead again to get it).
     */
    prize: z
      .union([z.object({ code: z.string(), expiresAt: z.string().nullable() }), z.object({ pending: z.literal(true) })])
      .nullable()
      .optional(),
    /** The lead form offered under the result (the lead gate after the result), until the visitor fills it in. */
    leadForm: z
      .object({ type: z.enum(['standard', 'custom']), code: z.string() })
      .nullable()
      .optional(),
  }),
]);
export type TPlayOutcome = z.infer<typeof ZPlayOutcome>;
export type TOutcomePrize = NonNullable<Extract<TPlayOutcome, { status: 'completed' }>['prize']>;
export const ZPlayOutcomeResponse = z.object({ data: ZPlayOutcome });

export { ZEmail };
