import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveryMessages } from '@quizlead/shared/schemas/deliveries.ts';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { FakeBrevo } from '../../server/src/test/fakes/crm/brevo.ts';
import { FakeExternalWorld } from '../../server/src/test/fakes/externalWorld.ts';
import { WebhookReceiver } from '../../server/src/test/fakes/webhookReceiver.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, screenshot, signedInPage, toast } from './ownerScreens.ts';
import { playThrough } from './playerQuizzes.ts';

/**
 * The leads pipeline as an owner sees it: a CRM and a webhook configured in Settings, a visitor's lead
 * watched in the delivery log until it is delivered; then the endpoint goes down, the next lead fails
 * (every attempt of a short test schedule), the endpoint comes back and Replay delivers it.
 */

const apiKey = 'xkeysib-flow-0123456789abcdef-KEY-9876';
let world: FakeExternalWorld;
let brevo: FakeBrevo;
let receiver: WebhookReceiver;
let harness: BrowserHarness;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  brevo = world.register('api.brevo.com', new FakeBrevo(apiKey));
  receiver = await WebhookReceiver.start('');
  harness = await startBrowserHarness(() =>
    getTestServer({ EXTERNAL_API_ORIGIN: world.origin, WEBHOOKS_ALLOW_PRIVATE: 'true', DELIVERY_RETRY_DELAYS: '0,1,1' }),
  );
});
afterAll(async () => {
  await harness?.close();
  await receiver?.close();
  await world?.stop();
});

/** The log's row (or phone block) of a lead, by its email. */
const deliveryRow = (page: Page, email: string, destination: string) =>
  page.locator('tr, li').filter({ hasText: email }).filter({ hasText: destination });

async function playWithLead(quiz: Awaited<ReturnType<typeof createGradedQuiz>>, name: string, email: string) {
  const visitor = await harness.newPage({ width: 1280 });
  await visitor.goto(`/play/${quiz.id}`);
  await playThrough(visitor, quiz, [[0, [quiz.questions[0].answers[0].id]]]);
  await expect.poll(() => visitor.getByLabel('Enter your name').isVisible()).toBe(true);
  await visitor.getByLabel('Enter your name').fill(name);
  await visitor.getByLabel('Enter your Email').fill(email);
  await visitor.getByRole('button', { name: 'Continue' }).click();
  await expect.poll(() => visitor.getByRole('button', { name: 'Retake This Quiz' }).isVisible()).toBe(true);
  await visitor.close();
}

it('sends a lead to the CRM and a webhook, shows it delivered, and replays it after the endpoint was down', async () => {
  const { page, owner } = await signedInPage(harness);
  const quiz = await createGradedQuiz(owner.client, { title: 'Pipeline quiz', questions: 1, publish: true });

  // Settings: Brevo and a webhook endpoint.
  await page.goto('/app/Settings');
  await expect.poll(() => page.getByRole('heading', { name: 'CRM Integration' }).isVisible()).toBe(true);
  await page.getByRole('switch', { name: 'Send every lead to a CRM' }).click();
  await page.getByLabel('CRM', { exact: true }).selectOption('brevo');
  await page.getByLabel('API key').fill(apiKey);
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(() => toast(page, integrationMessages.settingsUpdated).isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await page.getByLabel('Endpoint URL').fill(receiver.url('/leads'));
  await page.getByRole('button', { name: 'Add endpoint' }).click();
  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  receiver.verifyWith = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();

  // A visitor leaves a lead; the log shows it delivered to both.
  await playWithLead(quiz, 'Nora Lead', 'nora.lead@example.com');
  await page
    .getByRole('link', { name: 'Delivery log' })
    .or(page.getByRole('button', { name: 'Delivery log' }))
    .first()
    .click();
  await expect.poll(() => page.getByRole('heading', { name: 'Delivery log' }).isVisible()).toBe(true);
  for (const destination of ['Brevo (formerly Sendinblue)', receiver.url('/leads')]) {
    await expect
      .poll(() => deliveryRow(page, 'nora.lead@example.com', destination).getByText('Delivered', { exact: true }).isVisible(), {
        timeout: 15_000,
      })
      .toBe(true);
  }
  expect(brevo.contacts.has('nora.lead@example.com')).toBe(true);
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0]).toMatchObject({ verified: true, payload: { type: 'lead.captured' } });
  await screenshot(harness, page, 'delivery-log-delivered-1280');

  // The endpoint goes down: the next lead's webhook delivery fails every attempt; the log shows it failed.
  const port = receiver.port;
  const endpoint = receiver.url('/leads');
  const secret = receiver.verifyWith;
  await receiver.close();
  await playWithLead(quiz, 'Otto Later', 'otto.later@example.com');
  await page.reload();
  const ottoWebhook = deliveryRow(page, 'otto.later@example.com', endpoint);
  await expect.poll(() => ottoWebhook.getByText('Failed', { exact: true }).isVisible(), { timeout: 20_000 }).toBe(true);
  await expect.poll(() => ottoWebhook.getByText(/ECONNREFUSED/).isVisible()).toBe(true);
  await expect
    .poll(() => deliveryRow(page, 'otto.later@example.com', 'Brevo').getByText('Delivered', { exact: true }).isVisible())
    .toBe(true);
  await screenshot(harness, page, 'delivery-log-failed-1280');

  // Its details show each attempt.
  await ottoWebhook
    .getByRole('link')
    .or(ottoWebhook.getByRole('button', { name: /Details/ }))
    .first()
    .click();
  const details = page.getByRole('dialog');
  await expect.poll(() => details.getByText('Attempt 3').isVisible()).toBe(true);
  await screenshot(harness, page, 'delivery-log-details-1280');
  await details.getByRole('button', { name: 'Close' }).first().click();

  // The endpoint is back: Replay delivers the same delivery, once.
  receiver = await WebhookReceiver.start(secret, port);
  await ottoWebhook.getByRole('button', { name: /^Replay/ }).click();
  await expect.poll(() => toast(page, deliveryMessages.replayed).isVisible()).toBe(true);
  await expect.poll(() => ottoWebhook.getByText('Delivered', { exact: true }).isVisible(), { timeout: 15_000 }).toBe(true);
  expect(receiver.received).toHaveLength(1);
  expect(receiver.received[0]).toMatchObject({
    verified: true,
    payload: { type: 'lead.captured', data: { email: 'otto.later@example.com', name: 'Otto Later' } },
  });

  await page.setViewportSize({ width: 375, height: 800 });
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'delivery-log-375');
});
