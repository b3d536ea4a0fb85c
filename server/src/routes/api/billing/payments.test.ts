import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@quizlead/shared/billing.ts';
import { accounts, invoices, paidPeriods, payments } from '../../../db/schema/index.ts';
import { planEndingReminderTask } from '../../../jobs/tasks/PlanEndingReminderTask.ts';
import { syncAccountModeTask } from '../../../jobs/tasks/SyncAccountModeTask.ts';
import {
  ageAccountPeriods,
  createDiscountCode,
  orderIdOf,
  payFor,
  proPlanId,
  startBillingWorld,
  type BillingWorld,
} from '../../../test/billingKit.ts';
import { createOwner } from '../../../test/factories.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';

let billing: BillingWorld;

beforeAll(async () => {
  billing = await startBillingWorld();
});

afterAll(async () => {
  await billing.stop();
});

const db = () => billing.server.services.database.db;

async function accountState(accountId: string) {
  const [account] = await db().select({ mode: accounts.mode }).from(accounts).where(eq(accounts.id, accountId));
  const rows = await db().select().from(invoices).where(eq(invoices.accountId, accountId));
  const periods = await db().select().from(paidPeriods).where(eq(paidPeriods.accountId, accountId));
  return { mode: account!.mode, invoices: rows, periods };
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET /billing/plans', () => {
  it('lists Free (current) and Pro with both periods’ prices, the tax rate and the currency', async () => {
    const owner = await createOwner(billing.server);
    const response = await owner.client.get('/api/v1/billing/plans');
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      currency: 'USD',
      taxRatePercent: 18,
      yearlyDiscountPercent: 12,
      current: { planId: 1, mode: 'free', endsAt: null },
      plans: [
        { id: 1, name: 'Free', free: true, monthlyPriceCents: 0, current: true },
        { id: proPlanId, name: 'Pro', free: false, monthlyPriceCents: 1900, yearlyPriceCents: 20_064, current: false },
      ],
    });
  });

  it('is not there for a Shopify shop, which Shopify bills', async () => {
    const owner = await createOwner(billing.server);
    await db()
      .update(accounts)
      .set({ kind: 'shopify', shopDomain: `shop-${owner.account.id.slice(0, 8)}.myshopify.com` })
      .where(eq(accounts.id, owner.account.id));
    expect((await owner.client.get('/api/v1/billing/plans')).status).toBe(404);
    expect((await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly' })).status).toBe(404);
    expect((await owner.client.get('/api/v1/invoices')).status).toBe(404);
  });
});

