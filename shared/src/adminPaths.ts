/**
 * The admin's screens by name, each with its route under the shell's base path (spec: the /app/…
 * routes, matched case-insensitively). The admin's route table (web/src/admin/routes.tsx) mounts these
 * patterns and every link is built from them by adminUrl, so no page spells out where a screen lives.
 * Here in shared/ so the server knows the same patterns (the web vitals a page reports name its pattern).
 */
export const adminPaths = {
  Dashboard: '',
  Tutorials: 'Tutorials',
  Account: 'Account',
  Settings: 'Settings',
  /** Settings' delivery log: where each lead went, every attempt, and replay. */
  Deliveries: 'Deliveries',
  Quizzes: 'Quizzes',
  Templates: 'Templates',
  'Quiz/Create': 'Quiz/Create',
  'Quiz/Edit': 'Quiz/Edit/:id',
  'Quiz/Share': 'Quiz/Share/:id',
  'Quiz/Analytics': 'Quiz/Analytics/:id',
  answersheet: 'answersheet/:id',
  Feedback: 'Feedback',
  FeedbackLists: 'FeedbackLists',
  'Feedback/Edit': 'Feedback/Edit/:id',
  'Feedback/share': 'Feedback/share/:id',
  'Feedback/response': 'Feedback/response/:id',
  'poll/lists': 'poll/lists',
  'poll/create': 'poll/create',
  'poll/edit': 'poll/edit/:id',
  'poll/share': 'poll/share/:id/:slug',
  'poll/vote': 'poll/vote/:id',
  'wheel_spinner/lists': 'wheel_spinner/lists',
  'wheel_spinner/create': 'wheel_spinner/create',
  'wheel_spinner/edit': 'wheel_spinner/edit/:id',
  'wheelspin/share': 'wheelspin/share/:id/:slug',
  'wheelspin/response': 'wheelspin/response/:id',
  /** The products quizzes recommend. */
  Products: 'Products',
  /** The post-purchase survey report: a shop's (the standalone shell has no such route). */
  PostPurchaseSurvey: 'PostPurchaseSurvey',
  /** The embedded app's plan, billed by Shopify (the standalone shell has no such route). */
  Plan: 'Plan',
  /** The standalone account's plans, checkout and return from PayPal (the embedded app has Plan instead). */
  Plans: 'Plans',
  Invoices: 'Invoices',
  /** Contact Us, from the help menu. */
  Contactus: 'Contactus',
  /** Refer Friend, from the profile menu. */
  'refer-friend': 'refer-friend',
  /** The platform administrators' area; it routes the paths under it itself (web/src/admin/pages/admin/areaUrls.ts). */
  Admin: 'Admin',
} as const;

export type AdminScreen = keyof typeof adminPaths;

/** Screens that route every path under their own themselves (spec: "Admin (prefix match)"). */
const prefixScreens: readonly AdminScreen[] = ['Admin'];

/** A screen's route pattern under the shell's base path: `Quiz/Edit/:id`, `Admin/*`, '' for the dashboard. */
export const adminRoutePattern = (screen: AdminScreen): string =>
  prefixScreens.includes(screen) ? `${adminPaths[screen]}/*` : adminPaths[screen];
