import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { notificationMessages } from '@quizlead/shared/schemas/notifications.ts';
import { FakeBrevo } from '../../server/src/test/fakes/crm/brevo.ts';
import { FakeExternalWorld } from '../../server/src/test/fakes/externalWorld.ts';
import { WebhookReceiver } from '../../server/src/test/fakes/webhookReceiver.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { clipboard, fitsWidth, noSeriousViolations, screenshot, signedInPage, toast } from './ownerScreens.ts';

const apiKey = 'xkeysib-e2e-0123456789abcdef-KEY-4321';
let world: FakeExternalWorld;
let brevo: FakeBrevo;
let receiver: WebhookReceiver;
let harness: BrowserHarness;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  brevo = world.register('api.brevo.com', new FakeBrevo(apiKey));
  receiver = await WebhookReceiver.start('whsec_placeholder');
  // The receiver listens on 127.0.0.1: a private address, allowed only in tests and development.
  harness = await startBrowserHarness(() => getTestServer({ EXTERNAL_API_ORIGIN: world.origin, WEBHOOKS_ALLOW_PRIVATE: 'true' }));
});
afterAll(async () => {
  await harness?.close();
  await receiver?.close();
  await world?.stop();
});

const crmSwitch = (page: Page) => page.getByRole('switch', { name: 'Send every lead to a CRM' });