describe('POST /billing/quote', () => {
  it('prices monthly and 12 months with the 18% tax, to the cent', async () => {
    const owner = await createOwner(billing.server);
    const monthly = await owner.client.post('/api/v1/billing/quote', { planId: proPlanId, period: 'monthly' });
    expect(monthly.body.data).toMatchObject({
      priceCents: 1900,
      discountCents: 0,
      creditCents: 0,
      taxCents: 342,
      totalCents: 2242,
      paypalFlag: true,
    });
    const yearly = await owner.client.post('/api/v1/billing/quote', { planId: proPlanId, period: 'yearly', discountCode: '' });
    expect(yearly.body.data).toMatchObject({ priceCents: 20_064, taxCents: 3612, totalCents: 23_676, discountCode: null });
    const days = (Date.parse(yearly.body.data.endsAt) - Date.parse(yearly.body.data.startsAt)) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(365);
    expect(days).toBeLessThanOrEqual(366);
  });

  it.each([
    [{ planId: 1, period: 'monthly' }, 'planId', billingMessages.freePlan],
    [{ planId: 999, period: 'monthly' }, 'planId', billingMessages.planMissing],
    [{ planId: 'pro', period: 'monthly' }, 'planId', billingMessages.planMissing],
    [{ planId: proPlanId, period: 'weekly' }, 'period', 'Choose monthly or 12 months.'],
    [{ planId: proPlanId }, 'period', 'Choose monthly or 12 months.'],
  ])('refuses %j with a 400 naming the field', async (body, field, message) => {
    const owner = await createOwner(billing.server);
    const response = await owner.client.post('/api/v1/billing/quote', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({ field, message });
  });
});

describe('paying on PayPal', () => {
  it('checkout → approval → capture: paid until the period’s end, an invoice, its email, and the public player without branding at once', async () => {
    const owner = await createOwner(billing.server);
    const quiz = await createGradedQuiz(owner.client, { questions: 1, publish: true });
    const before = await owner.client.get(`/api/v1/public/quizzes/${quiz.id}`);
    expect(before.body.data.owner.mode).toBe('free');

    const checkout = await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly' });
    expect(checkout.status).toBe(200);
    const { payment, approveUrl } = checkout.body.data;
    expect(payment).toMatchObject({
      status: 'created',
      totalCents: 2242,
      message: billingMessages.paymentPending,
      invoiceId: null,
    });
    expect(new URL(approveUrl).host).toBe('www.sandbox.paypal.com');

    // What PayPal received: the server's amounts, its idempotency key and its return addresses.
    const order = billing.paypal.order(orderIdOf(approveUrl))!;
    const create = billing.paypal.requests.find(
      (request) =>
        request.method === 'POST' &&
        request.path === '/v2/checkout/orders' &&
        request.headers['paypal-request-id'] === payment.id,
    );
    expect(create).toBeDefined();
    const unit = JSON.parse(create!.body).purchase_units[0];
    expect(unit).toMatchObject({
      custom_id: owner.account.id,
      invoice_id: payment.id,
      amount: {
        currency_code: 'USD',
        value: '22.42',
        breakdown: { item_total: { value: '19.00' }, tax_total: { value: '3.42' } },
      },
    });
    expect(order).toBeDefined();

    const returnUrl = new URL(billing.paypal.approve(orderIdOf(approveUrl)));
    expect(returnUrl.pathname).toBe('/app/Plans');
    expect(returnUrl.searchParams.get('payment')).toBe(payment.id);
    const captured = await owner.client.post(`/api/v1/billing/payments/${payment.id}/capture`);
    expect(captured.status).toBe(200);
    expect(captured.body.data).toMatchObject({ status: 'completed', message: billingMessages.paymentSucceeded });
    expect(captured.body.data.invoiceId).toEqual(expect.any(String));

    const after = await owner.client.get(`/api/v1/public/quizzes/${quiz.id}`);
    expect(after.body.data.owner.mode).toBe('paid');
    const plans = await owner.client.get('/api/v1/billing/plans');
    expect(plans.body.data.current).toMatchObject({ planId: proPlanId, mode: 'paid', period: 'monthly' });
    expect(plans.body.data.plans.map((plan: { current: boolean }) => plan.current)).toEqual([false, true]);
    const session = await owner.client.get('/api/v1/session');
    expect(session.body.data.user.mode).toBe('paid');

    const mail = await billing.server.waitForMail(owner.email, /invoice INV-/);
    expect(mail.attachments).toEqual([
      { filename: expect.stringMatching(/^INV-\d{6}\.pdf$/), contentType: 'application/pdf', size: expect.any(Number) },
    ]);
    expect(mail.text).toContain('$22.42');
  });

  it('never charges twice: a second capture, or two at once, completes one payment with one invoice', async () => {
    const owner = await createOwner(billing.server);
    const checkout = await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly' });
    const { payment, approveUrl } = checkout.body.data;
    billing.paypal.approve(orderIdOf(approveUrl));
    const [one, two] = await Promise.all([
      owner.client.post(`/api/v1/billing/payments/${payment.id}/capture`),
      owner.client.post(`/api/v1/billing/payments/${payment.id}/capture`),
    ]);
    const third = await owner.client.post(`/api/v1/billing/payments/${payment.id}/capture`);
    for (const response of [one, two, third]) expect(response.body.data.status).toBe('completed');
    const orderId = orderIdOf(approveUrl);
    expect(billing.paypal.order(orderId)!.purchase_units[0].payments.captures).toHaveLength(1);
    const state = await accountState(owner.account.id);
    expect(state.invoices).toHaveLength(1);
    expect(state.periods).toHaveLength(1);
  });

  it('a capture whose answer is lost is completed by PayPal’s webhook', async () => {
    const owner = await createOwner(billing.server);
    const checkout = await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'yearly' });
    const { payment, approveUrl } = checkout.body.data;
    billing.paypal.holdWebhooks();
    billing.paypal.approve(orderIdOf(approveUrl));
    billing.paypal.dropNextCaptureResponse();
    const pending = await owner.client.post(`/api/v1/billing/payments/${payment.id}/capture`);
    expect(pending.body.data).toMatchObject({ status: 'created', message: billingMessages.paymentPending });
    expect((await accountState(owner.account.id)).mode).toBe('free');

    // The webhooks (approved, then capture completed) arrive after the browser's return.
    const statuses = await billing.paypal.releaseWebhooks();
    expect(statuses.every((status) => status === 200)).toBe(true);
    const state = await eventually(
      () => accountState(owner.account.id),
      (value) => value.mode === 'paid',
    );
    expect(state.mode).toBe('paid');
    expect(state.invoices).toHaveLength(1);
    expect((await owner.client.get(`/api/v1/billing/payments/${payment.id}`)).body.data.status).toBe('completed');
  });

  it('a webhook before the browser’s return completes the payment; the return then finds it done', async () => {
    const owner = await createOwner(billing.server);
    const checkout = await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly' });
    const { payment, approveUrl } = checkout.body.data;
    // The payer approves and closes the tab: CHECKOUT.ORDER.APPROVED makes the server capture by itself.
    billing.paypal.approve(orderIdOf(approveUrl));
    const state = await eventually(
      () => accountState(owner.account.id),
      (value) => value.mode === 'paid',
    );
    expect(state.mode).toBe('paid');
    await billing.paypal.settled();
    const late = await owner.client.post(`/api/v1/billing/payments/${payment.id}/capture`);
    expect(late.body.data).toMatchObject({ status: 'completed', message: billingMessages.paymentSucceeded });
    expect((await accountState(owner.account.id)).invoices).toHaveLength(1);
    expect(billing.paypal.order(orderIdOf(approveUrl))!.purchase_units[0].payments.captures).toHaveLength(1);
  });

  it('a declined payment fails with PayPal’s message and writes nothing else', async () => {
    const owner = await createOwner(billing.server);
    const checkout = await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly' });
    const { payment, approveUrl } = checkout.body.data;
    billing.paypal.holdWebhooks();
    billing.paypal.approve(orderIdOf(approveUrl));
    billing.paypal.declineNextCapture();
    const declined = await owner.client.post(`/api/v1/billing/payments/${payment.id}/capture`);
    expect(declined.body.data.status).toBe('failed');
    expect(declined.body.data.message).toMatch(/declined/i);
    await billing.paypal.releaseWebhooks();
    await billing.paypal.settled();
    const state = await accountState(owner.account.id);
    expect(state).toMatchObject({ mode: 'free', invoices: [], periods: [] });
  });

  it('leaving PayPal’s page cancels the payment', async () => {
    const owner = await createOwner(billing.server);
    const checkout = await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly' });
    const cancelled = await owner.client.post(`/api/v1/billing/payments/${checkout.body.data.payment.id}/cancel`);
    expect(cancelled.body.data).toMatchObject({ status: 'cancelled', message: billingMessages.paymentCancelled });
    expect((await accountState(owner.account.id)).mode).toBe('free');
  });

  it('a full discount starts the plan at once, without PayPal', async () => {
    const full = await createDiscountCode(billing.server, { code: `FREEMONTH${Date.now()}`, kind: 'percent', percent: 100 });
    const owner = await createOwner(billing.server);
    const checkout = await owner.client.post('/api/v1/billing/checkouts', {
      planId: proPlanId,
      period: 'monthly',
      discountCode: full.code,
    });
    expect(checkout.body.data).toMatchObject({
      approveUrl: null,
      payment: { status: 'completed', totalCents: 0, message: billingMessages.paymentSucceeded },
    });
    const state = await accountState(owner.account.id);
    expect(state.mode).toBe('paid');
    expect(state.invoices[0]).toMatchObject({
      totalCents: 0,
      discountCents: 1900,
      discountCode: full.code,
      transactionId: checkout.body.data.payment.id,
    });
  });
});

