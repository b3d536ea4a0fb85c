import { z } from 'zod';
import { rangeDays } from '../days.ts';
import { quizTypes } from '../quizzes.ts';
import { dashboardLimits, dashboardMessages, dashboardStatKeys, respondentSorts, tutorialIds } from '../reports.ts';
import { ZExportQuery, ZPage } from './lists.ts';
import { ZVisitorLanguage } from './visitorLanguage.ts';

/**
 * The owner's reading side: the quiz report (KPIs, per-question drop-off, revenue, respondents), the wheel
 * report, the answer sheet of one play, the dashboard with its chart, the tutorials and the short link
 * (docs/api.md).
 */

// ---------------------------------------------------------------------------------------------
// Quiz report: GET /api/v1/quizzes/{id}/report

export const ZQuizKpis = z.object({
  views: z.number().int(),
  starts: z.number().int(),
  completions: z.number().int(),
  /** completions / starts × 100, one decimal; 0 when nobody started. */
  completionRate: z.number(),
  leads: z.number().int(),
  /** The average percentage of the completed plays, for types that score; null for the others or with no plays. */
  averageScore: z.number().nullable(),
});
export type TQuizKpis = z.infer<typeof ZQuizKpis>;

/** How far visitors got: how many were shown each question and how many answered it. */
export const ZQuestionDropOff = z.object({
  id: z.string(),
  position: z.number().int(),
  /** The question as plain text. */
  title: z.string(),
  reached: z.number().int(),
  answered: z.number().int(),
});
export type TQuestionDropOff = z.infer<typeof ZQuestionDropOff>;

// ---------------------------------------------------------------------------------------------
// Revenue (issue 16): orders credited to a quiz or a wheel (orders/create webhook, attributed_orders)

/**
 * Orders and their money. Amounts are integers in minor units of `currency` (cents; yen are whole),
 * as Shopify's totals were; every figure is over the orders in `currency` only (the shop's currency at
 * its latest order): the rare orders in an earlier currency are counted in `otherCurrencyOrders`.
 */
export const ZRevenueFigures = z.object({
  orders: z.number().int(),
  revenue: z.number().int(),
  /** ISO 4217 code; null before the first order. */
  currency: z.string().nullable(),
  /** revenue ÷ orders, rounded to a minor unit; 0 without orders. */
  averageOrderValue: z.number().int(),
  otherCurrencyOrders: z.number().int(),
});
export type TRevenueFigures = z.infer<typeof ZRevenueFigures>;

/** One quiz outcome's orders: `outcome` is the key the code or the cart named (a personality's id…), null when none did. */
export const ZOutcomeRevenue = z.object({
  outcome: z.string().nullable(),
  /** The outcome's title when the quiz still has it, else the key. */
  label: z.string(),
  orders: z.number().int(),
  revenue: z.number().int(),
  averageOrderValue: z.number().int(),
});
export type TOutcomeRevenue = z.infer<typeof ZOutcomeRevenue>;

export const ZQuizRevenue = ZRevenueFigures.extend({
  /** orders ÷ completions × 100, one decimal; 0 without completions. */
  conversion: z.number(),
  /** The outcomes with orders, most revenue first. */
  byOutcome: z.array(ZOutcomeRevenue),
});
export type TQuizRevenue = z.infer<typeof ZQuizRevenue>;

export const ZQuizReport = z.object({
  quiz: z.object({ id: z.uuid(), title: z.string(), quizType: z.enum(quizTypes), status: z.enum(['draft', 'published']) }),
  kpis: ZQuizKpis,
  questions: z.array(ZQuestionDropOff),
  /** Orders the quiz brought; null for standalone accounts (no shop, no orders). */
  revenue: ZQuizRevenue.nullable(),
});
export type TQuizReport = z.infer<typeof ZQuizReport>;
export const ZQuizReportResponse = z.object({ data: ZQuizReport });

// ---------------------------------------------------------------------------------------------
// Wheel report: GET /api/v1/wheels/{id}/report

