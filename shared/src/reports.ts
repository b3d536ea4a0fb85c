/**
 * The quiz report, the answer sheet, the dashboard and the tutorials: texts, columns and limits
 * (spec: account-player-management.md §2, §3, §8 and §9; spec: builder-widgets-shell.md §1, §2.2, §7 and §9),
 * defined once for the schemas, the server, the screens and the tests. Zod-free, so any bundle may
 * import it.
 */

import type { ScreenPath } from './navigation.ts';

export const reportMessages = {
  /** The spec's words, kept as written (the report's people are 'respondents' everywhere else). */
  noRespondents: 'No player analytics found for this quiz.',
  reportErrorTitle: 'Quiz Report Error',
  exportData: 'Export Data',
  noAnswerSheet: 'No data found',
  notSupported: 'Not supported',
  answersLink: 'Answers',
} as const;

/** What the respondents table and its export both show after the contact, in order. */
const respondentFacts = ['Quiz Result', 'Date of play', 'Country', 'State', 'City', 'Language'] as const;
/** The respondents table's columns, in order. */
export const respondentColumns = ['Email', ...respondentFacts, 'Answers'] as const;
/** The export's: the table's without Answers, and the lead form's optional phone (E.164) after the email. */
export const respondentExportColumns = ['Email', 'Phone', ...respondentFacts] as const;

/** What the respondents table sorts by (the Answers column is a link, not a value). */
export const respondentSorts = ['email', 'result', 'date', 'country', 'state', 'city'] as const;
export type RespondentSort = (typeof respondentSorts)[number];

export const reportLimits = {
  /** Rows per page of the respondents table. */
  respondentsPageSize: 20,
} as const;

// ---------------------------------------------------------------------------------------------
// Dashboard

/** The dashboard's statistic keys, in the order the cards show them (spec section 3). */
export const dashboardStatKeys = [
  'Quiz Count',
  'Published Quiz Count',
  'Draft Quiz Count',
  'Views',
  'Total Played',
  'Completed',
  'Total Questions',
  'Web Response Count',
  'Web Response Completed',
] as const;
export type DashboardStatKey = (typeof dashboardStatKeys)[number];

/** Which section each key belongs to: the Quiz section, then the Web Response section. */
export const dashboardSections = {
  Quiz: dashboardStatKeys.slice(0, 7),
  'Web Response': dashboardStatKeys.slice(7),
} as const;

export const dashboardLimits = {
  /** The default range: the last 30 days up to today. */
  defaultRangeDays: 30,
  /** The longest range the chart and stats accept. */
  maxRangeDays: 366,
} as const;

export const dashboardMessages = {
  leadsGenerated: 'Leads Generated',
  buildYourQuiz: 'Build Your Quiz',
  filter: 'Filter',
  howToCreateTitle: 'How to create a quiz?',
  watchTutorial: 'Watch tutorial',
  chartTitle: 'Quiz completions',
  loading: 'Loading dashboard…',
  rangeInvalid: 'Choose a start date on or before the end date.',
  rangeTooLong: `Choose a range of at most ${dashboardLimits.maxRangeDays} days.`,
  futureDate: 'Dates after today cannot be chosen.',
  dateInvalid: 'Enter a date as YYYY-MM-DD.',
} as const;

/** The local-storage key that remembers the one-time 'How to create a quiz?' dialog was shown. */
export const howToDialogStorageKey = 'quizlead:how-to-create-quiz-shown';
/** The local-storage key that remembers the dashboard tour was finished or skipped. */
export const dashboardTourStorageKey = 'quizlead:dashboard-tour-done';

// ---------------------------------------------------------------------------------------------
// Tutorials

export const tutorialIds = ['first-quiz', 'email-notifications', 'company-logo', 'embedding', 'integrations'] as const;
export type TutorialId = (typeof tutorialIds)[number];

/**
 * The video guides of the Tutorials page (spec: builder-widgets-shell.md §1), each with the screen it
 * teaches: a guide is listed only while its screen exists (shared/src/navigation.ts). Their links are
 * the server's TUTORIAL_LINKS setting (docs/api.md).
 */