describe('the plan in force', () => {
  it('refuses the same plan again, credits the unused part on a switch, and renews in the last 7 days', async () => {
    const owner = await createOwner(billing.server);
    await payFor(billing, owner.client, { period: 'monthly' });
    const same = await owner.client.post('/api/v1/billing/quote', { planId: proPlanId, period: 'monthly' });
    expect(same.status).toBe(400);
    expect(same.body.error).toMatchObject({ field: 'planId', message: billingMessages.planAlreadyActive });

    // Switching to 12 months at once credits (almost) the whole month just paid for, before tax.
    const upgrade = await owner.client.post('/api/v1/billing/quote', { planId: proPlanId, period: 'yearly' });
    expect(upgrade.body.data.creditCents).toBeGreaterThan(1890);
    expect(upgrade.body.data.creditCents).toBeLessThanOrEqual(1900);
    expect(upgrade.body.data.totalCents).toBe(
      upgrade.body.data.priceCents - upgrade.body.data.creditCents + upgrade.body.data.taxCents,
    );
    const upgraded = await payFor(billing, owner.client, { period: 'yearly' });
    expect(upgraded.status).toBe('completed');
    const state = await accountState(owner.account.id);
    expect(state.periods.filter((period) => period.endedAt === null)).toHaveLength(1);
    expect(state.invoices.map((invoice) => invoice.creditCents).sort()).toEqual([0, upgrade.body.data.creditCents].sort());

    // 360 days later the 12 months are nearly over: buying them again renews from their end.
    await ageAccountPeriods(billing.server, owner.account.id, 360);
    const renewal = await owner.client.post('/api/v1/billing/quote', { planId: proPlanId, period: 'yearly' });
    expect(renewal.body.data).toMatchObject({ renewal: true, creditCents: 0 });
    const current = (await owner.client.get('/api/v1/billing/plans')).body.data.current;
    expect(renewal.body.data.startsAt).toBe(current.endsAt);
  });

  it('queues reminders 7 days and 1 day before the end, and sends none once the plan is renewed', async () => {
    const owner = await createOwner(billing.server);
    await payFor(billing, owner.client, { period: 'monthly' });
    const [period] = (await accountState(owner.account.id)).periods;
    const { services } = billing.server;
    // pg-boss's own table: what is queued, and for when.
    const { rows } = (await services.database.db.execute(
      sql.raw(
        `select start_after, data from "${services.queue.schema}".job where name = 'billing.plan-ending' and data->>'periodId' = '${period!.id}' order by start_after`,
      ),
    )) as unknown as { rows: { start_after: Date; data: { days: number } }[] };
    expect(rows.map((row) => row.data.days)).toEqual([7, 1]);
    expect(new Date(rows[0]!.start_after).getTime()).toBe(period!.endsAt.getTime() - 7 * 86_400_000);

    const deps = { db: services.database.db, mailer: services.mailer, servicesReady: Promise.resolve(services) };
    await planEndingReminderTask.handler({ periodId: period!.id, days: 7 }, deps);
    const reminder = await billing.server.waitForMail(owner.email, /ends in 7 days/);
    expect(reminder.text).toContain(`${services.env.APP_URL}/app/Plans`);

    // Renewed in its last week: the 1-day reminder has nothing to say.
    await ageAccountPeriods(billing.server, owner.account.id, 25);
    expect((await payFor(billing, owner.client, { period: 'monthly' })).status).toBe('completed');
    await planEndingReminderTask.handler({ periodId: period!.id, days: 1 }, deps);
    const mails = await billing.server.mailbox.list();
    expect(mails.filter((mail) => mail.to === owner.email && /ends tomorrow/.test(mail.subject))).toEqual([]);
  });

  it('goes back to free when the period ends: branding returns, nothing is deleted', async () => {
    const owner = await createOwner(billing.server);
    const quiz = await createGradedQuiz(owner.client, { questions: 1, publish: true });
    await payFor(billing, owner.client);
    const footer = await owner.client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quizInput(quiz),
      settings: { ...quiz.settings, footerMessage: 'Made by Acme' },
    });
    expect(footer.status).toBe(200);
    expect((await owner.client.get(`/api/v1/public/quizzes/${quiz.id}`)).body.data.settings.footerMessage).toBe('Made by Acme');

    await ageAccountPeriods(billing.server, owner.account.id, 40);
    const services = billing.server.services;
    await syncAccountModeTask.handler({}, { db: services.database.db, logger: services.logger, quizCache: services.quizCache });
    const publicQuiz = (await owner.client.get(`/api/v1/public/quizzes/${quiz.id}`)).body.data;
    expect(publicQuiz.owner.mode).toBe('free');
    expect(publicQuiz.settings.footerMessage).toBe('');
    // The owner's own copy keeps what they wrote, for when they pay again.
    expect((await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data.settings.footerMessage).toBe('Made by Acme');
    expect((await accountState(owner.account.id)).invoices).toHaveLength(1);
  });

  it('locks a free account’s footer when saving', async () => {
    const owner = await createOwner(billing.server);
    const quiz = await createGradedQuiz(owner.client, { questions: 1 });
    const saved = await owner.client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quizInput(quiz),
      settings: { ...quiz.settings, footerMessage: 'Mine' },
    });
    expect(saved.status).toBe(400);
    expect(saved.body.error).toMatchObject({ field: 'settings.footerMessage', message: 'Upgrade your plan to use this feature' });
    // Saving anything else still works.
    expect((await owner.client.put(`/api/v1/quizzes/${quiz.id}`, { ...quizInput(quiz), title: 'Renamed' })).status).toBe(200);
  });
});

