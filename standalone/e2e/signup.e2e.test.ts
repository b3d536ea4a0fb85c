import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { uniqueEmail } from '../../server/src/test/factories.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

it('signs up through the three-step wizard with the token from the dev mailbox', async () => {
  const page = await harness.newPage();
  const email = uniqueEmail('wizard');
  await page.goto('/Signup');
  await expect.poll(() => page.getByText('Account Details').first().isVisible()).toBe(true);
  // Assistive technology hears the step, not a fraction of a percent, and no hidden extra button.
  const progress = page.getByRole('progressbar');
  expect(await progress.getAttribute('aria-valuetext')).toBe('Step 1 of 3: Account Details');
  const heard = await page.locator('body').ariaSnapshot();
  expect(heard).not.toMatch(/\d\.\d+%/);
  expect(heard).not.toMatch(/button "Submit"/);
  expect(await page.locator('form button[type="submit"]').count()).toBe(1);

  // Step 1. Each step's own rules (the messages under the fields) are in the component test, Signup.test.tsx.
  await page.getByLabel('Full name').fill('Wendy Wizard');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('wizard password 1');
  await harness.screenshot(page, 'signup-1-account-details');
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: company details, then Create Account.
  await expect.poll(() => page.getByText('Personal Details').first().isVisible()).toBe(true);
  expect(await progress.getAttribute('aria-valuetext')).toBe('Step 2 of 3: Personal Details');
  await page.getByLabel('Company name').fill('Wizard Works');
  await page.getByLabel('Company URL').fill('wizard.example');
  await harness.screenshot(page, 'signup-2-personal-details');
  await page.getByRole('button', { name: 'Create Account' }).click();

  // Step 3: a wrong token first, then the real one read from the mailbox in another tab.
  await expect.poll(() => page.getByText('Verification').first().isVisible()).toBe(true);
  await page.getByLabel('Verification token').fill('000000');
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect.poll(() => page.getByText(messages.auth.tokenInvalid).first().isVisible()).toBe(true);
  await harness.screenshot(page, 'signup-3-verification-error');

  const mailbox = await page.context().newPage();
  const mail = await harness.mailText(mailbox, email, /verification token/);
  const token = /verification token is: (\d{6})/.exec(mail)![1]!;
  await page.getByLabel('Verification token').fill(token);
  await page.getByRole('button', { name: 'Create Account' }).click();

  await page.waitForURL('**/app/');
  await expect.poll(() => page.getByText('Wendy Wizard').first().isVisible()).toBe(true);
  await harness.screenshot(page, 'signup-4-welcome');
  const profile = await page.evaluate(() => fetch('/api/v1/account/profile').then((response) => response.json()));
  expect(profile.data).toMatchObject({ companyName: 'Wizard Works', companyUrl: 'https://wizard.example', email });
});

it('Skip for Now creates the account without company details', async () => {
  const page = await harness.newPage({ width: 375, height: 740 });
  const email = uniqueEmail('skipper');
  await page.goto('/Signup');
  await page.getByLabel('Full name').fill('Sky Skipper');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('skipper password 1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByRole('button', { name: 'Skip for Now' }).click();
  await expect.poll(() => page.getByLabel('Verification token').isVisible()).toBe(true);
  await harness.screenshot(page, 'signup-phone-verification');

  const mailbox = await page.context().newPage();
  const first = /verification token is: (\d{6})/.exec(await harness.mailText(mailbox, email, /verification token/))![1]!;
  await page.getByRole('button', { name: 'Send Again' }).click();
  await expect.poll(async () => (await harness.server.mailbox.list()).filter((mail) => mail.to === email).length).toBe(2);
  const newest = (await harness.server.mailbox.list()).find((mail) => mail.to === email)!;
  const second = /verification token is: (\d{6})/.exec(newest.text)![1]!;
  expect(second).toMatch(/^\d{6}$/);
  if (first !== second) {
    await page.getByLabel('Verification token').fill(first);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect.poll(() => page.getByText(messages.auth.tokenInvalid).first().isVisible()).toBe(true);
  }
  await page.getByLabel('Verification token').fill(second);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/app/');
  const profile = await page.evaluate(() => fetch('/api/v1/account/profile').then((response) => response.json()));
  expect(profile.data).toMatchObject({ fullName: 'Sky Skipper', companyName: '', companyUrl: '' });
});

it('refuses a common password on step 1, where it is typed, before any token is mailed, at 1280 and 375 px', async () => {
  for (const width of [1280, 375]) {
    const page = await harness.newPage({ width, height: 800 });
    const email = uniqueEmail('common');
    await page.goto('/Signup');
    await page.getByLabel('Full name').fill('Cam Common');
    await page.getByLabel('Email').fill(email);
    // Passes the form's own rules (length, not blank, not one character); only the server knows the list.
    await page.getByLabel('Password').fill('password123');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => page.getByText(messages.auth.passwordCommon).first().isVisible()).toBe(true);
    expect(await page.getByRole('progressbar').getAttribute('aria-valuetext')).toBe('Step 1 of 3: Account Details');
    expect(await page.getByLabel('Password').inputValue()).toBe('password123');
    await harness.screenshot(page, `signup-common-password-${width}`);
    // No token went out for a password that could never be used.
    expect((await harness.server.mailbox.list()).some((mail) => mail.to === email)).toBe(false);

    await page.getByLabel('Password').fill('a rarer passphrase 7');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('button', { name: 'Skip for Now' }).click();
    const mailbox = await page.context().newPage();
    const token = /verification token is: (\d{6})/.exec(await harness.mailText(mailbox, email, /verification token/))![1]!;
    await page.getByLabel('Verification token').fill(token);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.waitForURL('**/app/');
  }
});
