import { z } from 'zod';
import { visibleLength } from '../engine/text.ts';
import { colorKeys, questionKinds, quizDefaults, quizLimits, quizMessages, quizTypes, themeIds } from '../quizzes.ts';
import { propertyLimits, propertyMessages } from './answerProperties.ts';
import { adPixelFields } from './adPixels.ts';
import { ZImageRef, ZSingleLine } from './common.ts';
import { leadGates } from './experiments.ts';
import { ZPrizeSettings } from './prizes.ts';
import { ZProductRecommendations } from './recommendations.ts';

/** Ids the builder makes up for answers, personalities and categories before anything is saved. */
export const ZLocalId = z
  .string()
  .min(1)
  .max(40)
  .regex(/^[\w-]+$/, 'Invalid id');

const text = (max: number) => z.string().trim().max(max, `At most ${max} characters`);
/**
 * Rich text as HTML whose visible text (what a visitor reads, as the builder's counter counts it) holds at
 * most `max` characters; `field` is the builder's label for it. The server sanitises it with an allow-list
 * before storing.
 */
const richText = (field: string, max: number) =>
  z
    .string()
    .max(10_000, 'Text is too long')
    .refine((html) => visibleLength(html) <= max, quizMessages.richTextTooLong(field, max));
const imageUrl = ZImageRef();
const optionalUrl = z
  .string()
  .trim()
  .max(quizLimits.url)
  .refine((value) => value === '' || /^https?:\/\/\S+$/i.test(value), 'Enter a valid url starting with http:// or https://')
  .default('');

export const ZAnswer = z.object({
  id: ZLocalId,
  text: z.string().max(quizLimits.answerText, `At most ${quizLimits.answerText} characters`),
  image: imageUrl,
  /** Graded types: counts 1 (or -1 when wrong with negative marking). */
  correct: z.boolean().default(false),
  /** Weighted type: a number written as text, as owners type it. */
  weight: z.string().trim().max(quizLimits.weight, `At most ${quizLimits.weight} characters`).default(''),
  /** Personality types: the outcome this answer counts for. */
  personalityId: ZLocalId.nullable().default(null),
  /** What destinations receive for this pick instead of its text (e.g. `oily`); '' sends the text (issue 33). */
  value: z.string().trim().max(quizLimits.answerText, `At most ${quizLimits.answerText} characters`).default(''),
  /** Tags added to the contact who picks it (e.g. `skin-oily`). */
  tags: z
    .array(z.string().trim().min(1).max(propertyLimits.tagMaxLength, propertyMessages.tagTooLong))
    .max(propertyLimits.tagsPerOption, propertyMessages.tagsTooMany)
    .default([]),
});
export type TAnswer = z.infer<typeof ZAnswer>;

export const ZQuestion = z.object({
  id: z.uuid(),
  kind: z.enum(questionKinds).default('single'),
  title: richText('Question', quizLimits.questionTitle),
  image: imageUrl,
  categoryId: ZLocalId.nullable().default(null),
  /** The name its answer is sent under ("Send as"; shared/src/schemas/answerProperties.ts); '' for the default slug of its text. */
  propertyKey: z.string().trim().default(''),
  /** Sent to Shopify as a typed metafield merchants can filter customer segments by. */
  segment: z.boolean().default(false),
  answers: z.array(ZAnswer).min(quizLimits.answersMin, 'At least two answers').max(quizLimits.answersMax, 'At most four answers'),
});
export type TQuestion = z.infer<typeof ZQuestion>;

export const ZPersonality = z.object({
  id: ZLocalId,
  title: text(quizLimits.personalityTitle),
  description: richText('Personality description', quizLimits.personalityDescription).default(''),
  image: imageUrl,
  landingUrl: optionalUrl,
  emailFormCode: z.string().max(quizLimits.formCode).default(''),
  /** Score range (percent) for the range-based types. */
  minScore: z.number().int().min(0).max(100).default(0),
  maxScore: z.number().int().min(0).max(100).default(100),
});
export type TPersonality = z.infer<typeof ZPersonality>;