export const tutorialTexts: Record<TutorialId, { title: string; description: string; screen: ScreenPath }> = {
  'first-quiz': {
    title: 'Create your first quiz',
    description: 'Pick a template or start blank, add questions, set up lead capture and publish.',
    screen: 'Quizzes',
  },
  'email-notifications': {
    title: 'Email notifications',
    description: 'Get an email for every new lead, and copy in the colleagues who should hear about it.',
    screen: 'Settings',
  },
  'company-logo': {
    title: 'Add your company logo',
    description: 'Upload a 50×50 logo so it shows on every quiz you publish.',
    screen: 'Account',
  },
  embedding: {
    title: 'Embed a quiz on your site',
    description: 'Share by link, short link, iframe or widget script, inline or as a pop-up.',
    screen: 'Quizzes',
  },
  integrations: {
    title: 'Connect your tools',
    description: 'Send leads to automation and email-marketing tools with CRM integrations and webhooks.',
    screen: 'Settings',
  },
};

// ---------------------------------------------------------------------------------------------
// Revenue (issue 16): orders credited to a quiz or a wheel by the orders/create webhook

export const revenueMessages = {
  title: 'Revenue',
  noOrders: 'No orders yet',
  /** Under 'No orders yet', per screen. */
  noOrdersHelp: {
    quiz: 'Orders placed within 7 days of a play show here once Shopify reports them.',
    wheel: 'Orders placed within 7 days of a spin show here once Shopify reports them.',
    dashboard:
      'Orders that quizzes and wheels bring show here: those that use a prize code they gave, or a product added to the cart from a quiz’s result, within 7 days.',
  },
  orders: 'Orders',
  revenue: 'Revenue',
  averageOrderValue: 'Average order value',
  conversion: 'Conversion',
  otherCurrency: 'in another currency, not counted here',
  byOutcome: 'By outcome',
  bySlice: 'By slice',
  unknownOutcome: 'Outcome not known',
  unknownSlice: 'Slice not known',
  loading: 'Loading revenue…',
} as const;

/** Digits of a currency's minor unit (ISO 4217, as Intl knows it: USD 2, JPY 0, KWD 3); 2 for a code Intl does not know. */
export function currencyDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/**
 * A decimal amount as Shopify writes money ('19.90', '1000', '0.5') in minor units of `currency`,
 * worked on the digits so no binary fraction creeps in ('0.29' is 29, not 28.999…); digits past the
 * currency's are rounded half up. Null for anything that is not a plain decimal or exceeds 2^53.
 */
export function toMinorUnits(amount: string, currency: string): number | null {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount.trim());
  if (!match) return null;
  const digits = currencyDigits(currency);
  const fraction = (match[2] ?? '').padEnd(digits + 1, '0');
  const minor = Number(`${match[1]}${fraction.slice(0, digits)}`) + (fraction[digits]! >= '5' ? 1 : 0);
  return Number.isSafeInteger(minor) ? minor : null;
}

/** Minor units as a plain decimal amount of `currency` ('120.00', '1500', '-0.05'), written from the digits: exact. */
export function fromMinorUnits(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const whole = BigInt(minor);
  const sign = whole < 0n ? '-' : '';
  const text = (whole < 0n ? -whole : whole).toString().padStart(digits + 1, '0');
  return digits === 0 ? `${sign}${text}` : `${sign}${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * The average of `count` amounts summing to `total` minor units, as a whole minor unit rounded half up
 * (1999 + 1 + 10000 over 3 orders is 4000, 5 over 2 is 3). Worked in integers (BigInt), so no binary
 * fraction decides a tie and sums past 2^53 stay exact; 0 without amounts. Half up means toward
 * +∞ for a negative total too (-5 over 2 is -2).
 */
export function averageMinorUnits(total: number | bigint, count: number | bigint): number {
  const sum = BigInt(total);
  const n = BigInt(count);
  if (n <= 0n) return 0;
  // floor((2·sum + n) / 2n): BigInt division truncates toward zero, so negatives take the floor by hand.
  const numerator = 2n * sum + n;
  const denominator = 2n * n;
  const quotient = numerator / denominator;
  const floored = numerator % denominator !== 0n && numerator < 0n ? quotient - 1n : quotient;
  return Number(floored);
}

/** Minor units as the currency is written ('$1,234.50', '¥1,000', 'KWD 1.250'), in the admin's English. */
export function formatMoney(minor: number, currency: string, locale = 'en-US'): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(minor / 10 ** currencyDigits(currency));
}
