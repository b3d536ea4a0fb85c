import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@quizlead/shared/billing.ts';
import { discountCodes } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import {
  createDiscountCode,
  orderIdOf,
  payFor,
  proPlanId,
  startBillingWorld,
  type BillingWorld,
} from '../../../test/billingKit.ts';

let billing: BillingWorld;

beforeAll(async () => {
  billing = await startBillingWorld();
});

afterAll(async () => {
  await billing.stop();
});

const code = (label: string) => `${label}${Math.random().toString(36).slice(2, 8)}`.toUpperCase();
const day = 86_400_000;

async function validate(discountCode: unknown, choice: { planId?: number; period?: string } = {}) {
  const owner = await createOwner(billing.server);
  const response = await owner.client.post('/api/v1/billing/discount-codes/validate', {
    planId: proPlanId,
    period: 'monthly',
    discountCode,
    ...choice,
  });
  return { owner, response };
}

describe('POST /billing/discount-codes/validate', () => {
  it('answers the discount amount, a message and paypalflag, with the quote it gives', async () => {
    const percent = await createDiscountCode(billing.server, { code: code('SAVE'), kind: 'percent', percent: 25 });
    // Typed in lower case with spaces: codes match case-insensitively.
    const { response } = await validate(`  ${percent.code.toLowerCase()} `, { period: 'yearly' });
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual({
      discountAmountCents: 5016,
      message: billingMessages.discountApplied('$50.16'),
      paypalFlag: true,
      quote: expect.objectContaining({
        priceCents: 20_064,
        discountCents: 5016,
        discountCode: percent.code,
        taxCents: 2709,
        totalCents: 17_757,
        taxRatePercent: 18,
      }),
    });
  });

  it('takes a fixed amount off, never more than the price, and a code that covers everything needs no PayPal', async () => {
    const amount = await createDiscountCode(billing.server, { code: code('FIVE'), kind: 'amount', amountCents: 500 });
    expect((await validate(amount.code)).response.body.data.quote).toMatchObject({
      discountCents: 500,
      taxCents: 252,
      totalCents: 1652,
    });
    const everything = await createDiscountCode(billing.server, { code: code('ALL'), kind: 'amount', amountCents: 999_999 });
    const { response } = await validate(everything.code);
    expect(response.body.data).toMatchObject({
      discountAmountCents: 1900,
      paypalFlag: false,
      quote: { totalCents: 0, taxCents: 0 },
    });
  });

  it.each([
    ['an empty code', '', billingMessages.discountCodeRequired],
    ['only spaces', '   ', billingMessages.discountCodeRequired],
    ['no code at all', undefined, billingMessages.discountCodeRequired],
    ['an unknown code', 'NOSUCHCODE', billingMessages.discountCodeUnknown],
  ])('refuses %s with a 400 naming discountCode', async (_case, typed, message) => {
    const { response } = await validate(typed);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'validation', message, field: 'discountCode' });
  });

  it('refuses codes that are retired, not yet valid, expired, or for another plan or period', async () => {
    const now = Date.now();
    const cases = [
      [{ code: code('OLD') }, billingMessages.discountCodeUnknown, { retired: true }],
      [{ code: code('SOON'), startsAt: new Date(now + day).toISOString() }, billingMessages.discountCodeNotYet],
      [{ code: code('GONE'), endsAt: new Date(now - 1000).toISOString() }, billingMessages.discountCodeExpired],
      [{ code: code('PLAN'), planId: 1 }, billingMessages.discountCodeOtherPlan],
      [{ code: code('YEAR'), period: 'yearly' as const }, billingMessages.discountCodeOtherPeriod('yearly')],
    ] as const;
    for (const [input, message, options] of cases) {
      const row = await createDiscountCode(billing.server, input);
      if (options?.retired) {
        await billing.server.services.database.db
          .update(discountCodes)
          .set({ retiredAt: new Date() })
          .where(eq(discountCodes.id, row.id));
      }
      const { response } = await validate(row.code);
      expect(response.status, input.code).toBe(400);
      expect(response.body.error).toMatchObject({ message, field: 'discountCode' });
    }
    // Within its window and for its own plan and period, the same kind of code is accepted.
    const fine = await createDiscountCode(billing.server, {
      code: code('FINE'),
      planId: proPlanId,
      period: 'yearly',
      startsAt: new Date(now - day).toISOString(),
      endsAt: new Date(now + day).toISOString(),
    });
    expect((await validate(fine.code, { period: 'yearly' })).response.status).toBe(200);
  });

  it('counts a use once per paid order: exhausted in all, or already used by this account', async () => {
    const once = await createDiscountCode(billing.server, { code: code('ONCE'), maxRedemptions: 1, maxPerAccount: null });
    const first = await createOwner(billing.server);
    // Quoting and validating use nothing; only a paid order does.
    expect((await validate(once.code)).response.status).toBe(200);
    expect((await payFor(billing, first.client, { discountCode: once.code })).status).toBe('completed');
    const { response } = await validate(once.code);
    expect(response.body.error).toMatchObject({ message: billingMessages.discountCodeUsedUp, field: 'discountCode' });

    const perAccount = await createDiscountCode(billing.server, { code: code('MINE'), maxPerAccount: 1 });
    const owner = await createOwner(billing.server);
    await payFor(billing, owner.client, { discountCode: perAccount.code });
    const again = await owner.client.post('/api/v1/billing/discount-codes/validate', {
      planId: proPlanId,
      period: 'yearly',
      discountCode: perAccount.code,
    });
    expect(again.body.error).toMatchObject({ message: billingMessages.discountCodeUsedByYou, field: 'discountCode' });
    // Another account may still use it.
    expect((await validate(perAccount.code)).response.status).toBe(200);
  });

  it('refuses a code used up between checkout and capture, before anything is charged', async () => {
    const last = await createDiscountCode(billing.server, { code: code('LAST'), maxRedemptions: 1, maxPerAccount: null });
    const slow = await createOwner(billing.server);
    const checkout = await slow.client.post('/api/v1/billing/checkouts', {
      planId: proPlanId,
      period: 'monthly',
      discountCode: last.code,
    });
    expect(checkout.status).toBe(200);
    const fast = await createOwner(billing.server);
    await payFor(billing, fast.client, { discountCode: last.code });

    billing.paypal.approve(new URL(checkout.body.data.approveUrl).searchParams.get('token')!);
    const captures = billing.paypal.requests.filter((request) => request.path.endsWith('/capture')).length;
    const captured = await slow.client.post(`/api/v1/billing/payments/${checkout.body.data.payment.id}/capture`);
    expect(captured.body.data).toMatchObject({ status: 'failed', message: billingMessages.discountCodeUsedUp });
    expect(billing.paypal.requests.filter((request) => request.path.endsWith('/capture')).length).toBe(captures);
  });

  /** Checkouts with the code, each approved on PayPal's page, then every capture sent at once. */
  async function captureAtOnce(codeText: string, clients: Awaited<ReturnType<typeof createOwner>>['client'][]) {
    const paymentIds: string[] = [];
    for (const client of clients) {
      const checkout = await client.post('/api/v1/billing/checkouts', {
        planId: proPlanId,
        period: 'monthly',
        discountCode: codeText,
      });
      expect(checkout.status).toBe(200);
      billing.paypal.approve(orderIdOf(checkout.body.data.approveUrl));
      paymentIds.push(checkout.body.data.payment.id);
    }
    const capturesBefore = billing.paypal.requests.filter((request) => request.path.endsWith('/capture')).length;
    const answers = await Promise.all(
      clients.map((client, index) => client.post(`/api/v1/billing/payments/${paymentIds[index]}/capture`)),
    );
    const charged = billing.paypal.requests.filter((request) => request.path.endsWith('/capture')).length - capturesBefore;
    return { answers, charged };
  }

  it('reserves a one-use code under a lock before PayPal captures: of 6 captures at once, one is charged', async () => {
    const once = await createDiscountCode(billing.server, { code: code('RACE'), maxRedemptions: 1, maxPerAccount: null });
    const owners = await Promise.all(Array.from({ length: 6 }, () => createOwner(billing.server)));
    const { answers, charged } = await captureAtOnce(
      once.code,
      owners.map((owner) => owner.client),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
    const statuses = answers.map((answer) => answer.body.data.status);
    expect(statuses.filter((status) => status === 'completed')).toHaveLength(1);
    expect(charged).toBe(1);
    for (const answer of answers.filter((one) => one.body.data.status !== 'completed')) {
      expect(answer.body.data).toMatchObject({ status: 'failed', message: billingMessages.discountCodeUsedUp });
    }
    expect((await validate(once.code)).response.body.error).toMatchObject({ message: billingMessages.discountCodeUsedUp });
  });

  it('reserves a once-per-account code the same way: 6 captures of one account at once, one is charged', async () => {
    const mine = await createDiscountCode(billing.server, { code: code('MYRACE'), maxPerAccount: 1 });
    const owner = await createOwner(billing.server);
    const { answers, charged } = await captureAtOnce(mine.code, Array(6).fill(owner.client));
    const statuses = answers.map((answer) => answer.body.data.status);
    expect(statuses.filter((status) => status === 'completed')).toHaveLength(1);
    expect(charged).toBe(1);
    for (const answer of answers.filter((one) => one.body.data.status !== 'completed')) {
      expect(answer.body.data).toMatchObject({ status: 'failed', message: billingMessages.discountCodeUsedByYou });
    }
    // Another account may still use it.
    expect((await validate(mine.code)).response.status).toBe(200);
  });

  it('releases the reservation of a capture PayPal declines: the next payer may use the code', async () => {
    const once = await createDiscountCode(billing.server, { code: code('DECL'), maxRedemptions: 1, maxPerAccount: null });
    const declined = await createOwner(billing.server);
    const checkout = await declined.client.post('/api/v1/billing/checkouts', {
      planId: proPlanId,
      period: 'monthly',
      discountCode: once.code,
    });
    const orderId = orderIdOf(checkout.body.data.approveUrl);
    billing.paypal.approve(orderId);
    billing.paypal.declineNextCapture();
    const failed = await declined.client.post(`/api/v1/billing/payments/${checkout.body.data.payment.id}/capture`);
    expect(failed.body.data.status).toBe('failed');
    const next = await createOwner(billing.server);
    expect((await payFor(billing, next.client, { discountCode: once.code })).status).toBe('completed');
  });
});
