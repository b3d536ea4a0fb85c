/**
 * Settings → "Preview a sample lead" (issue 33): the owner names a question's answer and tags an option in
 * the builder, connects Klaviyo in Settings (against the project's fake), and sees the key and the tag in
 * the exact request body a sample lead of that quiz would send, before any lead goes live.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { destinationPreviewTexts } from '@quizlead/shared/schemas/destinationPreview.ts';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { quizMessages } from '@quizlead/shared/quizzes.ts';
import { FakeKlaviyo } from '../../server/src/test/fakes/crm/klaviyo.ts';
import { FakeExternalWorld } from '../../server/src/test/fakes/externalWorld.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, screenshot, signedInPage, toast } from './ownerScreens.ts';

const privateKey = 'pk_e2e0123456789abcdef0123PREVIEW';
let world: FakeExternalWorld;
let klaviyo: FakeKlaviyo;
let harness: BrowserHarness;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  klaviyo = world.register('a.klaviyo.com', new FakeKlaviyo(privateKey));
  harness = await startBrowserHarness(() => getTestServer({ EXTERNAL_API_ORIGIN: world.origin }));
});
afterAll(async () => {
  await harness?.close();
  await world?.stop();
});

const visible = (locator: ReturnType<Page['locator']>) =>
  expect.poll(() => locator.first().isVisible(), { timeout: 10_000 }).toBe(true);

/** Opens the CRM's preview on the Settings screen and waits for the profile request. */
async function openPreview(page: Page) {
  await page.goto('/app/Settings');
  await page.getByRole('button', { name: destinationPreviewTexts.buttonFor('Klaviyo') }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByRole('heading', { name: 'Add or update the profile' }));
  return dialog;
}

it('a property key and an option tag set in the builder show in the Klaviyo preview of a sample lead', async () => {
  const { page, owner } = await signedInPage(harness);
  await createGradedQuiz(owner.client, { title: 'Older quiz', questions: 1 });
  const quiz = await createGradedQuiz(owner.client, {
    title: 'Skin quiz',
    questions: 1,
    questionTitle: () => '<p>What is your skin type?</p>',
  });

  // The builder: the question is sent as skin_type, its first answer as `oily` with the tag skin-oily.
  await page.goto(`/app/Quiz/Edit/${quiz.id}`);
  await visible(page.getByRole('textbox', { name: 'Quiz title' }));
  await page.getByRole('tab', { name: 'Design', exact: true }).click();
  await page.getByRole('button', { name: 'Edit question 1' }).click();
  const toggle = page.getByRole('button', { name: 'Data: Send as, values and tags' });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  await page.getByRole('textbox', { name: 'Send as' }).fill('skin_type');
  await page.getByRole('textbox', { name: 'Answer 1 value' }).fill('oily');
  await page.getByRole('textbox', { name: 'Answer 1 tags' }).fill('skin-oily');
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await visible(toast(page, quizMessages.questionSaved));

  // Settings: Klaviyo, tested against the fake, then saved; the preview sends nothing more.
  await page.goto('/app/Settings');
  await page.getByRole('switch', { name: 'Send every lead to a CRM' }).click();
  await page.getByLabel('CRM', { exact: true }).selectOption('klaviyo');
  await page.getByLabel('Private API key').fill(privateKey);
  await page.getByLabel('List id').fill('Y6nRLr');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await visible(page.getByText('Connection works'));
  await page.getByRole('button', { name: 'Save' }).first().click();
  await visible(toast(page, integrationMessages.settingsUpdated));
  const sent = klaviyo.requests.length;

  await page.getByRole('button', { name: destinationPreviewTexts.buttonFor('Klaviyo') }).click();
  const dialog = page.getByRole('dialog');
  await visible(dialog.getByRole('heading', { name: 'Add or update the profile' }));
  await dialog.getByLabel(destinationPreviewTexts.item).selectOption({ label: 'Quiz: Skin quiz' });
  const profileBody = dialog.getByLabel(`${destinationPreviewTexts.body}: Add or update the profile`, { exact: true });
  await expect.poll(() => profileBody.innerText(), { timeout: 10_000 }).toContain('"skin_quiz.skin_type": "oily"');
  const text = await profileBody.innerText();
  expect(text).toContain('"skin-oily"');
  expect(text).toContain('"email": "alex.sample@example.com"');
  const eventBody = await dialog.getByLabel(/^Body: Record the .* event$/).innerText();
  expect(eventBody).toContain('"skin_type": "oily"');
  expect(eventBody).toContain('"unique_id": "{delivery id}"');
  expect(await dialog.innerText()).not.toContain(privateKey);
  expect(await dialog.getByText('authorization: [redacted]').first().isVisible()).toBe(true);
  expect(klaviyo.requests).toHaveLength(sent);

  // Keyboard: the body takes focus, Escape closes the modal.
  await profileBody.focus();
  expect(await profileBody.evaluate((element) => element === document.activeElement)).toBe(true);
  await screenshot(harness, page, 'settings-preview-1280');
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByRole('dialog').count()).toBe(0);

  const { page: phone } = await signedInPage(harness, 375, owner);
  const small = await openPreview(phone);
  await small.getByLabel(destinationPreviewTexts.item).selectOption({ label: 'Quiz: Skin quiz' });
  await expect
    .poll(() => small.getByLabel(`${destinationPreviewTexts.body}: Add or update the profile`, { exact: true }).innerText(), {
      timeout: 10_000,
    })
    .toContain('skin-oily');
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'settings-preview-375');
});
