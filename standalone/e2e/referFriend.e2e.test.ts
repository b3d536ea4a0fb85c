import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { referralMessages as texts } from '@quizlead/shared/schemas/referrals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { affiliateCommissions, payments, referrals } from '../../server/src/db/schema/index.ts';
import { createOwner, uniqueEmail } from '../../server/src/test/factories.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { clipboard, fitsWidth, noSeriousViolations, screenshot, signedInPage, toast, type Owner } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const profileMenu = (page: Page) => page.locator('.Polaris-TopBar').getByRole('button', { name: /^Account menu for / });

/** An item of the open top-bar menu (Polaris renders them in a popover). */
const menuItem = (page: Page, name: string) =>
  page
    .locator('.Polaris-Popover')
    .getByRole('link', { name, exact: true })
    .or(page.locator('.Polaris-Popover').getByRole('menuitem', { name, exact: true }))
    .first();

const nameField = (page: Page) => page.getByLabel("Friend's name");
const emailField = (page: Page) => page.getByLabel("Friend's email");
const send = (page: Page) => page.getByRole('button', { name: 'Send', exact: true });

/** A figure of the Settings affiliate panel, by its label. */
const figure = (page: Page, label: string) =>
  page.locator('#affiliate-url p', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::p[1]');

/**
 * A referred account that paid 19.00 before tax, and the owner's 20% of it: written directly, as the
 * completed payment would have left them (the payment itself is browser-tested in billing.e2e).
 */
async function paidReferral(referrer: Owner) {
  const { db } = harness.server.services.database;
  const referred = await createOwner(harness.server);
  await db.insert(referrals).values({
    referredAccountId: referred.account.id,
    referrerAccountId: referrer.account.id,
    source: 'link',
  });
  const [payment] = await db
    .insert(payments)
    .values({
      accountId: referred.account.id,
      planId: 2,
      period: 'monthly',
      priceCents: 1900,
      taxRateBasisPoints: 1800,
      taxCents: 342,
      totalCents: 2242,
      currency: 'USD',
      status: 'completed',
      startsAt: new Date(),
      completedAt: new Date(),
    })
    .returning();
  await db.insert(affiliateCommissions).values({
    paymentId: payment!.id,
    referrerAccountId: referrer.account.id,
    referredAccountId: referred.account.id,
    baseCents: 1900,
    ratePercent: 20,
    amountCents: 380,
  });
}

it('the profile menu opens Refer Friend, which invites a friend once; the friend’s sign-up through the link is listed and counted', async () => {
  const { page, owner } = await signedInPage(harness);
  await skipDashboardIntro(page);
  await page.goto('/app/');
  await profileMenu(page).click();
  await expect.poll(() => menuItem(page, 'Refer Friend').isVisible()).toBe(true);
  // Between Profile Setting and Sign out, as the spec orders them.
  const menu = await page.locator('.Polaris-Popover').innerText();
  expect(menu.split('\n').filter((line) => /Profile Setting|Refer Friend|Sign out/.test(line))).toEqual([
    'Profile Setting',
    'Refer Friend',
    'Sign out',
  ]);
  await menuItem(page, 'Refer Friend').click();
  await page.waitForURL('**/app/refer-friend');
  await expect.poll(() => page.getByRole('heading', { name: 'Refer Friend', level: 1 }).isVisible()).toBe(true);
  // A top-bar screen: no side-navigation entry is marked for it.
  expect(await page.locator('.Polaris-Navigation__ItemInnerWrapper--selected').count()).toBe(0);
  await expect.poll(() => page.getByText(texts.invitationsEmpty).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(texts.signupsEmpty).isVisible()).toBe(true);
  const link = await page.getByRole('textbox', { name: 'Referral link' }).inputValue();
  expect(link).toMatch(new RegExp(`^${harness.server.url}/Signup\\?ref=[A-Za-z0-9]{8}$`));
  await page.getByRole('button', { name: 'Copy Referral link' }).click();
  await expect.poll(() => clipboard(page)).toBe(link);
  await screenshot(harness, page, 'refer-friend-empty-1280');

  // Empty: both fields say what is missing, and nothing is sent.
  expect(await emailField(page).getAttribute('type')).toBe('email');
  await send(page).click();
  await expect.poll(() => page.getByText(texts.friendNameRequired).isVisible()).toBe(true);
  expect(await page.getByText(messages.auth.emailRequired).isVisible()).toBe(true);

  const friendEmail = uniqueEmail('friend');
  await nameField(page).fill('Fran Friend');
  await emailField(page).fill(friendEmail);
  await send(page).click();
  await expect.poll(() => toast(page, texts.sent).isVisible()).toBe(true);
  expect(await nameField(page).inputValue()).toBe('');
  expect(await emailField(page).inputValue()).toBe('');
  const invited = page.getByRole('row', { name: new RegExp(friendEmail) });
  await expect.poll(() => invited.isVisible()).toBe(true);
  expect(await invited.innerText()).toContain('Invited');
  const mail = await harness.server.waitForMail(friendEmail, /invites you/);
  // Named by name and proved address (issue 32), with a one-click unsubscribe.
  expect(mail.subject).toBe('Olive Owner invites you to try Quizlead');
  expect(mail.text).toContain(`Olive Owner (${owner.email}) uses Quizlead`);
  expect(mail.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  expect(mail.text).toContain(link);

  // The same address again (in capitals): refused on the email field, the name kept.
  await nameField(page).fill('Fran Again');
  await emailField(page).fill(friendEmail.toUpperCase());
  await send(page).click();
  await expect.poll(() => page.getByText(texts.alreadyInvited).isVisible()).toBe(true);
  expect(await nameField(page).inputValue()).toBe('Fran Again');
  await screenshot(harness, page, 'refer-friend-1280');
  await noSeriousViolations(page, 'Refer Friend');

  // The friend follows the link from the mail and signs up.
  const friend = await harness.newPage();
  await friend.goto(/https?:\/\/\S+\/Signup\?ref=\S+/.exec(mail.text)![0]);
  await friend.getByLabel('Full name').fill('Fran Friend');
  await friend.getByLabel('Email').fill(friendEmail);
  await friend.getByLabel('Password').fill('friendly password 1');
  await friend.getByRole('button', { name: 'Continue' }).click();
  await friend.getByLabel('Company name').fill('Friendly Co');
  await friend.getByRole('button', { name: 'Create Account' }).click();
  const tokenMail = await harness.server.waitForMail(friendEmail, /verification token/);
  await friend.getByLabel('Verification token').fill(/verification token is: (\d{6})/.exec(tokenMail.text)![1]!);
  await friend.getByRole('button', { name: 'Create Account' }).click();
  await friend.waitForURL('**/app/');

  // The referrer sees the invitation signed up and the new account, credited to the link.
  await page.reload();
  await expect.poll(() => page.getByRole('row', { name: /Friendly Co/ }).isVisible()).toBe(true);
  expect(await page.getByRole('row', { name: /Friendly Co/ }).innerText()).toMatch(/Referral link\s+Free/);
  expect(await invited.innerText()).toContain('Signed up');

  await page.goto('/app/Settings');
  await expect.poll(() => figure(page, 'Referrals').innerText()).toBe('1');
  expect(await figure(page, 'Paid referrals').innerText()).toBe('0');
  expect(await figure(page, 'Commission earned').innerText()).toBe('$0.00');
  expect(await page.getByText(texts.commissionsEmpty).isVisible()).toBe(true);
  expect(await page.getByRole('textbox', { name: 'Affiliate url' }).inputValue()).toBe(link);

  // A paid referral's commission is listed.
  await paidReferral(owner);
  await page.reload();
  await expect.poll(() => figure(page, 'Commission earned').innerText()).toBe('$3.80');
  expect(await figure(page, 'Referrals').innerText()).toBe('2');
  expect(await figure(page, 'Paid referrals').innerText()).toBe('1');
  const commission = page.getByRole('row', { name: /Acme/ });
  expect(await commission.innerText()).toMatch(/\$19\.00\s+20%\s+\$3\.80\s[\s\S]*Earned/);
  await screenshot(harness, page, 'affiliate-panel-1280');
  await noSeriousViolations(page, 'Settings with the affiliate panel');
});

it('at 375 px the profile menu, Refer Friend and the affiliate panel fit', async () => {
  const { page, owner } = await signedInPage(harness, 375);
  await skipDashboardIntro(page);
  await page.goto('/app/refer-friend');
  await expect.poll(() => page.getByRole('heading', { name: 'Refer Friend', level: 1 }).isVisible()).toBe(true);
  await profileMenu(page).click();
  await expect.poll(() => menuItem(page, 'Refer Friend').isVisible()).toBe(true);
  await fitsWidth(page, 375);
  await harness.screenshot(page, 'profile-menu-375');
  await page.keyboard.press('Escape');

  for (const name of ['Pat Phone', 'Quinn Quick']) {
    await nameField(page).fill(name);
    await emailField(page).fill(uniqueEmail(name.split(' ')[0]!.toLowerCase()));
    await send(page).click();
    await expect.poll(() => page.getByRole('list', { name: 'Invitations' }).getByText(name).isVisible()).toBe(true);
  }
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'refer-friend-375');

  await paidReferral(owner);
  await page.goto('/app/Settings');
  await expect.poll(() => page.getByRole('list', { name: 'Commissions' }).getByText('$3.80').isVisible()).toBe(true);
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'affiliate-panel-375');
});
