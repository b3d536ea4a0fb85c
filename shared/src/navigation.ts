/**
 * The signed-in area's screens (spec: account-player-management.md §2, spec: builder-widgets-shell.md §1).
 * One list drives the menu, the dashboard tour and the Tutorials page: a screen joins the menu when it
 * exists (`builtScreens`), and only then does the tour point at it and a tutorial about it show.
 */

import { type Ability, allAbilities } from './permissions.ts';

export interface ScreenTourText {
  title: string;
  body: string;
}

/** The two shells that mount the admin: the standalone SaaS and the Shopify embedded app. */
export type AdminShell = 'standalone' | 'embedded';

export interface Screen {
  label: string;
  /** Other first segments that belong to this entry (the quiz editor lives under Quiz/…). */
  also?: readonly string[];
  /** The dashboard tour's step about this screen, in menu order. */
  tour?: ScreenTourText;
  /** The embedded app's wording of that step, where the shop's admin differs (no password there). */
  embeddedTour?: ScreenTourText;
  /** The only shell that has this screen (standalone payments; Shopify's plan page); else both. */
  shell?: AdminShell;
  /** Listed for platform administrators only (the server answers 404 to anyone else). */
  platformAdminOnly?: boolean;
  /** Listed only for a role with this ability (the server refuses the screen's data to others). */
  requires?: Ability;
}

/** Who looks at the menu: what their role may do, and whether they run the platform. */
export interface Viewer {
  platformAdmin: boolean;
  abilities: readonly Ability[];
}

/** An account owner who is not a platform administrator: the menu most people see. */
const ownerViewer: Viewer = { platformAdmin: false, abilities: allAbilities };

/** Every screen of the spec's menu, by its path under /app ('' is the dashboard), in menu order. */
export const screens = {
  '': { label: 'Dashboard' },
  Quizzes: {
    label: 'Quizzes',
    also: ['Quiz', 'answersheet'],
    tour: {
      title: 'Your quizzes',
      body: 'Quizzes is your work area: edit a quiz, publish or unpublish it, preview it, delete it, and open its analytics to see who played and what they answered.',
    },
  },
  Templates: { label: 'Templates' },
  FeedbackLists: { label: 'Web Response', also: ['Feedback'] },
  'poll/lists': { label: 'Poll', also: ['poll'] },
  'wheel_spinner/lists': { label: 'Wheel Spin', also: ['wheel_spinner', 'wheelspin'] },
  /** The products quizzes recommend: a shop's synced catalogue, or ones typed in by hand. */
  Products: { label: 'Products', requires: 'product.read' },
  /** What buyers answered in the post-purchase survey, with revenue per answer: a shop's orders only. */
  PostPurchaseSurvey: { label: 'Post-purchase survey', shell: 'embedded', requires: 'report.read' },
  /** A shop's plan: Shopify bills it (App Pricing) and hosts the page to change it. */
  Plan: { label: 'Plan', shell: 'embedded' },
  Plans: {
    label: 'Plans',
    requires: 'billing.read',
    shell: 'standalone',
    tour: {
      title: 'Plans',
      body: 'Plans lists what each plan includes, billed monthly or for 12 months. On a paid plan your quizzes no longer show the ‘Powered By’ footer.',
    },
  },
  Invoices: {
    label: 'Invoices',
    requires: 'billing.read',
    shell: 'standalone',
    tour: {
      title: 'Invoices',
      body: 'Invoices keeps a record of every payment: its date, transaction id, amount and status.',
    },
  },
  Account: {
    label: 'Account',
    tour: {
      title: 'Your account',
      body: 'Account holds your name, company details and logo (shown on the quizzes you publish), and lets you change your password.',
    },
    embeddedTour: {
      title: 'Your account',
      body: 'Account holds your name, company details and logo, shown on the quizzes you publish.',
    },
  },
  Settings: {
    label: 'Settings',
    also: ['Deliveries'],
    tour: {
      title: 'Settings',
      body: 'Settings connects your tools: send every lead to your CRM or email-marketing service or to a webhook, and choose who gets an email when a new lead arrives.',
    },
  },
  Tutorials: { label: 'Tutorials' },
  /** The platform administrators' area: accounts, plans, templates, failures, messages, audit log. */
  Admin: { label: 'Admin', shell: 'standalone', platformAdminOnly: true },
} as const satisfies Record<string, Screen>;

export type ScreenPath = keyof typeof screens;

/** The screens that exist today: a screen joins here when it is built. */
const builtScreens: readonly ScreenPath[] = [
  '',
  'Quizzes',
  'Templates',
  'FeedbackLists',
  'poll/lists',
  'wheel_spinner/lists',
  'Products',
  'PostPurchaseSurvey',
  'Plan',
  'Plans',
  'Invoices',
  'Account',
  'Settings',
  'Tutorials',
  'Admin',
];

export interface NavigationEntry extends Screen {
  path: ScreenPath;
}

/** Every built screen in the spec's order, in either shell. */
export const navigation: readonly NavigationEntry[] = (Object.keys(screens) as ScreenPath[])
  .filter((path) => builtScreens.includes(path))
  .map((path) => ({ path, ...screens[path] }));

/**
 * A shell's menu as `viewer` may see it: the built screens the shell has (the embedded app has Shopify's
 * plan, not the standalone payments), those the viewer's role may open, and the admin area only for
 * platform administrators.
 */
export function navigationFor(shell: AdminShell, viewer: Viewer = ownerViewer): readonly NavigationEntry[] {
  return navigation.filter(
    (entry) =>
      (!entry.shell || entry.shell === shell) &&
      (!entry.platformAdminOnly || viewer.platformAdmin) &&
      (!entry.requires || viewer.abilities.includes(entry.requires)),
  );
}

/** The menu entry of a screen's own path ('Plans'), or null for a screen the menu does not list (Quiz/Edit). */
export function screenEntry(path: string): NavigationEntry | null {
  return navigation.find((entry) => entry.path === path) ?? null;
}

export function screenExists(path: ScreenPath): boolean {
  return navigation.some((entry) => entry.path === path);
}

/** Screens reached from the top bar's menus, not the side navigation: nothing is marked there for them. */
const topBarScreens: readonly string[] = ['contactus', 'refer-friend'];

/**
 * The menu entry of a location: the first URL segment after the shell's base path (/app standalone),
 * matched case-insensitively like the routes; null for a top-bar screen.
 */
export function selectedPath(pathname: string, basePath = '/app'): ScreenPath | null {
  const [path, base] = [pathname.toLowerCase(), basePath.toLowerCase()];
  const rest = path === base || path.startsWith(`${base}/`) ? pathname.slice(basePath.length) : pathname;
  const segment = rest.replace(/^\/+/, '').split('/')[0] ?? '';
  const wanted = segment.toLowerCase();
  if (topBarScreens.includes(wanted)) return null;
  const match = navigation.find((entry) => [entry.path, ...(entry.also ?? [])].some((path) => path.toLowerCase() === wanted));
  return match ? match.path : '';
}
