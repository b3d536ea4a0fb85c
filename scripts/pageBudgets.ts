/**
 * The admin's per-page script budgets (issue 38), which scripts/checkBudgets.ts checks: for every screen of
 * the page table (web/src/admin/pageTable.ts), in each shell that has it, the JavaScript it loads before its
 * first paint, brotli as it travels. That is the shell's entry and signed-in frame, the page's chunk and
 * every chunk those import statically, as the build's manifest says; chunks a page imports lazily come
 * after its first paint and are not counted (the dashboards' chart, once their figures have painted, has
 * a budget of its own in checkBudgets.ts). Screens one page module shows (the feedback's create, edit and
 * share) share a line.
 *
 * Limits: each page's size when they were set (29 November 2026, once the rich text editor loaded lazily;
 * the dashboards and the post-purchase report later that day, once their chart was our own) plus 1 KB,
 * rounded up to the next 5 KB, so a page has 1 to 6 KB of room (the bytes of a lazy chunk's
 * hashed name cannot tip one over). A page
 * not listed (a new screen) may load at most `newPageLimitKb`, the largest page's limit and 5 KB; give it
 * its own limit when adding it. Lower a limit when a page shrinks, so its room stays a few KB.
 */
import { readFileSync } from 'node:fs';

type Shell = 'standalone' | 'embedded';

/** KB brotli, by page module (under web/src/admin/pages/) and shell. */
const limitsKb: Record<Shell, Record<string, number>> = {
  standalone: {
    'dashboard/Dashboard.tsx': 225,
    'tutorials/Tutorials.tsx': 215,
    'Account.tsx': 230,
    'settings/SettingsPage.tsx': 245,
    'deliveries/DeliveryLogPage.tsx': 220,
    'quizzes/Quizzes.tsx': 220,
    'templates/Templates.tsx': 220,
    'quizEditor/QuizCreatePage.tsx': 215,
    'quizEditor/QuizEditorPage.tsx': 245,
    'quizShare/QuizSharePage.tsx': 220,
    'quizReport/QuizReportPage.tsx': 240,
    'answerSheet/AnswerSheetPage.tsx': 215,
    'feedbacks/FeedbackPages.tsx': 235,
    'feedbacks/FeedbackListPage.tsx': 215,
    'feedbacks/FeedbackResponsesPage.tsx': 215,
    'polls/PollListPage.tsx': 215,
    'polls/PollPages.tsx': 235,
    'polls/PollVotesPage.tsx': 215,
    'wheels/WheelListPage.tsx': 215,
    'wheels/WheelPages.tsx': 270,
    'wheels/WheelSpinsPage.tsx': 235,
    'products/ProductsPage.tsx': 230,
    'plans/PlansPage.tsx': 215,
    'invoices/InvoicesPage.tsx': 215,
    'contact/ContactPage.tsx': 225,
    'referFriend/ReferFriendPage.tsx': 230,
    'admin/AdminArea.tsx': 245,
  },
  embedded: {
    'dashboard/Dashboard.tsx': 215,
    'tutorials/Tutorials.tsx': 195,
    'Account.tsx': 215,
    'settings/SettingsPage.tsx': 225,
    'deliveries/DeliveryLogPage.tsx': 200,
    'quizzes/Quizzes.tsx': 205,
    'templates/Templates.tsx': 200,
    'quizEditor/QuizCreatePage.tsx': 195,
    'quizEditor/QuizEditorPage.tsx': 225,
    'quizShare/QuizSharePage.tsx': 205,
    'quizReport/QuizReportPage.tsx': 225,
    'answerSheet/AnswerSheetPage.tsx': 200,
    'feedbacks/FeedbackPages.tsx': 220,
    'feedbacks/FeedbackListPage.tsx': 200,
    'feedbacks/FeedbackResponsesPage.tsx': 200,
    'polls/PollListPage.tsx': 200,
    'polls/PollPages.tsx': 220,
    'polls/PollVotesPage.tsx': 200,
    'wheels/WheelListPage.tsx': 200,
    'wheels/WheelPages.tsx': 255,
    'wheels/WheelSpinsPage.tsx': 220,
    'products/ProductsPage.tsx': 210,
    'postPurchase/PostPurchaseReportPage.tsx': 205,
    'plan/ShopifyPlanPage.tsx': 195,
  },
};
const newPageLimitKb = 300;

/** Where each shell's build is, how its manifest names the admin's modules, and its frame's sources. */
const shells: Record<Shell, { dist: string; admin: string; frame: string[] }> = {
  standalone: { dist: 'standalone/dist/', admin: '../web/src/admin/', frame: ['index.html', 'src/shell/SignedInApp.tsx'] },
  // The embedded entry is its frame (EmbeddedShell is in it).
  embedded: { dist: 'web/dist/embedded/', admin: '../admin/', frame: ['index.html'] },
};

interface Screen {
  name: string;
  module: string;
  shell?: Shell;
}

/** The page table's screens, read from its source: `Name: { load: () => import('./pages/…') …, shell: '…' }`. */
function screensOf(pageTable: string): Screen[] {
  const entries = [...pageTable.matchAll(/^ {2}'?([\w/-]+)'?: \{\s*load: \(\) => import\('\.\/pages\/([^']+)'\)([^}]*)\}/gm)];
  const loads = pageTable.match(/load: \(\) => import\(/g)?.length ?? 0;
  if (!entries.length || entries.length !== loads)
    throw new Error(
      `web/src/admin/pageTable.ts: read ${entries.length} of its ${loads} screens; the budget's reader needs updating`,
    );
  return entries.map(([, name, module, rest]) => ({
    name: name!,
    module: module!,
    shell: /shell: '(\w+)'/.exec(rest!)?.[1] as Shell | undefined,
  }));
}

export interface PageBudget {
  name: string;
  /** The build's folder, and the manifest's keys of what the page loads. */
  dist: string;
  sources: string[];
  limit: number;
}

/** One budget per page module and shell, named after its screens. */
export function adminPageBudgets(repo: string): PageBudget[] {
  const screens = screensOf(readFileSync(`${repo}web/src/admin/pageTable.ts`, 'utf8'));
  return (Object.keys(shells) as Shell[]).flatMap((shell) => {
    const { dist, admin, frame } = shells[shell];
    const modules = new Map<string, string[]>();
    for (const screen of screens.filter((item) => !item.shell || item.shell === shell))
      modules.set(screen.module, [...(modules.get(screen.module) ?? []), screen.name]);
    return [...modules].map(([module, names]) => ({
      name: `${shell} ${names.join(', ')}`,
      dist,
      sources: [...frame, `${admin}pages/${module}`],
      limit: (limitsKb[shell][module] ?? newPageLimitKb) * 1024,
    }));
  });
}
