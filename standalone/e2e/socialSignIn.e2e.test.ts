import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { socialSignInMessages } from '@quizlead/shared/socialSignIn.ts';
import { affiliateCodeFor } from '../../server/src/commands/affiliateCode.ts';
import { createOwner, uniqueEmail } from '../../server/src/test/factories.ts';
import { FakeExternalWorld } from '../../server/src/test/fakes/externalWorld.ts';
import { facebookHosts, FakeOidcProvider, googleHosts } from '../../server/src/test/fakes/social/index.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, noSeriousViolations, screenshot } from './ownerScreens.ts';

let world: FakeExternalWorld;
let google: FakeOidcProvider;
let facebook: FakeOidcProvider;
let harness: BrowserHarness;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  google = world.register(
    googleHosts,
    new FakeOidcProvider('google', { clientId: 'e2e.apps.example', clientSecret: 'google-secret', redirectUris: [] }),
  );
  facebook = world.register(
    facebookHosts,
    new FakeOidcProvider('facebook', { clientId: '987654321', clientSecret: 'facebook-secret', redirectUris: [] }),
  );
  harness = await startBrowserHarness(
    () =>
      getTestServer({
        EXTERNAL_API_ORIGIN: world.origin,
        GOOGLE_CLIENT_ID: google.client.clientId,
        GOOGLE_CLIENT_SECRET: google.client.clientSecret,
        FACEBOOK_APP_ID: facebook.client.clientId,
        FACEBOOK_APP_SECRET: facebook.client.clientSecret,
      }),
    // The app redirects to the providers' pages, which the route below answers: the full browser hands
    // that redirect to the route; the headless shell does not.
    { fullChromium: true },
  );
  google.client.redirectUris.push(`${harness.server.url}/auth/google/callback`);
  facebook.client.redirectUris.push(`${harness.server.url}/auth/facebook/callback`);
});

afterAll(async () => {
  await harness?.close();
  await world?.stop();
});

beforeEach(() => {
  google.user = { sub: randomUUID(), email: uniqueEmail('google'), emailVerified: true, name: 'Gina Google' };
  facebook.user = { sub: randomUUID(), email: uniqueEmail('facebook'), name: 'Fred Facebook' };
});

/** The browser reaches the providers' pages on the fake, as the server reaches their APIs (EXTERNAL_API_ORIGIN). */
async function newPage(width = 1280) {
  const page = await harness.newPage({ width });
  await skipDashboardIntro(page);
  await page.context().route(/^https:\/\/(accounts\.google\.com|www\.facebook\.com)\//, async (route) => {
    const request = route.request();
    const url = new URL(request.url());
    const response = await fetch(`${world.origin}${url.pathname}${url.search}`, {
      method: request.method(),
      headers: { ...request.headers(), 'x-forwarded-host': url.host },
      body: request.postData() ?? undefined,
      redirect: 'manual',
    });
    await route.fulfill({
      status: response.status,
      headers: Object.fromEntries(response.headers),
      body: Buffer.from(await response.arrayBuffer()),
    });
  });
  return page;
}

const socialButton = (page: Page, provider: 'Facebook' | 'Google') =>
  page.getByRole('link', { name: `Continue with ${provider}` });

/** Test-made values only (the e2e tests read tables with plain SQL, see storedPlays). */
async function rows(query: string): Promise<Record<string, unknown>[]> {
  const result = await harness.server.services.database.db.execute(query);
  return (result as unknown as { rows: Record<string, unknown>[] }).rows;
}

const userWithEmail = async (email: string) =>
  (
    await rows(
      `select id, account_id as "accountId", usertype, full_name as "fullName", password_hash as "passwordHash"
       from users where lower(email) = '${email.toLowerCase()}'`,
    )
  )[0];

it('the sign-in page offers both providers under the form, at desktop and phone widths', async () => {
  for (const width of [1280, 375]) {
    const page = await newPage(width);
    await page.goto('/index.html');
    await expect.poll(() => socialButton(page, 'Google').isVisible()).toBe(true);
    await expect.poll(() => socialButton(page, 'Facebook').isVisible()).toBe(true);
    expect(await socialButton(page, 'Google').getAttribute('href')).toBe(`${harness.server.url}/auth/google/start?intent=signin`);
    await expect.poll(() => page.getByText('or', { exact: true }).isVisible()).toBe(true);
    // Below the password form: the Sign in button comes first.
    const signIn = await page.getByRole('button', { name: 'Sign in' }).boundingBox();
    const facebookBox = await socialButton(page, 'Facebook').boundingBox();
    const googleBox = await socialButton(page, 'Google').boundingBox();
    expect(signIn!.y).toBeLessThan(facebookBox!.y);
    expect(facebookBox!.width).toBeCloseTo(signIn!.width, 0);
    expect(googleBox!.width).toBeCloseTo(signIn!.width, 0);
    await fitsWidth(page, width);
    await noSeriousViolations(page, 'Sign in');
    await screenshot(harness, page, `social-signin-${width}`);
  }
});

