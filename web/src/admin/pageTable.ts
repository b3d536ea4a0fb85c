import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import { adminBasePath, type AdminShell } from './shell.ts';
import { adminRoutePattern } from '@quizlead/shared/adminPaths.ts';
import type { AdminScreen } from './urls.ts';

interface AdminPage {
  load(): Promise<ComponentType>;
  /** The only shell that has this screen; else both. */
  shell?: AdminShell;
}

/**
 * THE page table of the admin, mounted by both shells under their base path (urls.ts, routes.tsx):
 * every screen and the page that shows it. Pages load when first opened, so a shell starts with its
 * frame only. Kept apart from the route elements (and so from Polaris) so that a shell's entry can
 * start loading the page asked for without carrying the admin's components.
 */
export const adminPages: Record<AdminScreen, AdminPage> = {
  Dashboard: { load: () => import('./pages/dashboard/Dashboard.tsx').then((m) => m.Dashboard) },
  Tutorials: { load: () => import('./pages/tutorials/Tutorials.tsx').then((m) => m.Tutorials) },
  Account: { load: () => import('./pages/Account.tsx').then((m) => m.Account) },
  Settings: { load: () => import('./pages/settings/SettingsPage.tsx').then((m) => m.SettingsPage) },
  Deliveries: { load: () => import('./pages/deliveries/DeliveryLogPage.tsx').then((m) => m.DeliveryLogPage) },
  Quizzes: { load: () => import('./pages/quizzes/Quizzes.tsx').then((m) => m.Quizzes) },
  Templates: { load: () => import('./pages/templates/Templates.tsx').then((m) => m.Templates) },
  'Quiz/Create': { load: () => import('./pages/quizEditor/QuizCreatePage.tsx').then((m) => m.QuizCreatePage) },
  'Quiz/Edit': { load: () => import('./pages/quizEditor/QuizEditorPage.tsx').then((m) => m.QuizEditorPage) },
  'Quiz/Share': { load: () => import('./pages/quizShare/QuizSharePage.tsx').then((m) => m.QuizSharePage) },
  'Quiz/Analytics': { load: () => import('./pages/quizReport/QuizReportPage.tsx').then((m) => m.QuizReportPage) },
  // Paths match case-insensitively, so /app/Answersheet/{id} opens the sheet too.
  answersheet: { load: () => import('./pages/answerSheet/AnswerSheetPage.tsx').then((m) => m.AnswerSheetPage) },
  Feedback: { load: () => import('./pages/feedbacks/FeedbackPages.tsx').then((m) => m.FeedbackCreatePage) },
  FeedbackLists: { load: () => import('./pages/feedbacks/FeedbackListPage.tsx').then((m) => m.FeedbackListPage) },
  'Feedback/Edit': { load: () => import('./pages/feedbacks/FeedbackPages.tsx').then((m) => m.FeedbackEditPage) },
  'Feedback/share': { load: () => import('./pages/feedbacks/FeedbackPages.tsx').then((m) => m.FeedbackSharePage) },
  'Feedback/response': {
    load: () => import('./pages/feedbacks/FeedbackResponsesPage.tsx').then((m) => m.FeedbackResponsesPage),
  },
  'poll/lists': { load: () => import('./pages/polls/PollListPage.tsx').then((m) => m.PollListPage) },
  'poll/create': { load: () => import('./pages/polls/PollPages.tsx').then((m) => m.PollCreatePage) },
  'poll/edit': { load: () => import('./pages/polls/PollPages.tsx').then((m) => m.PollEditPage) },
  'poll/share': { load: () => import('./pages/polls/PollPages.tsx').then((m) => m.PollSharePage) },
  'poll/vote': { load: () => import('./pages/polls/PollVotesPage.tsx').then((m) => m.PollVotesPage) },
  'wheel_spinner/lists': { load: () => import('./pages/wheels/WheelListPage.tsx').then((m) => m.WheelListPage) },
  'wheel_spinner/create': { load: () => import('./pages/wheels/WheelPages.tsx').then((m) => m.WheelCreatePage) },
  'wheel_spinner/edit': { load: () => import('./pages/wheels/WheelPages.tsx').then((m) => m.WheelEditPage) },
  'wheelspin/share': { load: () => import('./pages/wheels/WheelPages.tsx').then((m) => m.WheelSharePage) },
  'wheelspin/response': { load: () => import('./pages/wheels/WheelSpinsPage.tsx').then((m) => m.WheelSpinsPage) },
  Products: { load: () => import('./pages/products/ProductsPage.tsx').then((m) => m.ProductsPage) },
  PostPurchaseSurvey: {
    load: () => import('./pages/postPurchase/PostPurchaseReportPage.tsx').then((m) => m.PostPurchaseReportPage),
    shell: 'embedded',
  },
  Plan: { load: () => import('./pages/plan/ShopifyPlanPage.tsx').then((m) => m.ShopifyPlanPage), shell: 'embedded' },
  Plans: { load: () => import('./pages/plans/PlansPage.tsx').then((m) => m.PlansPage), shell: 'standalone' },
  Invoices: { load: () => import('./pages/invoices/InvoicesPage.tsx').then((m) => m.InvoicesPage), shell: 'standalone' },
  Contactus: { load: () => import('./pages/contact/ContactPage.tsx').then((m) => m.ContactPage), shell: 'standalone' },
  'refer-friend': {
    load: () => import('./pages/referFriend/ReferFriendPage.tsx').then((m) => m.ReferFriendPage),
    shell: 'standalone',
  },
  Admin: { load: () => import('./pages/admin/AdminArea.tsx').then((m) => m.AdminArea), shell: 'standalone' },
};

export const adminScreens = Object.keys(adminPages) as AdminScreen[];

/** The screen's path under the base, as a route pattern (Admin matches every path under its own: its page routes them). */
export const routePattern = adminRoutePattern;

/** Whether a shell has the screen. */
export const inShell = (shell: AdminShell) => (screen: AdminScreen) =>
  !adminPages[screen].shell || adminPages[screen].shell === shell;

/**
 * Starts loading the page of an address before the shell is ready to show it (while the session
 * loads), so opening a screen waits for one round trip, not two in a row.
 */
export function preloadAdminPage(pathname: string, shell: AdminShell): void {
  const screen = screenAt(pathname, shell);
  if (screen) void adminPages[screen].load().catch(() => undefined);
}

/** The shell's screen whose route matches an address (case-insensitively, like the routes), if any. */
export function screenAt(pathname: string, shell: AdminShell): AdminScreen | undefined {
  const base = adminBasePath();
  return adminScreens
    .filter(inShell(shell))
    .find((candidate) => matchPath({ path: `${base}/${routePattern(candidate)}`, caseSensitive: false }, pathname));
}
