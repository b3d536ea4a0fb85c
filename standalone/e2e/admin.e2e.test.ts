import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages, auditActionLabels } from '@quizlead/shared/admin.ts';
import { deliveryMessages } from '@quizlead/shared/schemas/deliveries.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { deliveries, destinations, events, payments, users } from '../../server/src/db/schema/index.ts';
import { scoped } from '../../server/src/db/scope.ts';
import { createMember, createOwner } from '../../server/src/test/factories.ts';
import { getTestServer } from '../../server/src/test/getTestServer.ts';
import { createGradedQuiz } from '../../server/src/test/quizFactory.ts';
import { skipDashboardIntro } from './dashboardIntro.ts';
import { startBrowserHarness, type BrowserHarness } from './harness.ts';
import { fitsWidth, noSeriousViolations, screenshot, signedInPage, toast } from './ownerScreens.ts';

let harness: BrowserHarness;
beforeAll(async () => {
  harness = await startBrowserHarness(() => getTestServer());
});
afterAll(() => harness?.close());

const db = () => harness.server.services.database.db;
/** New for each attempt of the test, so a retry does not find the first attempt's accounts and codes. */
let suffix = '';

/** An account with a unique company name (every factory account is 'Acme'), named as its owner would. */
async function namedOwner(companyName: string) {
  const owner = await createOwner(harness.server);
  const renamed = await owner.client.patch('/api/v1/account/profile', { fullName: 'Olive Owner', companyName });
  expect(renamed.status).toBe(200);
  return owner;
}

/**
 * A lead that could not be delivered and will not be tried again: a webhook endpoint without a
 * signing secret, its delivery dead after one attempt (written directly; no job runs it).
 */
async function deadDelivery(accountId: string, email: string) {
  const url = `https://hooks.example.com/admin-${suffix}`;
  const [destination] = await db().insert(destinations).values({ accountId, kind: 'webhook', url }).returning();
  const event: TDomainEvent = {
    type: 'lead.captured',
    version: 1,
    answers: [],
    occurredAt: new Date().toISOString(),
    accountId,
    item: { tool: 'quiz', id: randomUUID(), title: 'Spring quiz' },
    visitor: { email, name: 'Lena Lead', consent: true },
    result: { score: 2 },
  };
  const [stored] = await db()
    .insert(events)
    .values({ accountId, type: event.type, payload: event, occurredAt: new Date(event.occurredAt) })
    .returning();
  await db().insert(deliveries).values({
    accountId,
    eventId: stored!.id,
    destinationId: destination!.id,
    destinationKind: 'webhook',
    tool: 'quiz',
    eventType: event.type,
    status: 'dead',
    attempts: 1,
    lastError: 'Endpoint answered 500',
  });
  return url;
}

const dialog = (page: Page) => page.getByRole('dialog');
const section = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name });
const heading = (page: Page, name: string) => page.getByRole('heading', { name, exact: true, level: 1 });

async function openSection(page: Page, name: string) {
  await section(page, name).click();
  await expect.poll(() => heading(page, name).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('status').filter({ hasText: 'Loading…' }).count()).toBe(0);
}

async function shoot(page: Page, name: string, width: number) {
  // Not a dialog on its way out.
  await expect.poll(() => dialog(page).count()).toBe(0);
  await screenshot(harness, page, `admin-${name}-${width}`);
  await fitsWidth(page, width);
}

/** The rows' text in order, on wide screens (the table) and on phones (the cards). */
const rowTexts = (page: Page) => page.locator('.Polaris-IndexTable__Table tbody tr, .ql-engagement-list__item').allInnerTexts();

