/**
 * The quiz report, the answer sheet, the dashboard and the tutorials: texts, columns and limits
 * (account-player-management.md sections 2, 3, 8 and 9; builder-widgets-shell.md 1, 2.2, 7 and 9),
 * defined once for the schemas, the server, the screens and the tests. Zod-free, so any bundle may
 * import it.
 */

import type { ScreenPath } from './navigation.ts';

export const reportMessages = {
  noPlayers: 'No player analytics found for this quiz.',
  reportErrorTitle: 'Quiz Report Error',
  exportData: 'Export Data',
  noAnswerSheet: 'No data found',
  notSupported: 'Not supported',
  answersLink: 'Answers',
} as const;

/** The players table's columns, in order; the export leaves out Answers. */
export const playerColumns = ['Email', 'Quiz Result', 'Date of play', 'Country', 'State', 'City', 'Answers'] as const;
export const playerExportColumns = playerColumns.filter((column) => column !== 'Answers');

/** What the players table sorts by (the Answers column is a link, not a value). */
export const playerSorts = ['email', 'result', 'date', 'country', 'state', 'city'] as const;
export type PlayerSort = (typeof playerSorts)[number];

export const reportLimits = {
  /** Rows per page of the players table. */
  playersPageSize: 20,
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
