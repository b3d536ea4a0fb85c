import type { Page } from 'playwright-core';
import { dashboardTourStorageKey, howToDialogStorageKey } from '@quizlead/shared/reports.ts';

/**
 * Marks the dashboard's one-time 'How to create a quiz?' dialog and guided tour as seen in this
 * page's browser profile, for tests about something else that land on /app/ with a new owner.
 */
export async function skipDashboardIntro(page: Page): Promise<void> {
  await page.addInitScript(
    ([howTo, tour]) => {
      localStorage.setItem(howTo!, 'seen');
      localStorage.setItem(tour!, 'seen');
    },
    [howToDialogStorageKey, dashboardTourStorageKey],
  );
}
