import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import { createOwner } from '../../server/src/test/factories.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness();
});
afterAll(() => harness?.close());

it('a signed-out visit to /app/Quizzes lands on /index.html', async () => {
  const page = await harness.newPage();
  await page.goto('/app/Quizzes');
  expect(new URL(page.url()).pathname).toBe('/index.html');
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  await harness.screenshot(page, 'signin-redirected');
});

/** The built files of the admin's lazily loaded chunks (the signed-in frame, every page), from Vite's manifest. */
function lazyAdminFiles(): Set<string> {
  const manifest = JSON.parse(
    readFileSync(fileURLToPath(new URL('../dist/.vite/manifest.json', import.meta.url)), 'utf8'),
  ) as Record<string, { file: string; isDynamicEntry?: boolean }>;
  return new Set(Object.values(manifest).flatMap((chunk) => (chunk.isDynamicEntry ? [`/${chunk.file}`] : [])));
}

it('the sign-in page loads none of the admin, and an /app page preloads the signed-in frame', async () => {
  const lazy = lazyAdminFiles();
  const page = await harness.newPage();
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto('/index.html');
  await expect.poll(() => page.getByRole('button', { name: 'Sign in' }).isVisible()).toBe(true);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((path) => lazy.has(path))).toEqual([]);

  const owner = await createOwner(harness.server);
  const html = await (await fetch(`${harness.server.url}/app/Quizzes`, { headers: { cookie: owner.client.cookie } })).text();
  const preloaded = [...html.matchAll(/rel="modulepreload"[^>]*href="([^"]+)"/g)].map((match) => match[1]!);
  expect(preloaded.filter((path) => lazy.has(path))).toHaveLength(1); // The frame; the page starts loading from the entry.
});

it('wrong password shows Login Error; Enter signs in; the session is detected on load; sign out', async () => {
  const owner = await createOwner(harness.server);
  const page = await harness.newPage();
  await skipDashboardIntro(page);
  await page.goto('/index.html');
  const signIn = page.getByRole('button', { name: 'Sign in' });
  // The button's rules (disabled until both fields are typed in) are in the component test, SignIn.test.tsx.
  await expect.poll(() => signIn.isVisible()).toBe(true);
  expect(await page.locator('form button[type="submit"]').count()).toBe(1);

  await page.getByLabel('Email').fill(owner.email);
  await page.getByLabel('Password').fill('not the password');
  await signIn.click();
  await expect.poll(() => page.getByText(messages.auth.loginErrorTitle).first().isVisible()).toBe(true);
  await expect.poll(() => page.getByText(messages.auth.loginFailed).first().isVisible()).toBe(true);
  await harness.screenshot(page, 'signin-error');

  await page.getByLabel('Password').fill(owner.password);
  await page.getByLabel('Password').press('Enter');
  await page.waitForURL('**/app/');
  await expect.poll(() => page.getByText('Olive Owner').first().isVisible()).toBe(true);
  await harness.screenshot(page, 'app-welcome');

  // Coming back to the sign-in page with a live session goes straight in.
  await page.goto('/index.html');
  await page.waitForURL('**/app/');

  await page.getByText('Olive Owner').first().click();
  await page.getByText('Sign out').click();
  await page.waitForURL('**/index.html');
  await page.goto('/app/Account');
  expect(new URL(page.url()).pathname).toBe('/index.html');
});

it('the shell works on a phone: navigation behind the hamburger', async () => {
  const owner = await createOwner(harness.server);
  const page = await harness.newPage({ width: 375, height: 740 });
  await skipDashboardIntro(page);
  await page.context().addCookies([{ name: 'ql_session', value: owner.client.cookie.split('=')[1]!, url: harness.server.url }]);
  await page.goto('/app/');
  await expect
    .poll(() =>
      page
        .getByRole('button', { name: /toggle menu|navigation/i })
        .first()
        .isVisible(),
    )
    .toBe(true);
  await harness.screenshot(page, 'app-welcome-phone');
  await page
    .getByRole('button', { name: /toggle menu|navigation/i })
    .first()
    .click();
  await page.getByRole('link', { name: 'Account' }).first().click();
  await page.waitForURL('**/app/Account');
});