it('lets a platform administrator run accounts, plans, codes, templates, failures and messages, each action in the audit log', async () => {
  suffix = randomUUID().slice(0, 6);
  const admin = await createOwner(harness.server, { platformAdmin: true });
  const company = `Zephyr Widgets ${suffix}`;
  const target = await namedOwner(company);
  const doomed = `Doomed Works ${suffix}`;
  await namedOwner(doomed);
  const [quizA, quizB] = [
    await createGradedQuiz(target.client, { title: `Alpha ${suffix}`, questions: 2, publish: true }),
    await createGradedQuiz(target.client, { title: `Beta ${suffix}`, questions: 2, publish: true }),
  ];
  const leadEmail = `lead-${suffix}@example.com`;
  const hookUrl = await deadDelivery(target.account.id, leadEmail);
  const note = `Please send invoices to accounts-${suffix}@zephyr.example`;
  expect((await target.client.post('/api/v1/contact-messages', { message: note })).status).toBe(201);
  // The owner has not confirmed their email (their only user yet); the member they invite has.
  await db().update(users).set({ verifiedAt: null }).where(scoped(users, target.account.id));
  const member = await createMember(harness.server, target.account);

  const { page } = await signedInPage(harness, 1280, admin);
  await skipDashboardIntro(page);
  await page.goto('/app/');

  // The menu's Admin entry opens the accounts; the search goes into the address.
  await page.locator('.Polaris-Navigation').getByRole('link', { name: 'Admin' }).click();
  await page.waitForURL('**/app/Admin/accounts');
  await expect.poll(() => heading(page, 'Accounts').isVisible()).toBe(true);
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(company);
  await page.waitForURL(/\/app\/Admin\/accounts\?q=Zephyr/);
  await expect.poll(() => rowTexts(page)).toHaveLength(1);
  expect((await rowTexts(page))[0]).toContain(target.email);
  await shoot(page, 'accounts', 1280);
  await noSeriousViolations(page, 'Admin accounts');

  // The account: verify, disable and enable its member.
  await page.getByRole('link', { name: `Open ${company}` }).click();
  await expect.poll(() => heading(page, company).isVisible()).toBe(true);
  await page.getByRole('button', { name: `Verify ${target.email}` }).click();
  await expect.poll(() => toast(page, adminMessages.userVerified).isVisible()).toBe(true);
  await page.getByRole('button', { name: `Disable ${member.email}` }).click();
  await dialog(page).getByRole('button', { name: 'Disable' }).click();
  await expect.poll(() => toast(page, adminMessages.userDisabled).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: `Enable ${member.email}` }).isVisible()).toBe(true);
  await page.getByRole('button', { name: `Enable ${member.email}` }).click();
  await expect.poll(() => toast(page, adminMessages.userEnabled).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: `Disable ${member.email}` }).isVisible()).toBe(true);
  const accountUrl = page.url();

  // Plans: a new unlisted plan (the owners' Plans page stays as it is), then a new price for it.
  const planName = `Agency ${suffix}`;
  await openSection(page, 'Plans');
  await page.getByRole('button', { name: 'Add plan' }).first().click();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialog(page).getByText('Plan name cannot be empty.').isVisible()).toBe(true);
  await dialog(page).getByLabel('Name').fill(planName);
  await dialog(page).getByLabel('Monthly price').fill('7');
  await dialog(page).getByLabel('Position').fill('900');
  await dialog(page).getByLabel('Listed on the Plans page').uncheck();
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => toast(page, 'The plan is added.').isVisible()).toBe(true);
  await page.getByRole('button', { name: `Edit plan ${planName}` }).click();
  await expect.poll(() => dialog(page).getByLabel('Monthly price').inputValue()).toBe('7');
  await dialog(page).getByLabel('Monthly price').fill('8.50');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => toast(page, 'The plan is saved.').isVisible()).toBe(true);
  await expect.poll(async () => (await rowTexts(page)).find((row) => row.includes(planName))).toContain('$8.50');
  await shoot(page, 'plans', 1280);
  await noSeriousViolations(page, 'Admin plans');

  // Back on the account: grant that plan, then read the account's own history.
  await page.goto(accountUrl);
  await page.getByRole('button', { name: 'Grant plan' }).click();
  await dialog(page)
    .getByLabel('Plan', { exact: true })
    .selectOption({ label: `${planName} (unlisted)` });
  await dialog(page).getByLabel('Ends on').fill('2099-12-31');
  await screenshot(harness, page, 'admin-grant-plan-1280');
  await dialog(page).getByRole('button', { name: 'Grant' }).click();
  await expect.poll(() => toast(page, adminMessages.planGranted).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(new RegExp(`${planName}, .* – 31 Dec 2099`)).isVisible()).toBe(true);
  await expect.poll(() => page.getByText(`Granted by ${admin.email}`).isVisible()).toBe(true);
  await shoot(page, 'account', 1280);
  await noSeriousViolations(page, 'Admin account');
  await page.getByRole('link', { name: 'See this account in the audit log' }).click();
  await expect.poll(() => page.getByText(auditActionLabels['account.plan_grant']).first().isVisible()).toBe(true);

  // Another account, deleted once its name is typed exactly.
  await openSection(page, 'Accounts');
  await page.getByRole('searchbox', { name: 'Search accounts' }).fill(doomed);
  // The search applies before the account opens: a search still pending when the link is clicked would
  // take the page back to the list while the account's screen loads.
  await page.waitForURL(/\/app\/Admin\/accounts\?q=Doomed/);
  await expect.poll(() => rowTexts(page)).toHaveLength(1);
  await page.getByRole('link', { name: `Open ${doomed}` }).click();
  await page.getByRole('button', { name: 'Delete account' }).click();
  const confirmDelete = dialog(page).getByRole('button', { name: 'Delete' });
  expect(await confirmDelete.isDisabled()).toBe(true);
  await dialog(page).getByLabel('Company name or account id').fill(doomed.toLowerCase());
  expect(await confirmDelete.isDisabled()).toBe(true);
  await dialog(page).getByLabel('Company name or account id').fill(doomed);
  await screenshot(harness, page, 'admin-delete-account-1280');
  await confirmDelete.click();
  await expect.poll(() => toast(page, adminMessages.accountDeleted).isVisible()).toBe(true);
  await page.waitForURL(/\/app\/Admin\/accounts$/);

  // Discount codes: added, refused twice (the server names the field), changed, retired.
  const code = `ADMIN-${suffix.toUpperCase()}`;
  const otherCode = `OTHER-${suffix.toUpperCase()}`;
  const other = await admin.client.post('/api/v1/admin/discount-codes', { code: otherCode, kind: 'percent', percent: 5 });
  expect(other.status).toBe(201);
  // Used once (a completed payment written directly): only its dates and limits stay open to change.
  await db().insert(payments).values({
    accountId: target.account.id,
    planId: 2,
    period: 'monthly',
    discountCodeId: other.body.data.id,
    priceCents: 2000,
    discountCents: 100,
    taxRateBasisPoints: 0,
    taxCents: 0,
    totalCents: 1900,
    currency: 'USD',
    status: 'completed',
    startsAt: new Date(),
    completedAt: new Date(),
  });
  await openSection(page, 'Discount codes');
  for (const attempt of [1, 2]) {
    await page.getByRole('button', { name: 'Add discount code' }).first().click();
    await dialog(page).getByLabel('Code', { exact: true }).fill(code.toLowerCase());
    await dialog(page).getByLabel('Percent off').fill('15');
    await dialog(page).getByRole('button', { name: 'Add code' }).click();
    if (attempt === 1) await expect.poll(() => toast(page, `${code} is added.`).isVisible()).toBe(true);
  }
  await expect.poll(() => dialog(page).getByText('This discount code already exists.').isVisible()).toBe(true);
  await dialog(page).getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: `Edit ${code}` }).click();
  await expect.poll(() => dialog(page).getByRole('heading', { name: 'Edit discount code' }).isVisible()).toBe(true);
  await expect.poll(() => dialog(page).getByLabel('Percent off').inputValue()).toBe('15');
  expect(await dialog(page).getByLabel('Code', { exact: true }).inputValue()).toBe(code);
  await dialog(page).getByLabel('Code', { exact: true }).fill(otherCode);
  await dialog(page).getByLabel('Percent off').fill('20');
  await dialog(page).getByLabel('Uses in all').fill('40');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => dialog(page).getByText('This discount code already exists.').isVisible()).toBe(true);
  await dialog(page).getByLabel('Code', { exact: true }).fill(code);
  await screenshot(harness, page, 'admin-edit-discount-code-1280');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => toast(page, `${code} is saved.`).isVisible()).toBe(true);
  const codeRow = async () => (await rowTexts(page)).find((row) => row.includes(code)) ?? '';
  await expect.poll(codeRow).toContain('20%');
  expect(await codeRow()).toContain('0 of 40');
  await page.getByRole('button', { name: `Edit ${otherCode}` }).click();
  await expect.poll(() => dialog(page).getByText(adminMessages.discountCodeUsed).isVisible()).toBe(true);
  expect(await dialog(page).getByLabel('Percent off').isDisabled()).toBe(true);
  await dialog(page).getByLabel('Uses per account').fill('3');
  await screenshot(harness, page, 'admin-edit-used-discount-code-1280');
  await dialog(page).getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => toast(page, `${otherCode} is saved.`).isVisible()).toBe(true);
  await expect.poll(async () => (await rowTexts(page)).find((row) => row.includes(otherCode))).toContain('1 (3 per account)');
  await page.getByRole('button', { name: `Retire ${code}` }).click();
  await dialog(page).getByRole('button', { name: 'Retire' }).click();
  await expect.poll(() => toast(page, `${code} is retired.`).isVisible()).toBe(true);
  await expect.poll(() => page.getByRole('button', { name: `Restore ${code}` }).isVisible()).toBe(true);
  await shoot(page, 'discount-codes', 1280);
  await noSeriousViolations(page, 'Admin discount codes');

  // Templates: added from a link and an id, Beta moved above Alpha, then both retired.
  await openSection(page, 'Templates');
  const addTemplate = async (text: string) => {
    await page.getByRole('button', { name: 'Add template' }).first().click();
    await dialog(page).getByLabel('Quiz id or link').fill(text);
    await dialog(page).getByRole('button', { name: 'Add template' }).click();
  };
  await addTemplate('not a quiz');
  await expect.poll(() => dialog(page).getByText(adminMessages.quizNotFound).isVisible()).toBe(true);
  await dialog(page).getByLabel('Quiz id or link').fill(`${harness.server.url}/app/Quiz/Edit/${quizA.id}`);
  await dialog(page).getByRole('button', { name: 'Add template' }).click();
  await expect.poll(() => toast(page, adminMessages.templateAdded).isVisible()).toBe(true);
  await addTemplate(quizB.id);
  await expect.poll(() => rowTexts(page).then((rows) => rows.some((row) => row.includes(quizB.title)))).toBe(true);
  const order = async () => {
    const rows = await rowTexts(page);
    return [rows.findIndex((row) => row.includes(quizA.title)), rows.findIndex((row) => row.includes(quizB.title))];
  };
  const [alphaBefore, betaBefore] = await order();
  expect(betaBefore).toBe(alphaBefore! + 1);
  // The add dialog has gone: while it closes it still holds the focus, and would take it from the moved row.
  await expect.poll(() => dialog(page).count()).toBe(0);
  await page.getByRole('button', { name: `Move ${quizB.title} up` }).click();
  await expect.poll(() => toast(page, adminMessages.templateOrderSaved).isVisible()).toBe(true);
  await expect.poll(order).toEqual([alphaBefore! + 1, alphaBefore]);
  // The moved row's button keeps the keyboard's focus.
  await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe(`Move ${quizB.title} up`);
  for (const title of [quizB.title, quizA.title]) {
    await page.getByRole('button', { name: `Retire ${title}` }).click();
    await dialog(page).getByRole('button', { name: 'Retire' }).click();
    await expect.poll(() => page.getByRole('button', { name: `Restore ${title}` }).isVisible()).toBe(true);
  }
  await shoot(page, 'templates', 1280);
  await noSeriousViolations(page, 'Admin templates');

  // Delivery failures across accounts: replay this account's.
  await openSection(page, 'Delivery failures');
  const replay = page.getByRole('button', { name: `Replay the delivery of ${leadEmail} to ${hookUrl}` });
  await expect.poll(() => replay.isVisible()).toBe(true);
  await shoot(page, 'deliveries', 1280);
  await noSeriousViolations(page, 'Admin delivery failures');
  await page.setViewportSize({ width: 375, height: 800 });
  await expect.poll(() => page.locator('.ql-engagement-list__item', { hasText: leadEmail }).isVisible()).toBe(true);
  await shoot(page, 'deliveries', 375);
  await page.setViewportSize({ width: 1280, height: 800 });
  await replay.click();
  await expect.poll(() => toast(page, deliveryMessages.replayed).isVisible()).toBe(true);
  // Queued again, then attempted once more. Its endpoint cannot be reached and its schedule is spent, so
  // the new attempt may find it dead again before this looks: the attempt count is what shows the replay.
  await expect
    .poll(async () => {
      const [row] = await db()
        .select({ status: deliveries.status, attempts: deliveries.attempts })
        .from(deliveries)
        .where(scoped(deliveries, target.account.id));
      return row!.status !== 'dead' || row!.attempts > 1;
    })
    .toBe(true);

  // A failed load says so and tries again on request.
  const messagesApi = '**/api/v1/admin/contact-messages*';
  await page.route(messagesApi, (route) =>
    route.fulfill({ status: 500, json: { error: { code: 'internal', message: 'The database is resting.' } } }),
  );
  await openSection(page, 'Contact messages');
  await expect.poll(() => page.getByText('The database is resting.').isVisible()).toBe(true);
  await page.unroute(messagesApi);
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect.poll(() => page.getByText(note).isVisible()).toBe(true);
  await shoot(page, 'contact-messages', 1280);
  await noSeriousViolations(page, 'Admin contact messages');

  // The audit log has each of these, newest first; a plan change opens onto its old and new price.
  await openSection(page, 'Audit log');
  const logged = (await page.locator('.Polaris-IndexTable__Table tbody tr').allInnerTexts()).join('\n');
  for (const action of [
    'delivery.replay',
    'template.retire',
    'template_catalogue.reorder',
    'template.add',
    'discount_code.retire',
    'discount_code.update',
    'discount_code.create',
    'account.delete',
    'account.plan_grant',
    'plan.update',
    'plan.create',
    'user.enable',
    'user.disable',
    'user.verify',
  ] as const) {
    expect(logged).toContain(auditActionLabels[action]);
  }
  const planChange = page.locator('tr', { hasText: auditActionLabels['plan.update'] }).first();
  await planChange.getByRole('button', { name: /Show \d+ changes?/ }).click();
  const changes = page.getByRole('table', { name: /Changes: Changed a plan/ });
  await expect.poll(() => changes.locator('tr', { hasText: 'monthlyPriceCents' }).innerText()).toMatch(/700\s+850/);
  // The two code changes, newest first: the used code's limit, then the new code's value and limit.
  const codeChanges = page.getByRole('table', { name: /Changes: Changed a discount code/ });
  const showCodeChanges = page
    .locator('tr', { hasText: auditActionLabels['discount_code.update'] })
    .getByRole('button', { name: /Show \d+ changes?/ });
  for (const opened of [1, 2]) {
    // An opened row's button turns into 'Hide changes': the next one is first.
    await showCodeChanges.first().click();
    await expect.poll(() => codeChanges.count()).toBe(opened);
  }
  expect(await codeChanges.nth(0).locator('tr', { hasText: 'maxPerAccount' }).innerText()).toMatch(/1\s+3/);
  expect(await codeChanges.nth(1).locator('tr', { hasText: 'maxRedemptions' }).innerText()).toMatch(/\s40$/);
  expect(await codeChanges.nth(1).locator('tr', { hasText: 'percent' }).innerText()).toMatch(/15\s+20/);
  await shoot(page, 'audit-log', 1280);
  await noSeriousViolations(page, 'Admin audit log');

  // Phones: every screen fits 375 px, its tables as cards.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const [path, name] of [
    ['accounts', 'accounts'],
    ['plans', 'plans'],
    ['discount-codes', 'discount-codes'],
    ['templates', 'templates'],
    ['contact-messages', 'contact-messages'],
    ['audit-log', 'audit-log'],
  ] as const) {
    await page.goto(`/app/Admin/${path}`);
    await expect.poll(() => page.locator('.ql-engagement-list__item').count()).toBeGreaterThan(0);
    if (path === 'audit-log') {
      const card = page.locator('.ql-engagement-list__item', { hasText: auditActionLabels['plan.update'] }).first();
      await card.getByRole('button', { name: /Show \d+ changes?/ }).click();
      await expect.poll(() => card.getByRole('table').isVisible()).toBe(true);
    }
    if (path === 'discount-codes') {
      await page.getByRole('button', { name: `Edit ${code}` }).click();
      await expect.poll(() => dialog(page).getByLabel('Percent off').inputValue()).toBe('20');
      await screenshot(harness, page, 'admin-edit-discount-code-375');
      await fitsWidth(page, 375);
      await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    }
    await shoot(page, name, 375);
  }
  await page.goto(accountUrl);
  await expect.poll(() => page.getByText(member.email).first().isVisible()).toBe(true);
  await shoot(page, 'account', 375);
});

it('shows an owner who is not an administrator no Admin entry, and the dashboard at /app/Admin', async () => {
  const { page } = await signedInPage(harness, 1280);
  await skipDashboardIntro(page);
  await page.goto('/app/');
  await expect.poll(() => page.locator('.Polaris-Navigation').getByRole('link', { name: 'Tutorials' }).isVisible()).toBe(true);
  expect(await page.locator('.Polaris-Navigation').getByRole('link', { name: 'Admin' }).count()).toBe(0);
  await page.goto('/app/Admin/accounts');
  await page.waitForURL(/\/app\/$/);
  await expect.poll(() => page.getByRole('heading', { name: 'Dashboard' }).first().isVisible()).toBe(true);
});
