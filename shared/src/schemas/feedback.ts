import { ZFooterLinks } from '../poweredBy.ts';
import { accountModes } from '../constants.ts';
import { z } from 'zod';
import { adPixelFields, adPixelIdFields } from './adPixels.ts';
import { feedbackDefaults, feedbackLimits, feedbackMessages, feelingTypes } from '../engagement.ts';
import { ZHexColor, ZOptionalEmail, ZSubmissionId } from './engagement.ts';
import { ZPage } from './lists.ts';
import { ZPublicI18n, ZVisitorLanguage } from './visitorLanguage.ts';

/** Web responses (feedback widgets): the builder, the lists and the public widget (spec 2.5, 2.9, 3, 5). */

const text = (max: number, messages: { missing: string; tooLong: string }) =>
  z.string({ error: messages.missing }).trim().min(1, messages.missing).max(max, messages.tooLong);

/** A theme colour, or null (an empty string too) for the default look. */
const ZCustomColor = z
  .union([z.literal(''), ZHexColor])
  .nullable()
  .default(null)
  .transform((color) => color || null);

/** The builder's messages on create ('… is required.') and on update ('… cannot be null or empty.'). */
const feedbackFields = (messages: { title: string; feelingType: string; question: string }) => ({
  title: text(feedbackLimits.title, { missing: messages.title, tooLong: feedbackMessages.titleTooLong }),
  feelingType: z.enum(feelingTypes, { error: messages.feelingType }),
  question: text(feedbackLimits.question, { missing: messages.question, tooLong: feedbackMessages.questionTooLong }),
  customColor: ZCustomColor,
  collectEmail: z.boolean().default(feedbackDefaults.collectEmail),
  /** Its own Meta Pixel and TikTok Pixel ids (issue 35); blank for the account's defaults. */
  ...adPixelFields,
});

export const ZCreateFeedbackRequest = z.object(
  feedbackFields({
    title: feedbackMessages.titleRequired,
    feelingType: feedbackMessages.feelingTypeRequired,
    question: feedbackMessages.questionRequired,
  }),
);
export type TCreateFeedbackRequest = z.input<typeof ZCreateFeedbackRequest>;

/** The whole web response again (PUT). */
export const ZUpdateFeedbackRequest = z.object(
  feedbackFields({
    title: feedbackMessages.titleEmpty,
    feelingType: feedbackMessages.feelingTypeEmpty,
    question: feedbackMessages.questionEmpty,
  }),
);
export type TUpdateFeedbackRequest = z.input<typeof ZUpdateFeedbackRequest>;

export const ZFeedback = z.object({
  id: z.uuid(),
  title: z.string(),
  feelingType: z.enum(feelingTypes),
  question: z.string(),
  customColor: z.string().nullable(),
  collectEmail: z.boolean(),
  ...adPixelIdFields,
  totalResponses: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TFeedback = z.infer<typeof ZFeedback>;
export const ZFeedbackResponse = z.object({ data: ZFeedback });

export const ZFeedbackListRow = ZFeedback.pick({
  id: true,
  title: true,
  feelingType: true,
  totalResponses: true,
  createdAt: true,
});
export type TFeedbackListRow = z.infer<typeof ZFeedbackListRow>;
/** `total` is the '{n} Total' of the list. */
export const ZFeedbackListResponse = z.object({ data: ZPage(ZFeedbackListRow) });

/** A row of the responses table: the feeling type at the time, the value sent, the email and when (ISO). */
export const ZFeedbackResponseRow = z.object({
  id: z.uuid(),
  feelingType: z.string(),
  value: z.string(),
  email: z.string().nullable(),
  date: z.string(),
  /** The language the visitor was shown; null for submissions from before languages. */
  language: z.string().nullable(),
});
export type TFeedbackResponseRow = z.infer<typeof ZFeedbackResponseRow>;
export const ZFeedbackResponsesResponse = z.object({ data: ZPage(ZFeedbackResponseRow) });

// Public widget

export const ZPublicFeedback = z.object({
  id: z.uuid(),
  /** Free accounts' pages show the 'Powered By' footer. */
  ownerMode: z.enum(accountModes),
  /** Where that footer leads (a shop's: the App Store listing, or nowhere). */
  footerLinks: ZFooterLinks,
  title: z.string(),
  question: z.string(),
  feelingType: z.enum(feelingTypes),
  /** What the visitor can pick, in order (feelingValues of the type). */
  values: z.array(z.string()),
  customColor: z.string().nullable(),
  collectEmail: z.boolean(),
  ...adPixelIdFields,
  /** Its languages and the owner's translations of what is shown (shared/src/i18n/itemTexts.ts localizeItem). */
  i18n: ZPublicI18n.optional(),
});
export type TPublicFeedback = z.infer<typeof ZPublicFeedback>;
export const ZPublicFeedbackResponse = z.object({ data: ZPublicFeedback });

export const ZFeedbackSubmission = z.object({
  submissionId: ZSubmissionId,
  /** One of the widget's values ('Happy', '4*', 'Thumbs Up', '3'…). */
  value: z
    .string({ error: feedbackMessages.valueRequired })
    .trim()
    .min(1, feedbackMessages.valueRequired)
    .max(40, feedbackMessages.valueRequired),
  /** Required (and checked) when the widget collects emails. */
  email: ZOptionalEmail,
  /** The language the visitor was shown (issue 34, contract 5); kept with the submission for reports. */
  language: ZVisitorLanguage.optional(),
});
export type TFeedbackSubmission = z.input<typeof ZFeedbackSubmission>;

export const ZFeedbackSubmissionResponse = z.object({ data: z.object({ message: z.string() }) });
