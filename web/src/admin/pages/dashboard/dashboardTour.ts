import type { TourStep } from '../../components/tour/Tour.tsx';

/** What the dashboard's parts are marked with for the tour (data-tour="…"). */
export const tourAnchors = {
  stats: 'dashboard-stats',
  createQuiz: 'dashboard-create-quiz',
} as const;

const navigationLink = (path: string) => `.Polaris-Navigation a[href="/app/${path}"]`;

/**
 * The dashboard tour (builder-widgets-shell.md 1): snapshots, the quiz work area, plans, invoices,
 * account, settings and the create-quiz button. Plans, invoices and settings have no screen yet, so
 * their steps describe them in the middle of the screen instead of pointing at a missing link.
 */
export const dashboardTourSteps: TourStep[] = [
  {
    id: 'snapshots',
    title: 'Your dashboard at a glance',
    body: 'These snapshots count your quizzes and questions, and how often your quizzes were viewed, played and completed in the chosen dates. Pick other dates and press Filter to compare periods.',
    target: [`[data-tour="${tourAnchors.stats}"]`],
  },
  {
    id: 'quizzes',
    title: 'Your quizzes',
    body: 'Quizzes is your work area: edit a quiz, publish or unpublish it, preview it, delete it, and open its analytics to see who played and what they answered.',
    target: [navigationLink('Quizzes'), `[data-tour="${tourAnchors.stats}"] a[href="/app/Quizzes"]`],
    placement: 'right',
  },
  {
    id: 'plans',
    title: 'Plans',
    body: 'Plans lists what each plan includes, billed monthly or for 12 months. On a paid plan your quizzes no longer show the ‘Powered By’ footer.',
  },
  {
    id: 'invoices',
    title: 'Invoices',
    body: 'Invoices keeps a record of every payment: its date, transaction id, amount and status.',
  },
  {
    id: 'account',
    title: 'Your account',
    body: 'Account holds your name, company details and logo (shown on the quizzes you publish), and lets you change your password.',
    target: [navigationLink('Account')],
    placement: 'right',
  },
  {
    id: 'settings',
    title: 'Settings',
    body: 'Settings connects your tools: send every lead to your CRM or email-marketing service or to a webhook, and choose who gets an email when a new lead arrives.',
  },
  {
    id: 'create-quiz',
    title: 'Create a quiz',
    body: 'Start here: pick a quiz type, then a template or a blank quiz, and build it step by step with a live preview beside it.',
    target: [`[data-tour="${tourAnchors.createQuiz}"]`, `#${tourAnchors.createQuiz}`],
  },
];
