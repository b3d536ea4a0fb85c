/**
 * The signed-in area's screens (spec: account-player-management.md §2, builder-widgets-shell.md §1).
 * One list drives the menu, the dashboard tour and the Tutorials page: a screen joins the menu when it
 * exists (`builtScreens`), and only then does the tour point at it and a tutorial about it show.
 */

export interface ScreenTourText {
  title: string;
  body: string;
}

export interface Screen {
  label: string;
  /** Other first segments that belong to this entry (the quiz editor lives under Quiz/…). */
  also?: readonly string[];
  /** The dashboard tour's step about this screen, in menu order. */
  tour?: ScreenTourText;
}

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
  Plans: {
    label: 'Plans',
    tour: {
      title: 'Plans',
      body: 'Plans lists what each plan includes, billed monthly or for 12 months. On a paid plan your quizzes no longer show the ‘Powered By’ footer.',
    },
  },
  Invoices: {
    label: 'Invoices',
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
  },
  Settings: {
    label: 'Settings',
    tour: {
      title: 'Settings',
      body: 'Settings connects your tools: send every lead to your CRM or email-marketing service or to a webhook, and choose who gets an email when a new lead arrives.',
    },
  },
  Tutorials: { label: 'Tutorials' },
} as const satisfies Record<string, Screen>;

export type ScreenPath = keyof typeof screens;

/** The screens that exist today. Plans, Invoices and Settings join here when they are built. */
const builtScreens: readonly ScreenPath[] = [
  '',
  'Quizzes',
  'Templates',
  'FeedbackLists',
  'poll/lists',
  'wheel_spinner/lists',
  'Account',
  'Tutorials',
];

export interface NavigationEntry extends Screen {
  path: ScreenPath;
}

/** The menu: the built screens in the spec's order. */
export const navigation: readonly NavigationEntry[] = (Object.keys(screens) as ScreenPath[])
  .filter((path) => builtScreens.includes(path))
  .map((path) => ({ path, ...screens[path] }));

export function screenExists(path: ScreenPath): boolean {
  return navigation.some((entry) => entry.path === path);
}

/** The menu entry of a location: the first URL segment after /app, matched case-insensitively like the routes. */
export function selectedPath(pathname: string): ScreenPath {
  const segment = pathname.replace(/^\/app\/?/i, '').split('/')[0] ?? '';
  const wanted = segment.toLowerCase();
  const match = navigation.find((entry) => [entry.path, ...(entry.also ?? [])].some((path) => path.toLowerCase() === wanted));
  return match ? match.path : '';
}
