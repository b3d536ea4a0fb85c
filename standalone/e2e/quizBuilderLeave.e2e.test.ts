/**
 * Leaving the quiz builder with the browser's Back button (issue 32, item 28): a title typed into a new quiz is
 * kept (the draft is saved on the way out), and a new quiz left blank is not left behind as "Untitled quiz".
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { screenshot, signedInPage, type Owner } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

/** From the template chooser's step, the blank quiz: the builder opens on a new draft. */
async function newBlankQuiz(page: Page) {
  await page.goto('/app/Templates?quiztype=graded_quiz');
  await page.getByRole('link', { name: 'Use Template Blank Quiz' }).click();
  await page.waitForURL(/\/app\/Quiz\/Edit\/[0-9a-f-]{36}$/);
  await expect.poll(() => page.getByRole('textbox', { name: 'Quiz title' }).isVisible()).toBe(true);
}

const storedTitles = async (owner: Owner) =>
  ((await owner.client.get('/api/v1/quizzes')).body.data.items as { title: string }[]).map((quiz) => quiz.title);

it('keeps the title typed into a new quiz when the owner goes Back, and leaves no untitled draft', async () => {
  const { owner, page } = await signedInPage(harness);
  await newBlankQuiz(page);
  await page.getByRole('textbox', { name: 'Quiz title' }).fill('Coffee knowledge');
  await page.goBack();
  await page.waitForURL(/\/app\/Templates/);
  await expect.poll(() => storedTitles(owner)).toEqual(['Coffee knowledge']);
  await page.goto('/app/Quizzes');
  await expect.poll(() => page.getByText('Coffee knowledge').first().isVisible()).toBe(true);
  expect(await page.getByText('Untitled quiz').count()).toBe(0);
  await screenshot(harness, page, 'quizzes-after-back-1280');
});

it('removes a new quiz the owner leaves blank with Back', async () => {
  const { owner, page } = await signedInPage(harness, 375);
  await newBlankQuiz(page);
  await page.goBack();
  await page.waitForURL(/\/app\/Templates/);
  await expect.poll(() => storedTitles(owner)).toEqual([]);
  await page.goto('/app/Quizzes');
  await expect.poll(() => page.getByText(quizMessages.emptyList).isVisible()).toBe(true);
  await screenshot(harness, page, 'quizzes-after-back-375');
});