export const ZCategory = z.object({
  id: ZLocalId,
  title: text(quizLimits.personalityTitle),
  description: text(quizLimits.personalityDescription).default(''),
});
export type TCategory = z.infer<typeof ZCategory>;

/** With branching on: after `questionId`, picking `answerId` (or any answer) leads to `to`. */
export const ZBranch = z.object({
  questionId: z.uuid(),
  answerId: z.union([ZLocalId, z.literal('any')]),
  to: z.union([z.uuid(), z.literal('landing')]),
});
export type TBranch = z.infer<typeof ZBranch>;

const ZColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'Colours are #rrggbb');

export const ZQuizSettings = z.object({
  // Settings tab
  welcomeMessage: richText('Welcome message', quizLimits.richTextVisible).default(''),
  startButtonText: text(quizLimits.startButtonText).default(quizDefaults.startButtonText),
  showTitle: z.boolean().default(true),
  showCompanyLogo: z.boolean().default(true),
  scoreType: z.enum(['marks', 'percentage']).default(quizDefaults.scoreType),
  negativeMarking: z.boolean().default(false),
  randomizeQuestions: z.boolean().default(false),
  randomizeAnswers: z.boolean().default(false),
  footerMessage: text(200).default(''),
  // Design tab
  theme: z.enum([...themeIds, 'custom']).default('theme1'),
  themeType: z.union([z.literal(1), z.literal(2), z.null()]).default(1),
  colors: z.partialRecord(z.enum(colorKeys), ZColor).default({}),
  welcomeMessageColor: ZColor.nullable().default(null),
  backgroundImage: imageUrl,
  // Lead tab
  collectEmail: z.boolean().default(true),
  /** Where the lead form comes: before the result (required) or after it (optional). */
  leadGate: z.enum(leadGates).default('before'),
  emailFormType: z.enum(['standard', 'custom']).default('standard'),
  emailFormCode: z.string().max(quizLimits.formCode).default(''),
  emailMessage: text(quizLimits.emailMessage).default(quizDefaults.emailMessage),
  nameFieldText: text(quizLimits.nameFieldText).default(quizDefaults.nameFieldText),
  emailFieldText: text(quizLimits.emailFieldText).default(quizDefaults.emailFieldText),
  continueButtonText: text(quizLimits.continueButtonText).default(quizDefaults.continueButtonText),
  privacyPolicyText: text(quizLimits.privacyPolicyText).default(''),
  privacyPolicyUrl: optionalUrl,
  /** An optional phone field on the standard lead form, with its own unticked SMS consent checkbox. */
  askPhone: z.boolean().default(false),
  /** The SMS consent checkbox's legal text. */
  smsConsentText: text(quizLimits.smsConsentText).default(quizDefaults.smsConsentText),
  /**
   * Email respondents their result (issue 35): sent to a visitor who left their email and ticked consent or
   * the lead form's "Email me my result"; subject and body '' mean the default in the visitor's language.
   */
  resultEmail: z.boolean().default(false),
  resultEmailSubject: ZSingleLine(text(quizLimits.resultEmailSubject), 'Subject').default(''),
  resultEmailBody: text(quizLimits.resultEmailBody).default(''),
  // Outcome tab
  landingType: z.enum(['standard', 'custom']).default('standard'),
  landingUrl: optionalUrl,
  scoreMessage: richText('Score message', quizLimits.richTextVisible).default(''),
  resultPageText: richText('Result page custom text', quizLimits.richTextVisible).default(''),
  offerMessage: text(quizLimits.offerMessage).default(''),
  offerButtonText: text(quizLimits.offerButtonText).default(quizDefaults.offerButtonText),
  offerButtonLink: optionalUrl,
  retakeText: text(quizLimits.retakeText).default(quizDefaults.retakeText),
  hideRetakeButton: z.boolean().default(false),
  socialSharing: z.boolean().default(false),
  socialSharingText: text(100).default(quizDefaults.socialSharingText),
  certificateText: text(200).default(quizDefaults.certificateText),
  // Advanced tab
  metaTitle: text(quizLimits.metaTitle).default(''),
  metaDescription: text(quizLimits.metaDescription).default(''),
  googleAnalyticsId: z
    .string()
    .trim()
    .max(quizLimits.googleAnalyticsId)
    .regex(/^$|^(G|UA|GT)-[\w-]+$/, 'Enter a Google Analytics id like G-XXXXXXX')
    .default(''),
  ...adPixelFields,
  crmTag: text(quizLimits.crmTag).default(''),
});
export type TQuizSettings = z.infer<typeof ZQuizSettings>;

