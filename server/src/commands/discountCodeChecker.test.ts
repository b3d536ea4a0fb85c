import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { billingMessages } from '@quizlead/shared/billing.ts';
import type { payments } from '../db/schema/index.ts';
import { discountCodes } from '../db/schema/index.ts';
import { createDiscountCode, insertPayment, proPlanId } from '../test/billingKit.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { discountCodeChecker, type DiscountUse } from './discountCodeChecker.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const newCode = () => `SAVE${randomUUID().slice(0, 8).toUpperCase()}`;
const refusal = (message: string) => ({ status: 400, field: 'discountCode', message });

function use(accountId: string, overrides: Partial<DiscountUse> = {}): DiscountUse {
  return { planId: proPlanId, period: 'monthly', accountId, at: new Date('2026-06-15T12:00:00Z'), ...overrides };
}

const paymentWith = (accountId: string, discountCodeId: string, values: Partial<typeof payments.$inferInsert> = {}) =>
  insertPayment(server, accountId, { discountCodeId, discountCents: 725, totalCents: 2175, ...values });

it('accepts a code typed in any case with spaces around it, for its plan and period within its dates', async () => {
  const { account } = await createOwner(server);
  const code = newCode();
  const row = await createDiscountCode(server, {
    code,
    planId: proPlanId,
    period: 'monthly',
    startsAt: '2026-06-01T00:00:00Z',
    endsAt: '2026-07-01T00:00:00Z',
  });
  expect(await discountCodeChecker(db(), `  ${code.toLowerCase()} `, use(account.id))).toMatchObject({ id: row.id, code });
});

it('refuses unknown and retired codes, naming discountCode', async () => {
  const { account } = await createOwner(server);
  await expect(discountCodeChecker(db(), newCode(), use(account.id))).rejects.toMatchObject(
    refusal(billingMessages.discountCodeUnknown),
  );
  const retired = await createDiscountCode(server, { code: newCode() });
  await db().update(discountCodes).set({ retiredAt: new Date() }).where(eq(discountCodes.id, retired.id));
  await expect(discountCodeChecker(db(), retired.code, use(account.id))).rejects.toMatchObject(
    refusal(billingMessages.discountCodeUnknown),
  );
});

it('refuses a code before it starts and from the moment it ends', async () => {
  const { account } = await createOwner(server);
  const code = await createDiscountCode(server, {
    code: newCode(),
    startsAt: '2026-06-01T00:00:00Z',
    endsAt: '2026-07-01T00:00:00Z',
  });
  await expect(
    discountCodeChecker(db(), code.code, use(account.id, { at: new Date('2026-05-31T23:59:59Z') })),
  ).rejects.toMatchObject(refusal(billingMessages.discountCodeNotYet));
  expect(await discountCodeChecker(db(), code.code, use(account.id, { at: new Date('2026-06-01T00:00:00Z') }))).toMatchObject({
    id: code.id,
  });
  await expect(
    discountCodeChecker(db(), code.code, use(account.id, { at: new Date('2026-07-01T00:00:00Z') })),
  ).rejects.toMatchObject(refusal(billingMessages.discountCodeExpired));
});

it('refuses a code for another plan or another period', async () => {
  const { account } = await createOwner(server);
  const code = await createDiscountCode(server, { code: newCode(), planId: proPlanId, period: 'yearly' });
  await expect(discountCodeChecker(db(), code.code, use(account.id, { planId: 1, period: 'yearly' }))).rejects.toMatchObject(
    refusal(billingMessages.discountCodeOtherPlan),
  );
  await expect(discountCodeChecker(db(), code.code, use(account.id))).rejects.toMatchObject(
    refusal(billingMessages.discountCodeOtherPeriod('yearly')),
  );
});

it('counts paid and reserved uses against the limits, but not the payment being completed nor unreserved open ones', async () => {
  const { account: first } = await createOwner(server);
  const { account: second } = await createOwner(server);
  const perAccount = await createDiscountCode(server, { code: newCode(), maxPerAccount: 1 });
  // An open payment that holds no reservation is not a use.
  await paymentWith(first.id, perAccount.id);
  expect(await discountCodeChecker(db(), perAccount.code, use(first.id))).toMatchObject({ id: perAccount.id });
  const reserved = await paymentWith(first.id, perAccount.id, { discountReservedAt: new Date() });
  await expect(discountCodeChecker(db(), perAccount.code, use(first.id))).rejects.toMatchObject(
    refusal(billingMessages.discountCodeUsedByYou),
  );
  // Completing that very payment is not refused by its own use, and another account may still use the code.
  expect(await discountCodeChecker(db(), perAccount.code, use(first.id, { paymentId: reserved.id }))).toMatchObject({
    id: perAccount.id,
  });
  expect(await discountCodeChecker(db(), perAccount.code, use(second.id))).toMatchObject({ id: perAccount.id });

  const limited = await createDiscountCode(server, { code: newCode(), maxRedemptions: 1, maxPerAccount: null });
  await paymentWith(first.id, limited.id, { status: 'refunded' });
  await expect(discountCodeChecker(db(), limited.code, use(second.id))).rejects.toMatchObject(
    refusal(billingMessages.discountCodeUsedUp),
  );
});
