import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { affiliateCodeFor } from '../../../commands/affiliateCode.ts';
import { attributeSignup } from '../../../commands/referralAttributor.ts';
import { affiliateCommissions, payments } from '../../../db/schema/index.ts';
import { parseEnv } from '../../../env.ts';
import { createDiscountCode, payFor, startBillingWorld, type BillingWorld } from '../../../test/billingKit.ts';
import { createMember, createOwner } from '../../../test/factories.ts';

let billing: BillingWorld;

beforeAll(async () => {
  billing = await startBillingWorld({ AFFILIATE_COMMISSION_PERCENT: '25' });
});

afterAll(async () => {
  await billing?.stop();
});

const server = () => billing.server;
const db = () => billing.server.services.database.db;

/** An affiliate and an account that signed up through its link. */
async function referredPair() {
  const affiliate = await createOwner(server());
  const referred = await createOwner(server());
  const code = await affiliateCodeFor(db(), affiliate.account.id);
  await attributeSignup(db(), { accountId: referred.account.id, email: referred.email, ref: code });
  return { affiliate, referred };
}

async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('GET /api/v1/affiliate', () => {
  it('401 signed out, 403 for a member, and an affiliate with nothing yet shows zeros', async () => {
    expect((await server().client().get('/api/v1/affiliate')).status).toBe(401);
    const owner = await createOwner(server());
    const member = await createMember(server(), owner.account);
    expect((await member.client.get('/api/v1/affiliate')).status).toBe(403);
    const { data } = (await owner.client.get('/api/v1/affiliate')).body;
    expect(data).toEqual({
      code: expect.stringMatching(/^[A-Za-z0-9]{8}$/),
      url: `${server().env.APP_URL}/Signup?ref=${data.code}`,
      ratePercent: 25,
      referrals: 0,
      paidReferrals: 0,
      currency: 'USD',
      totals: [],
      commissions: [],
    });
    // The code lasts, and the refer-a-friend link is the same one.
    expect((await owner.client.get('/api/v1/affiliate')).body.data.code).toBe(data.code);
    expect((await owner.client.get('/api/v1/referrals')).body.data.link).toEqual({ code: data.code, url: data.url });
  });
});

describe('commissions', () => {
  it('a referred account’s payment earns the configured rate of its amount before tax, rounded half up, once', async () => {
    const { affiliate, referred } = await referredPair();
    // Pro monthly is 19.00; 2.02 off leaves 16.98 before tax, and 25% of it is 4.245, so 4.25.
    const code = await createDiscountCode(server(), {
      code: `REF${randomUUID().slice(0, 6).toUpperCase()}`,
      kind: 'amount',
      amountCents: 202,
    });
    const paid = await payFor(billing, referred.client, { discountCode: code.code });
    await billing.paypal.settled();
    const [payment] = await db().select().from(payments).where(eq(payments.id, paid.id));
    expect(payment).toMatchObject({ priceCents: 1900, discountCents: 202, creditCents: 0, status: 'completed' });
    expect(payment!.taxCents).toBeGreaterThan(0);

    // The browser's return and PayPal's webhook both arrived: one commission.
    const rows = await db().select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paid.id));
    expect(rows).toEqual([
      expect.objectContaining({
        referrerAccountId: affiliate.account.id,
        referredAccountId: referred.account.id,
        baseCents: 1698,
        ratePercent: 25,
        amountCents: 425,
        status: 'earned',
      }),
    ]);

    const { data } = (await affiliate.client.get('/api/v1/affiliate')).body;
    expect(data).toMatchObject({
      referrals: 1,
      paidReferrals: 1,
      totals: [{ currency: 'USD', earnedCents: 425, reversedCents: 0 }],
      commissions: [
        {
          paymentId: paid.id,
          createdAt: expect.any(String),
          referred: 'Acme',
          baseCents: 1698,
          ratePercent: 25,
          amountCents: 425,
          currency: 'USD',
          status: 'earned',
        },
      ],
    });
    expect((await affiliate.client.get('/api/v1/referrals')).body.data.signups[0]).toMatchObject({ plan: 'paid' });
  });

  it('a full refund reverses the commission', async () => {
    const { affiliate, referred } = await referredPair();
    const paid = await payFor(billing, referred.client);
    await billing.paypal.settled();
    const [payment] = await db().select().from(payments).where(eq(payments.id, paid.id));
    billing.paypal.refund(payment!.captureId!);
    const [row] = await eventually(
      () => db().select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paid.id)),
      (found) => found[0]?.status === 'reversed',
    );
    // 25% of 19.00.
    expect(row).toMatchObject({ baseCents: 1900, amountCents: 475, status: 'reversed' });
    const { data } = (await affiliate.client.get('/api/v1/affiliate')).body;
    expect(data).toMatchObject({
      referrals: 1,
      paidReferrals: 0,
      totals: [{ currency: 'USD', earnedCents: 0, reversedCents: 475 }],
      commissions: [{ paymentId: paid.id, amountCents: 475, status: 'reversed' }],
    });
  });

  it('an account nobody referred earns nobody anything', async () => {
    const owner = await createOwner(server());
    const paid = await payFor(billing, owner.client);
    expect(await db().select().from(affiliateCommissions).where(eq(affiliateCommissions.paymentId, paid.id))).toEqual([]);
  });
});

describe('AFFILIATE_COMMISSION_PERCENT', () => {
  it('defaults to 20 and takes whole percents from 0 to 100', () => {
    expect(parseEnv({}).AFFILIATE_COMMISSION_PERCENT).toBe(20);
    expect(parseEnv({ AFFILIATE_COMMISSION_PERCENT: '0' }).AFFILIATE_COMMISSION_PERCENT).toBe(0);
    expect(parseEnv({ AFFILIATE_COMMISSION_PERCENT: '100' }).AFFILIATE_COMMISSION_PERCENT).toBe(100);
    for (const wrong of ['101', '-1', '12.5', 'ten'])
      expect(() => parseEnv({ AFFILIATE_COMMISSION_PERCENT: wrong }), wrong).toThrow(/AFFILIATE_COMMISSION_PERCENT/);
  });
});

describe('affiliateCodeFor', () => {
  it('tries again when a code is another account’s', async () => {
    const first = await createOwner(server());
    const second = await createOwner(server());
    const taken = `T${randomUUID().slice(0, 7)}`;
    const fresh = `F${randomUUID().slice(0, 7)}`;
    expect(await affiliateCodeFor(db(), first.account.id, () => taken)).toBe(taken);
    const codes = [taken, fresh];
    expect(await affiliateCodeFor(db(), second.account.id, () => codes.shift()!)).toBe(fresh);
    expect(await affiliateCodeFor(db(), second.account.id, () => 'Unused00')).toBe(fresh);
  });
});
