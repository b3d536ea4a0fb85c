import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { uniqueEmail } from '../../server/src/test/factories.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, noSeriousViolations, screenshot, signedInPage, toast } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

const navigationLink = (page: Page, name: string) => page.locator('.Polaris-Navigation').getByRole('link', { name, exact: true });

it('an owner invites a member from the Account page; the member joins through the mailed link and sees only what members may change', async () => {
  const { page, owner } = await signedInPage(harness);
  await skipDashboardIntro(page);
  await page.goto('/app/Account');
  await expect.poll(() => page.getByRole('list', { name: 'Team' }).getByText(owner.email).isVisible()).toBe(true);

  const email = uniqueEmail('teammate');
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect.poll(() => page.getByText(messages.auth.emailRequired).isVisible()).toBe(true);
  await page.getByLabel('Email to invite').fill(email);
  await page.getByRole('button', { name: 'Send invitation' }).click();
  await expect.poll(() => toast(page, teamMessages.invited).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('list', { name: 'Invitations' }).getByText(email).isVisible()).toBe(true);
  await screenshot(harness, page, 'team-1280');
  await noSeriousViolations(page, 'Account → Team');

  // The invitee, in a browser of their own.
  const mail = await harness.server.waitForMail(email, /Join\?token=/);
  const link = /https?:\/\/\S+\/Join\?token=\S+/.exec(mail.text)![0];
  const invitee = await harness.newPage({ width: 375 });
  await skipDashboardIntro(invitee);
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect.poll(() => invitee.getByRole('heading', { name: 'Join Acme' }).isVisible()).toBe(true);
  await fitsWidth(invitee, 375);
  await screenshot(harness, invitee, 'team-join-375');
  await invitee.getByLabel('Full name').fill('Tess Mate');
  await invitee.getByLabel('Password', { exact: true }).fill('a long enough secret');
  await invitee.getByRole('button', { name: 'Join the team' }).click();
  await invitee.waitForURL('**/app/');

  // Members do not see the plans and cannot change the company or where leads go.
  await invitee.setViewportSize({ width: 1280, height: 900 });
  await expect.poll(() => navigationLink(invitee, 'Quizzes').isVisible()).toBe(true);
  expect(await navigationLink(invitee, 'Plans').count()).toBe(0);
  expect(await navigationLink(invitee, 'Invoices').count()).toBe(0);
  for (const path of ['/app/Plans', '/app/Invoices']) {
    await invitee.goto(path);
    await expect.poll(() => invitee.getByText(permissionMessages.screenOwnerOnly).isVisible()).toBe(true);
  }
  await screenshot(harness, invitee, 'team-member-invoices-1280');
  await invitee.goto('/app/Settings');
  await expect.poll(() => invitee.getByText(permissionMessages.settingsOwnerOnly).isVisible()).toBe(true);
  await invitee.goto('/app/Account');
  await expect.poll(() => invitee.getByLabel('Company name').isDisabled()).toBe(true);
  expect(await invitee.getByLabel('Full name').isDisabled()).toBe(false);
  await expect
    .poll(() => invitee.getByRole('list', { name: 'Team' }).getByText('Tess Mate', { exact: true }).first().isVisible())
    .toBe(true);
  expect(await invitee.getByRole('button', { name: 'Send invitation' }).count()).toBe(0);
  await screenshot(harness, invitee, 'team-member-1280');

  // The owner sees the member, makes them an owner, then removes them.
  await page.reload();
  await expect
    .poll(() => page.getByRole('list', { name: 'Team' }).getByText('Tess Mate', { exact: true }).first().isVisible())
    .toBe(true);
  await page.getByLabel('Role of Tess Mate').selectOption('owner');
  await expect.poll(() => toast(page, teamMessages.roleChanged).isVisible()).toBe(true);
  await page.getByRole('button', { name: 'Remove Tess Mate' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Remove' }).click();
  await expect.poll(() => toast(page, teamMessages.removed).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('list', { name: 'Team' }).getByText('Tess Mate', { exact: true }).count()).toBe(0);

  // A spent or unknown link says so.
  await invitee.context().clearCookies();
  await invitee.goto(new URL(link).pathname + new URL(link).search);
  await expect.poll(() => invitee.getByText(teamMessages.invitationInvalid).isVisible()).toBe(true);
});