it('Continue with Google by keyboard → the consent page → Continue: signed in at /app, no password panel on Account', async () => {
  const page = await newPage();
  await page.goto('/index.html');
  await socialButton(page, 'Google').focus();
  await page.keyboard.press('Enter');
  // Through the app's redirect and the provider's page: longer than expect.poll's default second.
  const consent = page.getByRole('button', { name: 'Continue as Gina Google' });
  await consent.waitFor();
  expect(new URL(page.url()).host).toBe('accounts.google.com');
  await harness.screenshot(page, 'social-google-consent');
  await consent.click();
  await page.waitForURL('**/app/');
  await expect.poll(() => page.getByText('Gina Google').first().isVisible()).toBe(true);
  const user = await userWithEmail(google.user.email!);
  expect(user).toMatchObject({ usertype: 'social', fullName: 'Gina Google', passwordHash: null });

  // The spec's fbuser: the Account page has Personal Details only.
  await page.goto('/app/Account');
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: /Personal Details/ })
        .first()
        .isVisible(),
    )
    .toBe(true);
  expect(await page.getByRole('button', { name: /Account Details/ }).count()).toBe(0);
  expect(await page.getByLabel('Current password').count()).toBe(0);
  await screenshot(harness, page, 'social-account-page');
});

it('an email user still sees the password panel (the check above can fail)', async () => {
  const owner = await createOwner(harness.server);
  const page = await newPage();
  await page.context().addCookies([{ name: 'ql_session', value: owner.client.cookie.split('=')[1]!, url: harness.server.url }]);
  await page.goto('/app/Account');
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: /Account Details/ })
        .first()
        .isVisible(),
    )
    .toBe(true);
});

it("Cancel on the provider's page: back on sign-in with 'Login failed', the flag gone from the address", async () => {
  for (const width of [1280, 375]) {
    const page = await newPage(width);
    await page.goto('/index.html');
    await socialButton(page, 'Google').click();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL((url) => url.pathname === '/index.html' && url.search === '');
    await expect.poll(() => page.getByText(socialSignInMessages.failedTitle).first().isVisible()).toBe(true);
    await expect.poll(() => page.getByText(socialSignInMessages.failed).first().isVisible()).toBe(true);
    expect(await userWithEmail(google.user.email!)).toBeUndefined();
    await fitsWidth(page, width);
    await noSeriousViolations(page, 'Sign in failed');
    await screenshot(harness, page, `social-signin-failed-${width}`);
    // Dismissed, it stays gone; a reload does not bring it back.
    await page.getByRole('button', { name: 'Dismiss notification' }).click();
    await expect.poll(() => page.getByText(socialSignInMessages.failedTitle).count()).toBe(0);
    await page.reload();
    await expect.poll(() => socialButton(page, 'Google').isVisible()).toBe(true);
    expect(await page.getByText(socialSignInMessages.failedTitle).count()).toBe(0);
  }
});

it("the sign-up page shows the buttons too, carrying the referral link's code into the new account", async () => {
  const referrer = await createOwner(harness.server);
  const code = await affiliateCodeFor(harness.server.services.database.db, referrer.account.id);
  for (const width of [1280, 375]) {
    const page = await newPage(width);
    await page.goto(`/Signup?ref=${code}`);
    await expect.poll(() => socialButton(page, 'Facebook').isVisible()).toBe(true);
    await expect.poll(() => socialButton(page, 'Google').isVisible()).toBe(true);
    expect(await socialButton(page, 'Facebook').getAttribute('href')).toBe(
      `${harness.server.url}/auth/facebook/start?intent=signup&ref=${code}`,
    );
    await fitsWidth(page, width);
    await noSeriousViolations(page, 'Sign up');
    await screenshot(harness, page, `social-signup-${width}`);
  }

  const page = await newPage();
  await page.goto(`/Signup?ref=${code}`);
  await socialButton(page, 'Facebook').click();
  await page.getByRole('button', { name: 'Continue as Fred Facebook' }).click();
  await page.waitForURL('**/app/');
  const user = await userWithEmail(facebook.user.email!);
  expect(user).toMatchObject({ usertype: 'social' });
  const referral = await rows(
    `select referrer_account_id as "referrerAccountId", source from referrals where referred_account_id = '${user!.accountId}'`,
  );
  expect(referral).toEqual([{ referrerAccountId: referrer.account.id, source: 'link' }]);
});
