import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

it('forgot → emailed link → new password → sign in with it', async () => {
  const owner = await createOwner(harness.server);
  const page = await harness.newPage();
  await page.goto('/index.html');
  await page.getByRole('link', { name: 'Forgot Password' }).click();
  await page.waitForURL('**/ForgetPassword');

  // The button's rule (disabled until the email is typed in) is in the component test, ForgotPassword.test.tsx.
  const send = page.getByRole('button', { name: 'EMAIL MY PASSWORD' });
  await page.getByLabel('Email').fill(owner.email);
  await send.click();
  await expect.poll(() => page.getByText(messages.auth.forgotNotice).first().isVisible()).toBe(true);
  await harness.screenshot(page, 'forgot-notice');

  const mailbox = await page.context().newPage();
  await harness.mailText(mailbox, owner.email, /Reset your/);
  await harness.screenshot(mailbox, 'dev-mailbox');
  await mailbox.locator('article', { hasText: owner.email }).getByRole('link').first().click();
  await mailbox.waitForURL('**/ResetPassword?token=*');

  await mailbox.getByLabel('New password', { exact: true }).fill('my fresh password');
  await mailbox.getByLabel('Confirm new password').fill('my fresh password');
  await harness.screenshot(mailbox, 'reset-form');
  await mailbox.getByRole('button', { name: /password/i }).click();
  await expect.poll(() => mailbox.getByText(messages.auth.resetDone).first().isVisible()).toBe(true);

  // The link is spent.
  await mailbox.reload();
  await mailbox.getByLabel('New password', { exact: true }).fill('another fresh password');
  await mailbox.getByLabel('Confirm new password').fill('another fresh password');
  await mailbox.getByRole('button', { name: /password/i }).click();
  await expect.poll(() => mailbox.getByText(messages.auth.resetInvalid).first().isVisible()).toBe(true);

  await page.goto('/index.html');
  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill('my fresh password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/app/');
});

it('an unknown email gets the same notice', async () => {
  const page = await harness.newPage({ width: 375, height: 740 });
  await page.goto('/ForgetPassword');
  await page.getByLabel('Email').fill('nobody-here@example.com');
  await page.getByRole('button', { name: 'EMAIL MY PASSWORD' }).click();
  await expect.poll(() => page.getByText(messages.auth.forgotNotice).first().isVisible()).toBe(true);
  await harness.screenshot(page, 'forgot-notice-phone');
});