/** One slice's spins and orders: `slice` is the option's index (null when the order named none). */
export const ZSliceRevenue = z.object({
  slice: z.number().int().nullable(),
  /** The option's text, or 'Slice n' for an option removed since. */
  label: z.string(),
  spins: z.number().int(),
  orders: z.number().int(),
  revenue: z.number().int(),
  averageOrderValue: z.number().int(),
  /** orders ÷ spins of the slice × 100, one decimal; 0 without spins. */
  conversion: z.number(),
});
export type TSliceRevenue = z.infer<typeof ZSliceRevenue>;

export const ZWheelRevenue = ZRevenueFigures.extend({
  /** orders ÷ spins × 100, one decimal; 0 without spins. */
  conversion: z.number(),
  /** Every slice of the wheel in order, then any slice with orders that it no longer has. */
  bySlice: z.array(ZSliceRevenue),
});
export type TWheelRevenue = z.infer<typeof ZWheelRevenue>;

export const ZWheelReport = z.object({
  wheel: z.object({ id: z.uuid(), description: z.string() }),
  spins: z.number().int(),
  /** Null for standalone accounts. */
  revenue: ZWheelRevenue.nullable(),
});
export type TWheelReport = z.infer<typeof ZWheelReport>;
export const ZWheelReportResponse = z.object({ data: ZWheelReport });

// ---------------------------------------------------------------------------------------------
// Respondents: GET /api/v1/quizzes/{id}/respondents, GET /api/v1/quizzes/{id}/respondents/export?format=

export const ZRespondentsQuery = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  sort: z.enum(respondentSorts).default('date'),
  direction: z.enum(['asc', 'desc']).default('desc'),
  /** Only the plays shown in this language (issue 34). */
  language: ZVisitorLanguage.optional(),
});
export type TRespondentsQuery = z.input<typeof ZRespondentsQuery>;

/** One completed play: who, what result, when and where. */
export const ZRespondentRow = z.object({
  /** The play id: the answer sheet's address is /app/answersheet/{id}. */
  id: z.uuid(),
  email: z.string().nullable(),
  name: z.string().nullable(),
  /** The result as the visitor saw it ('8 / 10 (80%)', 'The Explorer'…). */
  result: z.string(),
  /** When the play completed, ISO 8601. */
  playedAt: z.string(),
  country: z.string(),
  state: z.string(),
  city: z.string(),
  /** The language the visitor was shown; null for plays from before languages. */
  language: z.string().nullable(),
});
export type TRespondentRow = z.infer<typeof ZRespondentRow>;
export const ZRespondentsResponse = z.object({ data: ZPage(ZRespondentRow) });
/** The respondents export: its format, and the same language filter as the table. */
export const ZRespondentsExportQuery = ZExportQuery.extend({ language: ZVisitorLanguage.optional() });
export type TRespondentsPage = z.infer<typeof ZRespondentsResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Answer sheet: GET /api/v1/plays/{id}/answer-sheet

export const ZAnswerSheetAnswer = z.object({
  id: z.string(),
  text: z.string(),
  image: z.string().nullable(),
  selected: z.boolean(),
});

export const ZAnswerSheetQuestion = z.object({
  id: z.string(),
  /** The question's place in the quiz, from 1: its number on the sheet, whichever questions the play skipped. */
  position: z.number().int(),
  /** Plain text. */
  title: z.string(),
  image: z.string().nullable(),
  answers: z.array(ZAnswerSheetAnswer),
});

export const ZAnswerSheet = z.object({
  play: z.object({
    id: z.uuid(),
    quizId: z.uuid(),
    quizTitle: z.string(),
    quizType: z.enum(quizTypes),
    playedAt: z.string(),
    result: z.string(),
    email: z.string().nullable(),
    name: z.string().nullable(),
    country: z.string(),
    state: z.string(),
    city: z.string(),
  }),
  /**
   * The questions the visitor answered, in quiz order, with every option and the picked ones marked.
   * Empty when the play has no answers (the sheet then reads 'No data found').
   */
  questions: z.array(ZAnswerSheetQuestion),
});
export type TAnswerSheet = z.infer<typeof ZAnswerSheet>;
export const ZAnswerSheetResponse = z.object({ data: ZAnswerSheet });