/** A quiz as the builder edits it: everything but its questions. */
export const ZQuizInput = z.object({
  title: text(quizLimits.title),
  quizType: z.enum(quizTypes),
  settings: ZQuizSettings.default(ZQuizSettings.parse({})),
  personalities: z.array(ZPersonality).max(20).default([]),
  categories: z.array(ZCategory).max(20).default([]),
  branching: z
    .object({ enabled: z.boolean().default(false), branches: z.array(ZBranch).max(400).default([]) })
    .default({ enabled: false, branches: [] }),
  /** The products the quiz ends in; left out, a save keeps the stored ones (API clients from before them). */
  productRecommendations: ZProductRecommendations.optional(),
  /**
   * A unique Shopify code per outcome (its key: engine/products.ts outcomeOptions), given to each player
   * who reaches it and leaves an email; left out, a save keeps the stored ones.
   */
  outcomePrizes: z.record(z.string().max(64), ZPrizeSettings).optional(),
});
export type TQuizInput = z.input<typeof ZQuizInput>;
export type TQuizData = z.infer<typeof ZQuizInput>;

/** A whole quiz, the shape the engine and the player work on. */
export type TQuiz = TQuizData & {
  id: string;
  status: 'draft' | 'published';
  slug: string;
  questions: TQuestion[];
};

// ---- API shapes ----

export const ZQuizStatus = z.enum(['draft', 'published']);

/** A quiz as the API returns it to its owner. */
export const ZQuizDetail = ZQuizInput.extend({
  productRecommendations: ZProductRecommendations,
  outcomePrizes: z.record(z.string(), ZPrizeSettings),
  id: z.uuid(),
  status: ZQuizStatus,
  slug: z.string(),
  /** Copied from a template: the list marks its title with a trailing asterisk. */
  fromTemplate: z.boolean(),
  questions: z.array(ZQuestion),
  createdAt: z.string(),
  updatedAt: z.string(),
  publishedAt: z.string().nullable(),
});
export type TQuizDetail = z.infer<typeof ZQuizDetail>;

export const ZQuizListRow = z.object({
  id: z.uuid(),
  title: z.string(),
  quizType: z.enum(quizTypes),
  status: ZQuizStatus,
  slug: z.string(),
  fromTemplate: z.boolean(),
  questionCount: z.number().int(),
  playedCount: z.number().int(),
  createdAt: z.string(),
});
export type TQuizListRow = z.infer<typeof ZQuizListRow>;

export const quizSortFields = ['date', 'questions', 'plays', 'status'] as const;
export const ZQuizListQuery = z.object({
  search: z.string().trim().max(150).default(''),
  sort: z.enum(quizSortFields).default('date'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
});
export type TQuizListQuery = z.input<typeof ZQuizListQuery>;

export const ZQuizListResponse = z.object({
  data: z.object({ items: z.array(ZQuizListRow), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() }),
});

export const ZCreateQuizRequest = z.object({
  quizType: z.enum(quizTypes),
  title: z.string().trim().max(150).default(''),
  theme: z.enum([...themeIds, 'custom']).optional(),
});
export type TCreateQuizRequest = z.input<typeof ZCreateQuizRequest>;

export const ZSaveQuestionsRequest = z.object({ questions: z.array(ZQuestion).max(200, 'At most 200 questions') });
export const ZSaveBranchesRequest = z.object({ enabled: z.boolean(), branches: z.array(ZBranch).max(400) });
export const ZQuizStatusRequest = z.object({ status: ZQuizStatus });

export const ZTemplateCard = z.object({
  id: z.uuid(),
  title: z.string(),
  quizType: z.enum(quizTypes),
  description: z.string(),
  questionCount: z.number().int(),
  image: z.string().nullable(),
});
export type TTemplateCard = z.infer<typeof ZTemplateCard>;
