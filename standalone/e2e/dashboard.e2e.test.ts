import { fileURLToPath } from 'node:url';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  dashboardMessages,
  dashboardStatKeys,
  dashboardTourStorageKey,
  tutorialTexts,
  type DashboardStatKey,
} from '@quizlead/shared/reports.ts';
import { addDays, utcToday } from '@quizlead/shared/days.ts';
import { defaultTutorialUrl } from '../../server/src/routes/api/dashboard/tutorials.ts';
import { createGradedQuiz, newPlayKey } from '../../server/src/test/quizFactory.ts';
import { createFeedback } from '../../server/src/test/widgetFactory.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { layoutShift, recordLayoutShifts } from './layoutShift.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { publicPost, screenshot, selectedNavigation, signedInPage } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

/** The tour's steps: the snapshots, each built screen with a tour text in menu order, the create button. */
const tourStepIds = ['snapshots', 'quizzes', 'plans', 'invoices', 'account', 'settings', 'create-quiz'];
const tourSteps = tourStepIds.length;
/** The guides whose screens exist. */
const shownTutorials = ['first-quiz', 'email-notifications', 'company-logo', 'embedding', 'integrations'] as const;

/** A card's figure: its text is the key, the figure and the period. */
async function stat(page: Page, key: DashboardStatKey): Promise<number> {
  const text = await page.locator(`a[data-stat="${key}"]`).innerText();
  const figure = text
    .split('\n')
    .map((line) => line.trim().replace(/,/g, ''))
    .find((line) => /^\d+$/.test(line));
  return Number(figure);
}

const allStats = async (page: Page) =>
  Object.fromEntries(await Promise.all(dashboardStatKeys.map(async (key) => [key, await stat(page, key)] as const)));

/** The figures have loaded (the skeleton is gone). */
const figuresShown = (page: Page) => expect.poll(() => page.locator('a[data-stat="Quiz Count"]').isVisible()).toBe(true);

/** What the screen shows (the tour's layer covers the viewport, not the whole page). */
const viewportShot = (page: Page, name: string) =>
  page.screenshot({ path: fileURLToPath(new URL(`../../test-results/${name}.png`, import.meta.url)) });

const tourCard = (page: Page) => page.locator('[data-tour-step]');
const spotlight = (page: Page) => page.locator('[data-tour-spotlight]');

/** The highlight surrounds the element (it is a little larger than its target). */
async function highlights(page: Page, target: Locator): Promise<boolean> {
  const [box, around] = [await target.boundingBox(), await spotlight(page).boundingBox()];
  if (!box || !around) return false;
  const inside = (value: number, from: number, to: number) => value >= from - 1 && value <= to + 1;
  return (
    inside(box.x, around.x, around.x + 12) &&
    inside(box.y, around.y, around.y + 12) &&
    inside(box.x + box.width, around.x + around.width - 12, around.x + around.width) &&
    inside(box.y + box.height, around.y + around.height - 12, around.y + around.height)
  );
}
const focusedText = (page: Page) => page.evaluate(() => document.activeElement?.textContent?.trim() ?? '');

/** A visitor's whole play through the public API: view, start, answers and (when asked) the lead. */
async function playThrough(quiz: { id: string; questions: { id: string }[] }, email: string) {
  const visitor = harness.server.client();
  expect((await visitor.get(`/api/v1/public/quizzes/${quiz.id}`)).status).toBe(200);
  const playId = crypto.randomUUID();
  const started = await visitor.post(`/api/v1/public/quizzes/${quiz.id}/plays`, { playId, playKey: newPlayKey() });
  expect(started.status).toBe(201);
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  const answers = Object.fromEntries(quiz.questions.map((question) => [question.id, ['a1']]));
  const answered = await visitor.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth);
  expect(answered.status).toBe(200);
  if (answered.body.data.status === 'lead_required') {
    const lead = await visitor.request(
      'POST',
      `/api/v1/public/plays/${playId}/lead`,
      { name: 'Ann', email, consent: true },
      auth,
    );
    expect(lead.status).toBe(200);
  }
}

