import { adminBasePath } from './shell.ts';

/**
 * The admin's screens by name, each with its route under the shell's base path (spec: the /app/…
 * routes, matched case-insensitively). The route table (routes.tsx) mounts these patterns and every
 * link is built from them by adminUrl, so no page spells out where a screen lives.
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
  /** The platform administrators' area; it routes the paths under it itself (pages/admin/areaUrls.ts). */
  Admin: 'Admin',
} as const;

export type AdminScreen = keyof typeof adminPaths;

type ParamNames<Pattern extends string> = Pattern extends `${string}:${infer Name}/${infer Rest}`
  ? [Name, ...ParamNames<Rest>]
  : Pattern extends `${string}:${infer Name}`
    ? [Name]
    : [];

type Strings<Names extends unknown[]> = { [Index in keyof Names]: string };

/** One string per `:param` of the screen's pattern, in order, then an optional query. */
export type AdminUrlArgs<Screen extends AdminScreen> = [
  ...Strings<ParamNames<(typeof adminPaths)[Screen]>>,
  query?: Record<string, string>,
];

/**
 * The address of a screen in the current shell: adminUrl('Quiz/Edit', id) is /app/Quiz/Edit/{id}
 * standalone and /shopify/app/Quiz/Edit/{id} embedded; adminUrl('Templates', { quiztype }) adds a
 * query. Values are URL-encoded. The dashboard keeps its trailing slash (/app/).
 */
export function adminUrl<Screen extends AdminScreen>(screen: Screen, ...args: AdminUrlArgs<Screen>): string {
  const values = args.filter((arg): arg is string => typeof arg === 'string');
  const query = args.find((arg): arg is Record<string, string> => typeof arg === 'object' && arg !== null);
  let next = 0;
  const path = adminPaths[screen].replace(/:\w+/g, (param) => {
    const value = values[next++];
    if (value === undefined) throw new Error(`adminUrl('${screen}') needs a value for ${param}`);
    return encodeURIComponent(value);
  });
  const search = query ? new URLSearchParams(query).toString() : '';
  return adminPath(path) + (search ? `?${search}` : '');
}

/** A path under the shell's base: adminPath('Quizzes') is /app/Quizzes; adminPath('') is /app/. */
export function adminPath(path: string): string {
  return `${adminBasePath()}/${path.replace(/^\/+/, '')}`;
}

/** A Polaris back action or breadcrumb to a screen. */
export function adminLink<Screen extends AdminScreen>(content: string, screen: Screen, ...args: AdminUrlArgs<Screen>) {
  return { content, url: adminUrl(screen, ...args) };
}