describe('PayPal webhooks', () => {
  it('refuses a forged or altered event with 401 and changes nothing', async () => {
    const owner = await createOwner(billing.server);
    const checkout = await owner.client.post('/api/v1/billing/checkouts', { planId: proPlanId, period: 'monthly' });
    const { payment } = checkout.body.data;
    const event = {
      id: `WH-FORGED-${Date.now()}`,
      event_version: '1.0',
      create_time: new Date().toISOString(),
      resource_type: 'capture',
      resource_version: '2.0',
      event_type: 'PAYMENT.CAPTURE.COMPLETED',
      summary: 'Payment completed',
      resource: {
        id: 'CAPFORGED',
        status: 'COMPLETED',
        amount: { currency_code: 'USD', value: '22.42' },
        invoice_id: payment.id,
      },
    };
    const signed = billing.paypal.signedWebhook(event);
    const post = (body: string, headers: Record<string, string>) =>
      fetch(`${billing.server.url}/paypal/webhooks`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body,
      });
    // Signed by the fake for a different body: the signature no longer holds.
    const altered = signed.body.replace('22.42', '0.01');
    expect((await post(altered, signed.headers)).status).toBe(401);
    const unsigned = Object.fromEntries(
      Object.entries(signed.headers).filter(([name]) => name.toLowerCase() !== 'paypal-transmission-sig'),
    );
    expect((await post(signed.body, unsigned)).status).toBe(401);
    expect((await post('not json', signed.headers)).status).toBe(400);
    expect((await post(JSON.stringify({ id: 'WH-1' }), signed.headers)).status).toBe(400);
    expect((await accountState(owner.account.id)).mode).toBe('free');
    const [row] = await db().select().from(payments).where(eq(payments.id, payment.id));
    expect(row!.status).toBe('created');
  });

  it('applies a redelivered event once, and a refund ends the plan', async () => {
    const owner = await createOwner(billing.server);
    const paid = await payFor(billing, owner.client);
    await billing.paypal.settled();
    const sent = billing.paypal.webhooksSent.find(
      (item) => item.event.event_type === 'PAYMENT.CAPTURE.COMPLETED' && item.event.resource.invoice_id === paid.id,
    );
    expect(sent?.status).toBe(200);
    const resent = await billing.paypal.resend(sent!.event.id);
    expect(resent).toBe(200);
    expect((await accountState(owner.account.id)).invoices).toHaveLength(1);

    const [row] = await db().select().from(payments).where(eq(payments.id, paid.id));
    billing.paypal.refund(row!.captureId!);
    const state = await eventually(
      () => accountState(owner.account.id),
      (value) => value.mode === 'free',
    );
    expect(state.mode).toBe('free');
    expect(state.invoices[0]!.status).toBe('refunded');
    expect((await owner.client.get(`/api/v1/billing/payments/${paid.id}`)).body.data.status).toBe('refunded');
  });
});

describe('tenants', () => {
  it('answers 404 for another account’s payments', async () => {
    const owner = await createOwner(billing.server);
    const other = await createOwner(billing.server);
    const paid = await payFor(billing, owner.client);
    expect((await other.client.get(`/api/v1/billing/payments/${paid.id}`)).status).toBe(404);
    expect((await other.client.post(`/api/v1/billing/payments/${paid.id}/capture`)).status).toBe(404);
    expect((await other.client.post(`/api/v1/billing/payments/${paid.id}/cancel`)).status).toBe(404);
    expect((await owner.client.get(`/api/v1/billing/payments/${paid.id}`)).status).toBe(200);
  });
});

/** The editable part of a quiz as GET returns it, for a PUT. */
function quizInput(quiz: Record<string, unknown>) {
  const { title, quizType, settings, personalities, categories, branching } = quiz as Record<string, unknown>;
  return { title, quizType, settings, personalities, categories, branching };
}