it('a new owner: the empty dashboard, the how-to dialog once, the tour by keyboard', async () => {
  const { page } = await signedInPage(harness);
  await page.goto('/app/');

  const dialog = page.getByRole('dialog', { name: dashboardMessages.howToCreateTitle });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const watch = dialog.getByRole('link', { name: dashboardMessages.watchTutorial });
  await expect.poll(() => watch.getAttribute('href')).toBe(defaultTutorialUrl('first-quiz'));
  expect(await watch.getAttribute('target')).toBe('_blank');
  expect(await allStats(page)).toEqual(Object.fromEntries(dashboardStatKeys.map((key) => [key, 0])));
  await screenshot(harness, page, 'dashboard-how-to');

  await dialog.getByRole('button', { name: 'Got it' }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  const build = page.getByRole('link', { name: dashboardMessages.buildYourQuiz });
  expect(await build.getAttribute('href')).toBe('/app/Templates');
  expect(await page.getByTestId('completions-chart').count()).toBe(0);

  // The tour starts by itself once the dialog is closed, with focus on Next.
  await expect.poll(() => tourCard(page).getAttribute('data-tour-step')).toBe('snapshots');
  await expect.poll(() => focusedText(page)).toBe('Next');
  expect(await tourCard(page).innerText()).toContain(`Step 1 of ${tourSteps}`);
  await viewportShot(page, 'dashboard-tour');

  await page.keyboard.press('Enter');
  await expect.poll(() => tourCard(page).getAttribute('data-tour-step')).toBe('quizzes');
  // The quizzes step points at the Quizzes navigation entry: the card sits beside it.
  const navBox = await page.locator('.Polaris-Navigation a[href="/app/Quizzes"]').boundingBox();
  const cardBox = await tourCard(page).boundingBox();
  expect(cardBox!.x).toBeGreaterThanOrEqual(navBox!.x + navBox!.width);
  await viewportShot(page, 'dashboard-tour-quizzes');
  // Collapsing the sidebar moves the highlight to the snapshot card that links to the quizzes, and back.
  const navLink = page.locator('.Polaris-Navigation a[href="/app/Quizzes"]');
  await expect.poll(() => highlights(page, navLink)).toBe(true);
  const menuToggle = page.locator('.Polaris-TopBar__NavigationIcon');
  await menuToggle.click();
  await expect.poll(() => navLink.count()).toBe(0);
  await expect
    .poll(() => highlights(page, page.locator('[data-tour="dashboard-stats"] a[href="/app/Quizzes"]').first()))
    .toBe(true);
  await viewportShot(page, 'dashboard-tour-collapsed');
  await menuToggle.click();
  await expect.poll(() => highlights(page, navLink)).toBe(true);
  await tourCard(page).getByRole('button', { name: 'Next' }).focus();

  // Back with Shift+Tab and Enter, then forward to the end with the keyboard alone.
  await page.keyboard.press('Shift+Tab');
  expect(await focusedText(page)).toBe('Back');
  await page.keyboard.press('Enter');
  await expect.poll(() => tourCard(page).getAttribute('data-tour-step')).toBe('snapshots');
  // Every step points at something on the page: none floats over it with nothing highlighted.
  const seen: string[] = [];
  for (let step = 1; step < tourSteps; step++) {
    await expect.poll(() => focusedText(page)).toBe('Next');
    await page.keyboard.press('Enter');
    await expect.poll(() => tourCard(page).innerText()).toContain(`Step ${step + 1} of ${tourSteps}`);
    seen.push((await tourCard(page).getAttribute('data-tour-step'))!);
    expect(await spotlight(page).count()).toBe(1);
  }
  expect(seen).toEqual(tourStepIds.slice(1));
  // The last step highlights the Create Quiz button.
  const create = (await page.locator('#dashboard-create-quiz').boundingBox())!;
  await expect
    .poll(async () => {
      const box = (await spotlight(page).boundingBox())!;
      return box.x <= create.x && box.x + box.width >= create.x + create.width && box.y <= create.y;
    })
    .toBe(true);
  await expect.poll(() => focusedText(page)).toBe('Done');
  await page.keyboard.press('Enter');
  await expect.poll(() => tourCard(page).count()).toBe(0);
  expect(await page.evaluate((key) => localStorage.getItem(key), dashboardTourStorageKey)).not.toBeNull();

  // Neither comes back.
  await page.reload();
  await figuresShown(page);
  await page.waitForTimeout(800);
  expect(await dialog.count()).toBe(0);
  expect(await tourCard(page).count()).toBe(0);

  // 'Take the tour' starts it again; Esc ends it and gives focus back.
  const takeTour = page.getByRole('button', { name: 'Take the tour' });
  await takeTour.focus();
  await page.keyboard.press('Enter');
  await expect.poll(() => tourCard(page).getAttribute('data-tour-step')).toBe('snapshots');
  await page.keyboard.press('Escape');
  await expect.poll(() => tourCard(page).count()).toBe(0);
  await expect.poll(() => focusedText(page)).toBe('Take the tour');
});

it('counts the quizzes, plays and responses made here, charts them, and filters to a range without plays', async () => {
  const { owner, page } = await signedInPage(harness);
  await skipDashboardIntro(page);
  const quiz = await createGradedQuiz(owner.client, { title: 'Coffee facts', questions: 2, publish: true });
  await createGradedQuiz(owner.client, { title: 'Tea facts', questions: 1 });
  await playThrough(quiz, 'ann@example.com');
  await playThrough(quiz, 'bob@example.com');
  // A third visitor starts and leaves.
  const visitor = harness.server.client();
  await visitor.get(`/api/v1/public/quizzes/${quiz.id}`);
  await visitor.post(`/api/v1/public/quizzes/${quiz.id}/plays`, { playId: crypto.randomUUID(), playKey: newPlayKey() });
  // And one more only looks.
  await harness.server.client().get(`/api/v1/public/quizzes/${quiz.id}`);
  const feedback = await createFeedback(owner.client);
  await publicPost(harness, `feedbacks/${feedback.id}/responses`, { value: 'Happy' });
  await harness.server.services.stats.flush();
  const leads = quiz.settings.collectEmail ? 2 : 0;

  await recordLayoutShifts(page);
  await page.goto('/app/');
  await figuresShown(page);
  expect(await allStats(page)).toEqual({
    'Quiz Count': 2,
    'Published Quiz Count': 1,
    'Draft Quiz Count': 1,
    Views: 4,
    'Total Played': 3,
    Completed: 2,
    'Total Questions': 3,
    'Web Response Count': 1,
    'Web Response Completed': 1,
  });
  expect(await page.getByTestId('leads-generated').innerText()).toBe(String(leads));
  expect(await page.locator('[data-funnel-step="Total Played"]').innerText()).toContain('75% of Views');
  expect(await page.locator('[data-funnel-step="Completed"]').innerText()).toContain('66.7% of Total Played');
  // The chart, with today's completions in its table.
  await expect.poll(() => page.getByTestId('completions-chart').locator('svg').count()).toBeGreaterThan(0);
  // The chart drew in the box its card kept for it, and the footer stayed out of sight (issue 17: CLS at most 0.02).
  expect(await layoutShift(page)).toBeLessThanOrEqual(0.02);
  expect(await page.locator('table caption', { hasText: dashboardMessages.chartTitle }).count()).toBe(1);
  const axisLabels = await page
    .getByTestId('completions-chart')
    .locator('text')
    .evaluateAll((texts) => texts.map((text) => text.textContent ?? ''));
  expect(axisLabels.some((label) => /^[A-Z][a-z]{2} \d{1,2}$/.test(label.trim()))).toBe(true);
  // A day's count: pointing at the last day, or from the keyboard (the chart says it to a screen reader too).
  const chart = page.getByRole('group', { name: dashboardMessages.chartTitle });
  const { width, height } = (await chart.boundingBox())!;
  await chart.hover({ position: { x: width - 30, y: height / 2 } });
  await expect.poll(() => chart.locator('[aria-hidden="true"]', { hasText: /: 2 completions$/ }).count()).toBe(1);
  await chart.focus();
  await page.keyboard.press('End');
  await page.keyboard.press('ArrowLeft');
  await expect
    .poll(() => page.getByTestId('completions-chart').locator('[aria-live="polite"]').innerText())
    .toMatch(/^[A-Z][a-z]{2} \d{1,2}: 0 completions$/);
  await page.keyboard.press('End');
  await expect
    .poll(() => page.getByTestId('completions-chart').locator('[aria-live="polite"]').innerText())
    .toMatch(/: 2 completions$/);
  await screenshot(harness, page, 'dashboard-chart-tooltip-1280');
  await page.keyboard.press('Escape');
  await chart.blur();
  expect(await page.getByRole('dialog').count()).toBe(0);
  expect(await page.getByRole('link', { name: /^Quiz Count \d/ }).getAttribute('href')).toBe('/app/Quizzes');
  expect(await page.getByRole('link', { name: /^Web Response Count \d/ }).getAttribute('href')).toBe('/app/FeedbackLists');
  await screenshot(harness, page, 'dashboard-1280');

  // Ten to three days ago: no plays then.
  const today = utcToday();
  const start = addDays(today, -10);
  const end = addDays(today, -3);
  const dayLabel = (day: string) => {
    const date = new Date(`${day}T00:00:00Z`);
    const month = date.toLocaleString('en-US', { month: 'long', timeZone: 'UTC' });
    return new RegExp(` ${month} ${date.getUTCDate()} ${date.getUTCFullYear()}$`);
  };
  await page.getByRole('button', { name: /^Date range:/ }).click();
  await page.getByRole('button', { name: dayLabel(start) }).click();
  await page.getByRole('button', { name: dayLabel(end) }).click();
  // Days after today cannot be picked.
  const tomorrow = page.getByRole('button', { name: dayLabel(addDays(today, 1)) });
  if (await tomorrow.count()) expect(await tomorrow.getAttribute('aria-disabled')).toBe('true');
  await viewportShot(page, 'dashboard-range-picker');
  await page.getByRole('button', { name: 'Done' }).click();
  const [response] = await Promise.all([
    page.waitForResponse((answer) => answer.url().includes('/api/v1/dashboard?')),
    page.getByRole('button', { name: dashboardMessages.filter }).click(),
  ]);
  expect(new URL(response.url()).searchParams.get('start')).toBe(start);
  expect(new URL(response.url()).searchParams.get('end')).toBe(end);
  await expect.poll(() => stat(page, 'Views')).toBe(0);
  expect(await allStats(page)).toMatchObject({
    'Quiz Count': 2,
    'Total Questions': 3,
    'Total Played': 0,
    Completed: 0,
    'Web Response Completed': 0,
  });
  expect(await page.getByTestId('leads-generated').innerText()).toBe('0');
  expect(await page.getByRole('button', { name: /^Date range:/ }).innerText()).toContain('–');

  // On a phone.
  const phone = (await signedInPage(harness, 375, owner)).page;
  await skipDashboardIntro(phone);
  await phone.goto('/app/');
  await figuresShown(phone);
  await expect.poll(() => phone.getByTestId('completions-chart').locator('svg').count()).toBeGreaterThan(0);
  expect(await stat(phone, 'Completed')).toBe(2);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await screenshot(harness, phone, 'dashboard-375');

  // The tour on a phone: the navigation is behind the hamburger, so those steps show in the middle.
  // The page's secondary action sits under 'Actions' on a phone.
  await phone.getByRole('button', { name: 'View actions for Dashboard' }).click();
  await phone.getByText('Take the tour').click();
  await expect.poll(() => tourCard(phone).getAttribute('data-tour-step')).toBe('snapshots');
  await phone.keyboard.press('Enter');
  await expect.poll(() => tourCard(phone).getAttribute('data-tour-step')).toBe('quizzes');
  const card = (await tourCard(phone).boundingBox())!;
  expect(card.x).toBeGreaterThanOrEqual(0);
  expect(card.x + card.width).toBeLessThanOrEqual(375);
  await viewportShot(phone, 'dashboard-tour-375');
  // Opening the navigation drawer moves the highlight onto its Quizzes entry as it slides in.
  await phone.locator('.Polaris-TopBar__NavigationIcon').click();
  await expect.poll(() => highlights(phone, phone.locator('.Polaris-Navigation a[href="/app/Quizzes"]'))).toBe(true);
  await viewportShot(phone, 'dashboard-tour-375-drawer');
  await phone.getByRole('button', { name: 'Skip tour' }).click();
  await expect.poll(() => tourCard(phone).count()).toBe(0);
});

it('the Tutorials page lists the guides to screens that exist, each opening in a new tab', async () => {
  const { page } = await signedInPage(harness);
  await skipDashboardIntro(page);
  await page.goto('/app/');
  await page.getByRole('link', { name: 'Tutorials' }).first().click();
  await page.waitForURL('**/app/Tutorials');
  await expect.poll(() => page.getByRole('link', { name: /^Watch:/ }).count()).toBe(shownTutorials.length);
  expect(await selectedNavigation(page)).toBe('Tutorials');
  for (const id of shownTutorials) {
    const { title, description } = tutorialTexts[id];
    expect(await page.getByRole('heading', { name: title }).isVisible()).toBe(true);
    expect(await page.getByText(description).isVisible()).toBe(true);
    const watch = page.getByRole('link', { name: `Watch: ${title} (opens in a new tab)` });
    expect(await watch.getAttribute('href')).toBe(defaultTutorialUrl(id));
    expect(await watch.getAttribute('target')).toBe('_blank');
  }
  await screenshot(harness, page, 'tutorials');

  const phone = (await signedInPage(harness, 375)).page;
  await phone.goto('/app/Tutorials');
  await expect.poll(() => phone.getByRole('link', { name: /^Watch:/ }).count()).toBe(shownTutorials.length);
  await screenshot(harness, phone, 'tutorials-375');
});

it('a failed load says so and Try again loads it (dashboard and tutorials)', async () => {
  const { page } = await signedInPage(harness);
  await skipDashboardIntro(page);
  const failing = /\/api\/v1\/(dashboard|tutorials)(\?|$)/;
  await page.route(failing, (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ error: { code: 'internal', message: 'Something broke' } }),
    }),
  );
  await page.goto('/app/');
  const retry = page.getByRole('button', { name: 'Try again' });
  await expect.poll(() => retry.isVisible()).toBe(true);
  expect(await page.getByText('Something broke').isVisible()).toBe(true);
  await screenshot(harness, page, 'dashboard-error');
  await page.unroute(failing);
  await retry.click();
  await figuresShown(page);

  await page.route(failing, (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{}' }));
  await page.goto('/app/Tutorials');
  await expect.poll(() => retry.isVisible()).toBe(true);
  await page.unroute(failing);
  await retry.click();
  await expect.poll(() => page.getByRole('link', { name: /^Watch:/ }).count()).toBe(shownTutorials.length);
});
