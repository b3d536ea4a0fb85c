/**
 * The quiz builder's finer points from the walk-through (issue 10): unpublishing asks first, the preview
 * forgets a deleted question, rich text stops at its limit while typing, switches toggle from their label
 * and describe the state they are in, and a failed first Next keeps the typed title.
 */
import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

type Owner = Awaited<ReturnType<typeof createOwner>>;

async function signedInPage(width = 1366, owner?: Owner) {
  const signedIn = owner ?? (await createOwner(harness.server));
  const page = await harness.newPage({ width });
  await page
    .context()
    .addCookies([{ name: 'ql_session', value: signedIn.client.cookie.split('=')[1]!, url: harness.server.url }]);
  return { owner: signedIn, page };
}

/** Full-page screenshots from the top, so the fixed top bar sits where it belongs. */
async function screenshot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await harness.screenshot(page, name);
}

function question(n: number) {
  return {
    id: randomUUID(),
    kind: 'single',
    title: `<p>Question ${n}?</p>`,
    image: null,
    categoryId: null,
    answers: [
      { id: 'yes', text: 'Yes', image: null, correct: true, weight: '', personalityId: null },
      { id: 'no', text: 'No', image: null, correct: false, weight: '', personalityId: null },
    ],
  };
}

/** A graded quiz made through the HTTP API. */
async function createQuiz(owner: Owner, title: string, options: { questions?: number; publish?: boolean } = {}) {
  const created = await owner.client.post('/api/v1/quizzes', { quizType: 'graded_quiz', title });
  expect(created.status).toBe(201);
  const id: string = created.body.data.id;
  if (options.questions) {
    const questions = Array.from({ length: options.questions }, (_, i) => question(i + 1));
    expect((await owner.client.put(`/api/v1/quizzes/${id}/questions`, { questions })).status).toBe(200);
  }
  if (options.publish) expect((await owner.client.put(`/api/v1/quizzes/${id}/status`, { status: 'published' })).status).toBe(200);
  return id;
}

const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible()).toBe(true);
const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true });
const stored = async (owner: Owner, id: string) => (await owner.client.get(`/api/v1/quizzes/${id}`)).body.data;

/** The page's Save as draft action (Polaris keeps hidden copies of page actions to measure them). */
const saveAsDraft = (page: Page) =>
  page.getByRole('button', { name: 'Save as draft', exact: true }).filter({ visible: true }).click();

async function openEditor(page: Page, id: string) {
  await page.goto(`/app/Quiz/Edit/${id}`);
  await visible(page.getByRole('textbox', { name: 'Quiz title' }));
}

it('asks before Save as draft takes a live quiz offline, and can keep it live', async () => {
  const { owner, page } = await signedInPage();
  const id = await createQuiz(owner, 'Live quiz', { questions: 1, publish: true });
  await openEditor(page, id);
  await page.getByRole('textbox', { name: 'Quiz title' }).fill('Live quiz, edited');
  await saveAsDraft(page);

  const dialog = page.getByRole('dialog');
  await visible(dialog.getByText(quizMessages.unpublishWarning));
  await screenshot(page, 'builder-unpublish-confirm');
  // Nothing is saved or unpublished while the question is open.
  expect(await stored(owner, id)).toMatchObject({ status: 'published', title: 'Live quiz' });

  await dialog.getByRole('button', { name: 'Keep live' }).click();
  await visible(page.getByText(quizMessages.savedPublished, { exact: true }));
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect(await stored(owner, id)).toMatchObject({ status: 'published', title: 'Live quiz, edited' });
  expect((await harness.server.client().get(`/api/v1/public/quizzes/${id}`)).status).toBe(200);

  // Escape closes it without doing anything.
  await saveAsDraft(page);
  await visible(page.getByRole('dialog'));
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
  expect((await stored(owner, id)).status).toBe('published');

  await saveAsDraft(page);
  await page.getByRole('dialog').getByRole('button', { name: 'Unpublish and save as draft' }).click();
  await visible(page.getByText(quizMessages.savedDraft, { exact: true }));
  expect((await stored(owner, id)).status).toBe('draft');
  expect((await harness.server.client().get(`/api/v1/public/quizzes/${id}`)).status).toBe(404);

  // A draft saves as a draft without asking.
  await page.getByRole('textbox', { name: 'Quiz title' }).fill('Draft again');
  await saveAsDraft(page);
  await expect.poll(async () => (await stored(owner, id)).title).toBe('Draft again');
  expect(await page.getByRole('dialog').count()).toBe(0);

  const phone = (await signedInPage(375, owner)).page;
  await createQuiz(owner, 'Phone live quiz', { questions: 1, publish: true }).then((phoneId) => openEditor(phone, phoneId));
  // Phones roll the page's actions into a menu.
  await phone.getByRole('button', { name: 'Actions' }).click();
  await phone.getByRole('button', { name: 'Save as draft', exact: true }).filter({ visible: true }).click();
  await visible(phone.getByRole('dialog').getByText(quizMessages.unpublishWarning));
  await harness.screenshot(phone, 'builder-unpublish-confirm-phone');
});