it('configures Brevo, tests the connection, saves, and after a reload sees the key only masked', async () => {
  const { page } = await signedInPage(harness);
  await page.goto('/app/Settings');
  await expect.poll(() => page.getByRole('heading', { name: 'CRM Integration' }).isVisible()).toBe(true);
  expect(await page.getByRole('link', { name: 'Settings' }).first().getAttribute('href')).toBe('/app/Settings');
  expect(
    await page
      .getByRole('link', { name: 'Delivery log' })
      .or(page.getByRole('button', { name: 'Delivery log' }))
      .count(),
  ).toBe(1);
  // Off and nothing chosen: no provider fields (spec §4).
  expect(await crmSwitch(page).getAttribute('aria-checked')).toBe('false');
  expect(await page.getByLabel('CRM', { exact: true }).count()).toBe(0);

  await crmSwitch(page).click();
  const providers = await page.getByLabel('CRM', { exact: true }).locator('option').allInnerTexts();
  expect(providers).toHaveLength(13);
  expect(providers.slice(1)).toContain('Brevo (formerly Sendinblue)');
  expect(await page.getByLabel('API key').count()).toBe(0);
  await page.getByLabel('CRM', { exact: true }).selectOption('brevo');
  await page.getByLabel('API key').fill(apiKey);
  await page.getByLabel('List id').fill('abc');
  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(() => page.getByText('The Brevo list id is a number').isVisible()).toBe(true);
  await page.getByLabel('List id').fill('12');

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect.poll(() => page.getByText('Connection works').isVisible()).toBe(true);
  expect(
    await page.getByText(integrationMessages.crmTestSent('Brevo (formerly Sendinblue)', 'jane.doe@example.com')).isVisible(),
  ).toBe(true);
  expect(brevo.contacts.get('jane.doe@example.com')).toMatchObject({ listIds: [12] });
  await page.getByRole('button', { name: 'Show the request and answer' }).click();
  await expect.poll(() => page.getByText('api-key: [redacted]').isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(() => toast(page, integrationMessages.settingsUpdated).isVisible()).toBe(true);
  await screenshot(harness, page, 'settings-crm-saved-1280');

  await page.reload();
  await expect.poll(() => page.getByLabel('API key').isVisible()).toBe(true);
  expect(await page.getByLabel('API key').inputValue()).toBe('');
  await expect.poll(() => page.getByText(integrationMessages.secretKept('••••••••4321')).isVisible()).toBe(true);
  expect(await page.getByLabel('List id').inputValue()).toBe('12');
  expect(await page.content()).not.toContain(apiKey);

  // A wrong key shows Brevo's own answer.
  await page.getByLabel('API key').fill('xkeysib-wrong-key-0000');
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect.poll(() => page.getByText('HTTP 401: Key not found').isVisible()).toBe(true);
  await noSeriousViolations(page, 'Settings');
});

it('adds a webhook to a local receiver, shows its secret once, and sends a signed test', async () => {
  const { page } = await signedInPage(harness);
  await page.goto('/app/Settings');
  await expect.poll(() => page.getByRole('heading', { name: 'Webhooks' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('No endpoints yet.', { exact: false }).isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Add endpoint' }).click();
  await expect.poll(() => page.getByText(integrationMessages.webhookUrlRequired).isVisible()).toBe(true);
  const url = receiver.url('/quizlead');
  await page.getByLabel('Endpoint URL').fill(url);
  await page.getByRole('button', { name: 'Add endpoint' }).click();

  const dialog = page.getByRole('dialog', { name: 'Signing secret' });
  await expect.poll(() => dialog.isVisible()).toBe(true);
  const secret = await dialog.getByRole('textbox', { name: 'Signing secret' }).inputValue();
  expect(secret).toMatch(/^whsec_/);
  await dialog.getByRole('button', { name: /Copy/ }).click();
  await expect.poll(() => clipboard(page)).toBe(secret);
  await screenshot(harness, page, 'settings-webhook-secret-1280');
  await dialog.getByRole('button', { name: 'Done', exact: true }).click();
  await expect.poll(() => dialog.count()).toBe(0);
  expect(await page.content()).not.toContain(secret.slice('whsec_'.length));
  await expect.poll(() => page.getByText(`Signing secret whsec_••••••••${secret.slice(-4)}`).isVisible()).toBe(true);

  receiver.verifyWith = secret;
  const seen = receiver.received.length;
  await page.getByRole('button', { name: 'Send test' }).click();
  await expect.poll(() => page.getByText(integrationMessages.webhookTestSent(200)).isVisible()).toBe(true);
  await screenshot(harness, page, 'settings-webhook-tested-1280');
  const [got] = receiver.received.slice(seen);
  expect(got).toMatchObject({ path: '/quizlead', verified: true });
  expect(got!.payload).toMatchObject({ type: 'test', data: { email: 'jane.doe@example.com' } });

  await page.reload();
  await expect.poll(() => page.getByText(url).isVisible()).toBe(true);
  expect(await page.content()).not.toContain(secret.slice('whsec_'.length));

  // Switched off from its switch, then deleted after a confirmation.
  await page.getByRole('switch', { name: 'Send leads to this endpoint' }).click();
  await expect
    .poll(() => page.getByRole('switch', { name: 'Send leads to this endpoint' }).getAttribute('aria-checked'))
    .toBe('false');
  await page.getByRole('button', { name: `Delete ${url}` }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete endpoint' });
  await expect.poll(() => confirm.isVisible()).toBe(true);
  await confirm.getByRole('button', { name: 'Delete' }).click();
  await expect.poll(() => toast(page, integrationMessages.webhookDeleted).isVisible()).toBe(true);
  await expect.poll(() => page.getByText('No endpoints yet.', { exact: false }).isVisible()).toBe(true);
});

it('couples the notification switches, checks the recipients inline, and copies the affiliate url', async () => {
  const { page } = await signedInPage(harness);
  await page.goto('/app/Settings');
  const main = page.getByRole('switch', { name: 'Email me when a new lead arrives' });
  const additional = page.getByRole('switch', { name: 'Send to additional recipients' });
  const recipients = page.getByRole('textbox', { name: 'Additional recipients' });
  await expect.poll(() => main.isVisible()).toBe(true);
  expect(await main.getAttribute('aria-checked')).toBe('false');
  expect(await recipients.count()).toBe(0);

  await additional.click();
  expect(await main.getAttribute('aria-checked')).toBe('true');
  await recipients.fill('sales@example.com, nope');
  await recipients.blur();
  await expect.poll(() => page.getByText(notificationMessages.recipientInvalid('nope')).isVisible()).toBe(true);
  await recipients.fill('sales@example.com, ops@example.com');
  await page.getByText('Hourly digest').click();
  await page.getByRole('button', { name: 'Save' }).nth(1).click();
  await expect.poll(() => toast(page, integrationMessages.saved).isVisible()).toBe(true);
  // Turning the main switch off leaves the additional switch as it is.
  await main.click();
  expect(await additional.getAttribute('aria-checked')).toBe('true');

  const affiliate = await page.getByRole('textbox', { name: 'Affiliate url' }).inputValue();
  expect(affiliate).toMatch(/\/Signup\?ref=[A-Za-z0-9]{8}$/);
  await page.getByRole('button', { name: 'Copy Affiliate url' }).click();
  await expect.poll(() => clipboard(page)).toBe(affiliate);

  await page.reload();
  await expect.poll(() => recipients.inputValue()).toBe('sales@example.com, ops@example.com');
  expect(await page.getByRole('radio', { name: 'Hourly digest' }).isChecked()).toBe(true);
});

it('fits a phone screen', async () => {
  const { page, owner } = await signedInPage(harness, 375);
  await owner.client.put('/api/v1/settings/crm', {
    enabled: true,
    provider: 'brevo',
    settings: { api_key: apiKey, campaignid: '7' },
  });
  await owner.client.post('/api/v1/settings/webhooks', {
    url: receiver.url('/a-rather-long-path/for-a-webhook-endpoint/quizlead'),
  });
  await page.goto('/app/Settings');
  await expect.poll(() => page.getByRole('heading', { name: 'Affiliate url' }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(integrationMessages.secretKept('••••••••4321')).isVisible()).toBe(true);
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'settings-375');
});
