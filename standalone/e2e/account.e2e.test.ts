import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function signedInPage(width = 1280) {
  const owner = await createOwner(harness.server);
  const page = await harness.newPage({ width });
  await page.context().addCookies([{ name: 'ql_session', value: owner.client.cookie.split('=')[1]!, url: harness.server.url }]);
  return { owner, page };
}

it('edits personal details and uploads a company logo', async () => {
  const { owner, page } = await signedInPage();
  await page.goto('/app/Account');
  await expect.poll(() => page.getByText('Personal Details').first().isVisible()).toBe(true);
  await expect.poll(() => page.getByLabel('Full name').inputValue()).toBe('Olive Owner');
  expect(await page.getByLabel('Email', { exact: true }).inputValue()).toBe(owner.email);
  expect(await page.getByLabel('Email', { exact: true }).isEditable()).toBe(false);
  // Each form has its one visible submit button, no hidden extra one.
  expect(await page.locator('form button[type="submit"][aria-hidden="true"]').count()).toBe(0);
  expect(await page.locator('form').count()).toBe(await page.locator('form button[type="submit"]').count());

  await page.getByLabel('Full name').fill('Olivia Owner');
  await page.getByLabel('Company name').fill('Olive Grove Ltd');
  await page.getByLabel('Company URL').fill('olivegrove.example');
  await page.locator('input[type=file]').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png });
  await expect.poll(() => page.getByText(messages.account.imageUploaded).first().isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => page.getByText(messages.account.profileUpdated).first().isVisible()).toBe(true);
  await harness.screenshot(page, 'account-saved');

  const profile = (await owner.client.get('/api/v1/account/profile')).body.data;
  expect(profile).toMatchObject({
    fullName: 'Olivia Owner',
    companyName: 'Olive Grove Ltd',
    companyUrl: 'https://olivegrove.example',
  });
  expect(profile.companyLogoUrl).toMatch(/^\/files\/[0-9a-f-]{36}$/);
  await page.reload();
  await expect.poll(() => page.getByLabel('Company URL').inputValue()).toBe('https://olivegrove.example');
  await expect.poll(() => page.locator(`img[src="${profile.companyLogoUrl}"]`).first().isVisible()).toBe(true);
});

it('refuses a logo that is not an image', async () => {
  const { page } = await signedInPage(375);
  await page.goto('/app/Account');
  await expect.poll(() => page.getByText('Personal Details').first().isVisible()).toBe(true);
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect.poll(() => page.getByText(messages.account.logoType).first().isVisible()).toBe(true);
  await harness.screenshot(page, 'account-logo-error-phone');
});

// The form's rules (each field's message, the mismatch, the server's refusal) are its component test's
// (ChangePasswordForm.test.tsx); here the whole change, down to signing in with the new password.
it('changes the password, and the new one signs in', async () => {
  const { owner, page } = await signedInPage();
  await page.goto('/app/Account');
  const panelToggle = page.getByRole('button', { name: /Account Details/ }).first();
  await expect.poll(() => panelToggle.isVisible()).toBe(true);
  if ((await panelToggle.getAttribute('aria-expanded')) === 'false') await panelToggle.click();

  await page.getByLabel('Current password').fill(owner.password);
  await page.getByLabel('New password', { exact: true }).fill('the next password');
  await page.getByLabel('Confirm new password').fill('the next password');
  await page.getByRole('button', { name: /Change password|Update password/i }).click();
  await expect.poll(() => page.getByText(messages.account.passwordUpdated).first().isVisible()).toBe(true);
  expect(
    (await harness.server.client().post('/api/v1/session', { email: owner.email, password: 'the next password' })).status,
  ).toBe(200);
});