// ---------------------------------------------------------------------------------------------
// Dashboard: GET /api/v1/dashboard?start=&end=, GET /api/v1/dashboard/graph?start=&end=

const ZDay = z.iso.date({ error: dashboardMessages.dateInvalid });

/** A range of days, both ends included; the server also refuses days after its today (UTC). */
export const ZDashboardQuery = z
  .object({
    start: ZDay.optional(),
    end: ZDay.optional(),
    /** Only the plays and web responses shown in this language (issue 34); views have no language and stay whole. */
    language: ZVisitorLanguage.optional(),
  })
  .superRefine((range, ctx) => {
    if (!range.start || !range.end) return;
    if (range.start > range.end) ctx.addIssue({ code: 'custom', path: ['start'], message: dashboardMessages.rangeInvalid });
    if (rangeDays({ start: range.start, end: range.end }) > dashboardLimits.maxRangeDays)
      ctx.addIssue({ code: 'custom', path: ['start'], message: dashboardMessages.rangeTooLong });
  });
export type TDashboardQuery = z.input<typeof ZDashboardQuery>;

export const ZDashboardStat = z.object({ key: z.enum(dashboardStatKeys), value: z.number().int() });

export const ZDashboard = z.object({
  range: z.object({ start: z.string(), end: z.string() }),
  /** Every key of dashboardStatKeys, in that order. Counts of quizzes, questions and web responses are all-time; the rest are within the range. */
  stats: z.array(ZDashboardStat),
  /** Leads (emails) collected within the range. */
  leads: z.number().int(),
  /** Orders placed within the range that a quiz or a wheel brought (each order once); null for standalone accounts. */
  revenue: ZRevenueFigures.nullable(),
});
export type TDashboard = z.infer<typeof ZDashboard>;
export const ZDashboardResponse = z.object({ data: ZDashboard });

/** Completions per day: every day of the range, oldest first, days without plays at 0. */
export const ZDashboardGraphResponse = z.object({
  data: z.array(z.object({ day: z.string(), completions: z.number().int() })),
});
export type TDashboardGraph = z.infer<typeof ZDashboardGraphResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Tutorials: GET /api/v1/tutorials

export const ZTutorial = z.object({
  id: z.enum(tutorialIds),
  title: z.string(),
  description: z.string(),
  url: z.url(),
});
export type TTutorial = z.infer<typeof ZTutorial>;
export const ZTutorialsResponse = z.object({ data: z.array(ZTutorial) });

// ---------------------------------------------------------------------------------------------
// Short link: POST /api/v1/quizzes/{id}/short-link (made on first call, the same one after)

export const ZShortLinkResponse = z.object({ data: z.object({ code: z.string(), path: z.string() }) });
export type TShortLink = z.infer<typeof ZShortLinkResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Shopify placement: GET /api/v1/quizzes/{id}/shopify

export const ZShopifyPlacementResponse = z.object({
  data: z.union([
    /** The theme editor, opened on the storefront's home page with the quiz block ready to add. */
    z.object({
      available: z.literal(true),
      shopDomain: z.string(),
      editorUrl: z.url(),
      blockHandle: z.string(),
      /** The theme editor's App embeds with the app embed (a site-wide pop-up or slide-in) switched on. */
      appEmbedUrl: z.url(),
      embedHandle: z.string(),
      /**
       * The quiz's own page in the storefront (app proxy, quiz/publishshopifyquiz): its address once the
       * quiz is published, else the message shown in its place.
       */
      storefront: z.union([
        z.object({ published: z.literal(true), url: z.url() }),
        z.object({ published: z.literal(false), message: z.string() }),
      ]),
    }),
    z.object({ available: z.literal(false), message: z.string() }),
  ]),
});
export type TShopifyPlacement = z.infer<typeof ZShopifyPlacementResponse>['data'];

// ---------------------------------------------------------------------------------------------
// Play progress (public): POST /api/v1/public/plays/{id}/progress, for the report's drop-off

/** The question the visitor is now shown; sent once per question, retries count once. */
export const ZProgressRequest = z.object({ questionId: z.uuid() });
