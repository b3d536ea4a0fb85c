import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactMessages } from '@quizlead/shared/schemas/contact.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, noSeriousViolations, screenshot, signedInPage, toast } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness(() => getTestServer({ SUPPORT_EMAIL: 'help@quizlead.example' }));
});
afterAll(() => harness?.close());

const topBarButton = (page: Page, name: string) => page.locator('.Polaris-TopBar').getByRole('button', { name, exact: true });

/** An item of the open top-bar menu (Polaris renders them in a popover). */
const menuItem = (page: Page, name: string) =>
  page
    .locator('.Polaris-Popover')
    .getByRole('link', { name, exact: true })
    .or(page.locator('.Polaris-Popover').getByRole('menuitem', { name, exact: true }))
    .first();

it('the Create menu opens each builder and the help menu leads to Contact Us, which sends a message to support', async () => {
  const { page, owner } = await signedInPage(harness);
  await skipDashboardIntro(page);
  await page.goto('/app/');
  for (const [item, path] of [
    ['Quiz', '/app/Templates'],
    ['Web Response', '/app/Feedback'],
    ['Poll', '/app/poll/create'],
    ['Wheel Spin', '/app/wheel_spinner/create'],
  ] as const) {
    await topBarButton(page, 'Create menu').click();
    await menuItem(page, item).click();
    await page.waitForURL(`**${path}`);
  }
  await topBarButton(page, 'Help menu').click();
  await expect.poll(() => menuItem(page, 'help@quizlead.example').getAttribute('href')).toBe('mailto:help@quizlead.example');
  await screenshot(harness, page, 'help-menu-1280');
  // A full-page screenshot resizes the page, which closes Polaris popovers.
  if (!(await menuItem(page, 'Contact Us').isVisible())) await topBarButton(page, 'Help menu').click();
  await menuItem(page, 'Contact Us').click();
  await page.waitForURL('**/app/Contactus');
  await expect.poll(() => page.getByRole('heading', { name: 'Contact Us' }).isVisible()).toBe(true);

  // Empty: the spec's message, and nothing sent.
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => page.getByText(contactMessages.messageRequired).isVisible()).toBe(true);
  await page.getByLabel('Message').fill('Can I export leads every week?');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => toast(page, contactMessages.sent).isVisible()).toBe(true);
  expect(await page.getByLabel('Message').inputValue()).toBe('');
  const mail = await harness.server.waitForMail('help@quizlead.example', /export leads every week/);
  expect(mail.text).toContain(owner.email);
  await screenshot(harness, page, 'contact-1280');
  await noSeriousViolations(page, 'Contact Us');

  // The server refusing (here: too many messages in an hour) shows 'Message Sent Error'.
  for (let index = 0; index < 5; index += 1) await owner.client.post('/api/v1/contact-messages', { message: `Note ${index}` });
  await page.getByLabel('Message').fill('One more');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => page.getByText(contactMessages.sendErrorTitle).isVisible()).toBe(true);
  expect(await page.getByLabel('Message').inputValue()).toBe('One more');
});

it('at 375 px the menus fit and Contact Us works', async () => {
  const { page } = await signedInPage(harness, 375);
  await skipDashboardIntro(page);
  await page.goto('/app/Contactus');
  await expect.poll(() => page.getByRole('heading', { name: 'Contact Us' }).isVisible()).toBe(true);
  await fitsWidth(page, 375);
  await topBarButton(page, 'Help menu').click();
  await expect.poll(() => menuItem(page, 'Contact Us').isVisible()).toBe(true);
  await fitsWidth(page, 375);
  await screenshot(harness, page, 'help-menu-375');
  await page.keyboard.press('Escape');
  await page.getByLabel('Message').fill('From my phone');
  await page.getByRole('button', { name: 'Submit' }).click();
  await expect.poll(() => toast(page, contactMessages.sent).isVisible()).toBe(true);
  await screenshot(harness, page, 'contact-375');
});
