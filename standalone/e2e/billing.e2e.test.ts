import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { billingMessages } from '@quizlead/shared/billing.ts';
import { sessionCookie } from '@quizlead/shared/constants.ts';
import { quizDefaults } from '@quizlead/shared/quizzes.ts';
import { FakeExternalWorld } from '../../server/src/test/fakes/externalWorld.ts';
import { FakePayPal } from '../../server/src/test/fakes/paypal/index.ts';
import { createDiscountCode } from '../../server/src/test/billingKit.ts';
import { uniqueEmail } from '../../server/src/test/factories.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { pdfText } from '../../server/src/test/pdfText.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { fitsWidth, noSeriousViolations, screenshot } from './ownerScreens.ts';

let world: FakeExternalWorld;
let paypal: FakePayPal;
let harness: BrowserHarness;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  paypal = world.register(/^(api-m|www)\.sandbox\.paypal\.com$/, new FakePayPal());
  harness = await startBrowserHarness(() =>
    getTestServer({
      EXTERNAL_API_ORIGIN: world.origin,
      PAYPAL_CLIENT_ID: paypal.clientId,
      PAYPAL_CLIENT_SECRET: paypal.clientSecret,
      PAYPAL_WEBHOOK_ID: paypal.webhookId,
      INVOICE_SELLER: 'Quizlead Ltd|1 Harbour Street|Dublin',
    }),
  );
  paypal.listen(`${harness.server.url}/paypal/webhooks`);
});

afterAll(async () => {
  await paypal?.settled();
  await harness?.close();
  await world?.stop();
});

