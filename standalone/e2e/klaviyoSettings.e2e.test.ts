import { afterAll, beforeAll, expect, it } from 'vitest';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { FakeKlaviyo } from '../../server/src/test/fakes/crm/klaviyo.ts';
import { FakeExternalWorld } from '../../server/src/test/fakes/externalWorld.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, screenshot, signedInPage, toast } from './ownerScreens.ts';

const privateKey = 'pk_e2e0123456789abcdef0123KEY';
const flatLabel = 'Name answer properties without the quiz’s key';
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

it('Klaviyo with flat answer names: Test connection sends the sample answers flat and one event; the choice is saved', async () => {
  const { owner, page } = await signedInPage(harness);
  await page.goto('/app/Settings');
  await page.getByRole('switch', { name: 'Send every lead to a CRM' }).click();
  await page.getByLabel('CRM', { exact: true }).selectOption('klaviyo');
  expect(await page.getByLabel(flatLabel).isChecked()).toBe(false);
  await page.getByLabel('Private API key').fill(privateKey);
  await page.getByLabel('List id').fill('Y6nRLr');
  await page.getByLabel(flatLabel).check();

  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect.poll(() => page.getByText('Connection works').isVisible()).toBe(true);
  expect(await page.getByText(integrationMessages.crmTestSent('Klaviyo', 'jane.doe@example.com')).isVisible()).toBe(true);
  expect(klaviyo.profiles.get('jane.doe@example.com')!.properties).toMatchObject({
    roast: 'dark',
    brew_methods: ['Espresso', 'Pour-over'],
    cups_a_day: 3,
  });
  expect(klaviyo.events).toHaveLength(1);
  expect(klaviyo.events[0]).toMatchObject({ metric: 'Completed quiz', properties: { roast: 'dark', cups_a_day: 3 } });
  expect(klaviyo.events[0]!.uniqueId).toMatch(/^test-/);

  await page.getByRole('button', { name: 'Save' }).first().click();
  await expect.poll(() => toast(page, integrationMessages.settingsUpdated).isVisible()).toBe(true);
  await screenshot(harness, page, 'settings-klaviyo-1280');

  await page.reload();
  await expect.poll(() => page.getByLabel(flatLabel).isVisible()).toBe(true);
  expect(await page.getByLabel(flatLabel).isChecked()).toBe(true);

  const { page: phone } = await signedInPage(harness, 375, owner);
  await phone.goto('/app/Settings');
  await expect.poll(() => phone.getByLabel(flatLabel).isVisible()).toBe(true);
  await fitsWidth(phone, 375);
  await screenshot(harness, phone, 'settings-klaviyo-375');
});