/** The browser reaches PayPal's approval pages on the fake, as the server reaches its API (EXTERNAL_API_ORIGIN). */
async function routePayPalPages(page: Page) {
  await page.context().route(/^https:\/\/www\.sandbox\.paypal\.com\//, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const headers: Record<string, string> = { ...request.headers(), 'x-forwarded-host': url.host };
    const response = await fetch(`${world.origin}${url.pathname}${url.search}`, {
      method: request.method(),
      headers,
      body: request.postData() ?? undefined,
      redirect: 'manual',
    });
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
}

/** Signs up through the wizard, as a new owner does, and lands on the dashboard. */
async function signUp(page: Page, email: string) {
  await skipDashboardIntro(page);
  await page.goto('/Signup');
  await page.getByLabel('Full name').fill('Paula Payer');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('paying password 1');
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Company name').fill('Payer Works');
  await page.getByLabel('Company URL').fill('payer.example');
  await page.getByRole('button', { name: 'Create Account' }).click();
  const mail = await harness.server.waitForMail(email, /verification token/);
  await page.getByLabel('Verification token').fill(/verification token is: (\d{6})/.exec(mail.text)![1]!);
  await page.getByRole('button', { name: 'Create Account' }).click();
  await page.waitForURL('**/app/');
}

/** An API client signed in as the page's owner (for making a quiz quickly). */
async function ownerClient(page: Page) {
  const client = harness.server.client();
  const cookie = (await page.context().cookies()).find((item) => item.name === sessionCookie)!;
  client.cookie = `${cookie.name}=${cookie.value}`;
  await client.get('/api/v1/session');
  return client;
}

const poweredBy = (page: Page) => page.getByText(quizDefaults.poweredBy);

async function payOnPlansPage(
  page: Page,
  width: number,
  choice: { tab: 'Monthly' | '12 Month (-12%)'; code: string; total: string },
) {
  const shot = (name: string) => screenshot(harness, page, `billing-${name}-${width}`);
  await page.getByRole('link', { name: 'Plans' }).first().click();
  await expect.poll(() => page.getByRole('heading', { name: 'Plans', exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: 'Choose Pro' }).isVisible()).toBe(true);
  await page.getByRole('tab', { name: choice.tab }).click();
  await shot(`plans-${choice.tab === 'Monthly' ? 'monthly' : 'yearly'}`);
  await fitsWidth(page, width);
  await noSeriousViolations(page, 'Plans');

  // The free card: free for ever.
  await page.getByRole('button', { name: 'Choose Free' }).click();
  await expect.poll(() => page.getByText(billingMessages.freePlan).first().isVisible()).toBe(true);

  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await expect.poll(() => page.getByRole('button', { name: 'Pay with PayPal' }).isVisible()).toBe(true);
  // An empty code is refused without asking the server; a real one shows the server's answer in green.
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => page.getByText(billingMessages.discountCodeRequired).first().isVisible()).toBe(true);
  await page.getByRole('textbox', { name: 'Discount code' }).fill('NOSUCHCODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect.poll(() => page.getByText(billingMessages.discountCodeUnknown).first().isVisible()).toBe(true);
  await page.getByRole('textbox', { name: 'Discount code' }).fill(choice.code.toLowerCase());
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect
    .poll(() =>
      page
        .getByText(/Discount code applied/)
        .first()
        .isVisible(),
    )
    .toBe(true);
  await expect.poll(() => page.getByText(choice.total).first().isVisible()).toBe(true);
  await shot('checkout');
  await fitsWidth(page, width);
  await noSeriousViolations(page, 'Checkout');

  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await page.waitForURL(/www\.sandbox\.paypal\.com\/checkoutnow/);
  // PayPal shows the amount the server sent it.
  await expect.poll(() => page.getByText(choice.total.slice(1)).first().isVisible()).toBe(true);
  await shot('paypal');
  await page.getByRole('button', { name: 'Pay Now' }).click();
  await page.waitForURL(/\/app\/Plans/);
  await expect.poll(() => page.getByText(billingMessages.paymentSucceeded).first().isVisible(), { timeout: 15_000 }).toBe(true);
  // The return's query is gone: a reload captures nothing again.
  expect(new URL(page.url()).search).toBe('');
  await shot('paid');
}

async function downloadInvoice(page: Page, width: number, total: string) {
  await page.getByRole('link', { name: 'Invoices' }).first().click();
  await expect.poll(() => page.getByRole('heading', { name: 'Invoices', exact: true }).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(total).first().isVisible()).toBe(true);
  await screenshot(harness, page, `billing-invoices-${width}`);
  await fitsWidth(page, width);
  await noSeriousViolations(page, 'Invoices');
  const link = page.getByRole('link', { name: /^Download invoice INV-\d{6}$/ }).first();
  const number = (await link.getAttribute('aria-label'))?.replace('Download invoice ', '') ?? (await link.innerText());
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toMatch(/^INV-\d{6}\.pdf$/);
  const path = await download.path();
  const { readFile } = await import('node:fs/promises');
  return { text: await pdfText(new Uint8Array(await readFile(path))), number };
}

it('sign up → Plans → 12 Month → a code → pays on PayPal → paid at once, branding gone → the invoice PDF has the right totals', async () => {
  const code = await createDiscountCode(harness.server, { code: `LAUNCH${Date.now()}`, kind: 'percent', percent: 25 });
  const page = await harness.newPage({ width: 1280 });
  await routePayPalPages(page);
  const email = uniqueEmail('payer');
  await signUp(page, email);

  const client = await ownerClient(page);
  const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
  const player = await page.context().newPage();
  await player.goto(`/play/${quiz.id}`);
  await expect.poll(() => poweredBy(player).count()).toBeGreaterThan(0);

  // 12 months of Pro: 200.64, less 25% (50.16) = 150.48, plus 18% tax (27.09) = 177.57.
  await payOnPlansPage(page, 1280, { tab: '12 Month (-12%)', code: code.code, total: '$177.57' });
  await expect
    .poll(() =>
      page
        .getByText(/You are on Pro/)
        .first()
        .isVisible(),
    )
    .toBe(true);

  await player.reload();
  await expect.poll(() => player.getByRole('button', { name: /start/i }).first().isVisible()).toBe(true);
  expect(await poweredBy(player).count()).toBe(0);

  const { text, number } = await downloadInvoice(page, 1280, '$177.57');
  for (const expected of [
    number,
    'Quizlead Ltd',
    'Payer Works',
    email,
    'Pro plan, 12 months',
    '$200.64',
    '-$50.16',
    'Tax (18%)',
    '$27.09',
    '$177.57',
  ])
    expect(text).toContain(expected);
  const mail = await harness.server.waitForMail(email, /invoice INV-/);
  expect(mail.attachments?.[0]?.filename).toBe(`${number}.pdf`);
});

it('at 375 px: pays monthly with an amount code and gets the invoice', async () => {
  const code = await createDiscountCode(harness.server, { code: `FIVEOFF${Date.now()}`, kind: 'amount', amountCents: 500 });
  const page = await harness.newPage({ width: 375, height: 812 });
  await routePayPalPages(page);
  const email = uniqueEmail('phone');
  await signUp(page, email);
  // The phone's menu is in the drawer.
  const openMenu = () => page.locator('.Polaris-TopBar__NavigationIcon').click();
  await openMenu();
  // Monthly Pro: 19.00 − 5.00 = 14.00, plus 18% tax (2.52) = 16.52.
  await payOnPlansPage(page, 375, { tab: 'Monthly', code: code.code, total: '$16.52' });
  await openMenu();
  const { text } = await downloadInvoice(page, 375, '$16.52');
  for (const expected of ['Pro plan, 1 month', '$19.00', '-$5.00', '$2.52', '$16.52']) expect(text).toContain(expected);
});

it('cancelling on PayPal’s page comes back to “Payment failed” and the plan stays free', async () => {
  const page = await harness.newPage({ width: 1280 });
  await routePayPalPages(page);
  await signUp(page, uniqueEmail('canceller'));
  await page.goto('/app/Plans');
  await page.getByRole('button', { name: 'Choose Pro' }).click();
  await page.getByRole('button', { name: 'Pay with PayPal' }).click();
  await page.waitForURL(/www\.sandbox\.paypal\.com\/checkoutnow/);
  await page.getByRole('button', { name: /Cancel and return/ }).click();
  await page.waitForURL(/\/app\/Plans/);
  await expect.poll(() => page.getByText(billingMessages.paymentFailedTitle).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText(billingMessages.paymentCancelled).first().isVisible()).toBe(true);
  await screenshot(harness, page, 'billing-cancelled-1280');
  await expect
    .poll(() =>
      page
        .getByText(/Free plan/)
        .first()
        .isVisible(),
    )
    .toBe(true);
});
