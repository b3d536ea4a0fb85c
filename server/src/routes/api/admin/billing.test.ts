import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { billingMessages } from '@quizlead/shared/billing.ts';
import { payments } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { auditRows } from '../../../test/adminFixture.ts';

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.stop();
});

const createAdmin = () => createOwner(server, { platformAdmin: true });

describe('administrators’ plans and discount codes', () => {
  it('do not exist for owners who are not administrators', async () => {
    const owner = await createOwner(server);
    expect((await owner.client.get('/api/v1/admin/plans')).status).toBe(404);
    expect((await owner.client.post('/api/v1/admin/discount-codes', { code: 'X', kind: 'percent', percent: 5 })).status).toBe(
      404,
    );
    const admin = await createAdmin();
    const code = await admin.client.post('/api/v1/admin/discount-codes', {
      code: `OWN${Date.now()}`,
      kind: 'percent',
      percent: 5,
    });
    const edit = await owner.client.put(`/api/v1/admin/discount-codes/${code.body.data.id}`, {
      code: code.body.data.code,
      kind: 'percent',
      percent: 90,
    });
    expect(edit.status).toBe(404);
    expect((await admin.client.get('/api/v1/admin/discount-codes')).body.data).toContainEqual(
      expect.objectContaining({ id: code.body.data.id, percent: 5 }),
    );
  });

  it('add a plan with a sanitized description, keep one card for unlisted plans, and keep the free plan free', async () => {
    const admin = await createAdmin();
    const created = await admin.client.post('/api/v1/admin/plans', {
      name: 'Agency',
      monthlyPriceCents: 4900,
      descriptionHtml: '<p>Everything</p><script>alert(1)</script>',
      position: 2,
      currentForUnlisted: true,
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      name: 'Agency',
      descriptionHtml: '<p>Everything</p>',
      currentForUnlisted: true,
      listed: true,
    });
    const plans = (await admin.client.get('/api/v1/admin/plans')).body.data as { id: number; currentForUnlisted: boolean }[];
    expect(plans.filter((plan) => plan.currentForUnlisted).map((plan) => plan.id)).toEqual([created.body.data.id]);

    const free = await admin.client.put('/api/v1/admin/plans/1', { name: 'Free', monthlyPriceCents: 100 });
    expect(free.status).toBe(400);
    expect(free.body.error.field).toBe('monthlyPriceCents');
    const invalid = await admin.client.post('/api/v1/admin/plans', { name: '', monthlyPriceCents: -1 });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.field).toBe('name');

    // Unlisted: owners can no longer pick it.
    const { id } = created.body.data;
    await admin.client.put(`/api/v1/admin/plans/${id}`, { name: 'Agency', monthlyPriceCents: 4900, listed: false });
    const owner = await createOwner(server);
    const quote = await owner.client.post('/api/v1/billing/quote', { planId: id, period: 'monthly' });
    expect(quote.body.error).toMatchObject({ field: 'planId', message: billingMessages.planMissing });
  });

  it('add, list and retire discount codes', async () => {
    const admin = await createAdmin();
    const code = `SPRING${Date.now()}`;
    const created = await admin.client.post('/api/v1/admin/discount-codes', {
      code: code.toLowerCase(),
      kind: 'amount',
      amountCents: 300,
      period: 'monthly',
    });
    expect(created.status).toBe(201);
    expect(created.body.data).toMatchObject({
      code,
      kind: 'amount',
      amountCents: 300,
      percent: null,
      maxPerAccount: 1,
      redemptions: 0,
      retired: false,
    });
    const duplicate = await admin.client.post('/api/v1/admin/discount-codes', { code, kind: 'percent', percent: 5 });
    expect(duplicate.status).toBe(409);
    const incomplete = await admin.client.post('/api/v1/admin/discount-codes', { code: `${code}X`, kind: 'percent' });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.field).toBe('percent');

    const owner = await createOwner(server);
    const ask = () =>
      owner.client.post('/api/v1/billing/discount-codes/validate', { planId: 2, period: 'monthly', discountCode: code });
    expect((await ask()).status).toBe(200);
    const retired = await admin.client.patch(`/api/v1/admin/discount-codes/${created.body.data.id}`, { retired: true });
    expect(retired.body.data.retired).toBe(true);
    expect((await ask()).body.error).toMatchObject({ field: 'discountCode', message: billingMessages.discountCodeUnknown });
  });

  it('write plan and discount code changes to the audit log, before and after', async () => {
    const admin = await createAdmin();
    const plan = await admin.client.post('/api/v1/admin/plans', { name: 'Audited', monthlyPriceCents: 900, listed: false });
    const { id } = plan.body.data;
    await admin.client.put(`/api/v1/admin/plans/${id}`, { name: 'Audited', monthlyPriceCents: 1100, listed: false });
    const [update, create] = await auditRows(admin.client, 'plan', id);
    expect(create).toMatchObject({
      action: 'plan.create',
      actorEmail: admin.email,
      before: null,
      after: { id, monthlyPriceCents: 900 },
    });
    expect(update).toMatchObject({
      action: 'plan.update',
      before: { name: 'Audited', monthlyPriceCents: 900 },
      after: { name: 'Audited', monthlyPriceCents: 1100 },
    });

    const code = await admin.client.post('/api/v1/admin/discount-codes', {
      code: `AUDIT${Date.now()}`,
      kind: 'percent',
      percent: 10,
    });
    const codeId = code.body.data.id;
    await admin.client.patch(`/api/v1/admin/discount-codes/${codeId}`, { retired: true });
    await admin.client.patch(`/api/v1/admin/discount-codes/${codeId}`, { retired: true });
    await admin.client.patch(`/api/v1/admin/discount-codes/${codeId}`, { retired: false });
    const rows = await auditRows(admin.client, 'discount_code', codeId);
    // Retiring a retired code changes nothing and records nothing.
    expect(rows.map((row) => row.action)).toEqual(['discount_code.restore', 'discount_code.retire', 'discount_code.create']);
    expect(rows[2]).toMatchObject({ before: null, after: { code: code.body.data.code, percent: 10, retired: false } });
    expect(rows[2]!.after).not.toHaveProperty('redemptions');
    expect(rows[1]).toMatchObject({ before: { retired: false }, after: { retired: true } });
    expect(rows[0]).toMatchObject({ before: { retired: true }, after: { retired: false } });
  });

  it('change a discount code, audited before and after', async () => {
    const admin = await createAdmin();
    const code = `EDIT${Date.now()}`;
    const created = await admin.client.post('/api/v1/admin/discount-codes', { code, kind: 'percent', percent: 10 });
    const { id } = created.body.data;
    const changes = {
      code: `${code}b`,
      kind: 'amount',
      amountCents: 250,
      planId: 2,
      period: 'yearly',
      startsAt: '2030-01-01T00:00:00.000Z',
      endsAt: '2030-01-31T23:59:59.999Z',
      maxRedemptions: 50,
      maxPerAccount: null,
    };
    const updated = await admin.client.put(`/api/v1/admin/discount-codes/${id}`, changes);
    expect(updated.status).toBe(200);
    const expected = { ...changes, id, code: `${code}B`, percent: null, redemptions: 0, retired: false };
    expect(updated.body.data).toEqual(expected);
    expect((await admin.client.get('/api/v1/admin/discount-codes')).body.data).toContainEqual(expected);

    // Saving it unchanged records nothing.
    expect((await admin.client.put(`/api/v1/admin/discount-codes/${id}`, changes)).status).toBe(200);
    const rows = await auditRows(admin.client, 'discount_code', id);
    expect(rows.map((row) => row.action)).toEqual(['discount_code.update', 'discount_code.create']);
    expect(rows[0]).toMatchObject({
      actorEmail: admin.email,
      before: { code, kind: 'percent', percent: 10, amountCents: null, planId: null, maxRedemptions: null, maxPerAccount: 1 },
      after: {
        code: `${code}B`,
        kind: 'amount',
        percent: null,
        amountCents: 250,
        planId: 2,
        maxRedemptions: 50,
        maxPerAccount: null,
      },
    });
    expect(rows[0]!.after).not.toHaveProperty('redemptions');
  });

  it('refuse a change to an unknown code, a taken code, a missing plan or an invalid value', async () => {
    const admin = await createAdmin();
    const stamp = Date.now();
    const first = await admin.client.post('/api/v1/admin/discount-codes', { code: `FIRST${stamp}`, kind: 'percent', percent: 5 });
    const second = await admin.client.post('/api/v1/admin/discount-codes', {
      code: `SECOND${stamp}`,
      kind: 'percent',
      percent: 5,
    });
    const url = `/api/v1/admin/discount-codes/${second.body.data.id}`;

    const taken = await admin.client.put(url, { code: `first${stamp}`, kind: 'percent', percent: 5 });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ field: 'code', message: adminMessages.discountCodeTaken });
    // Its own code is not taken.
    expect((await admin.client.put(url, { code: `SECOND${stamp}`, kind: 'percent', percent: 6 })).status).toBe(200);

    const noPlan = await admin.client.put(url, { code: `SECOND${stamp}`, kind: 'percent', percent: 6, planId: 999_999 });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.error).toMatchObject({ field: 'planId', message: adminMessages.discountCodePlanMissing });
    const noPlanCreated = await admin.client.post('/api/v1/admin/discount-codes', {
      code: `THIRD${stamp}`,
      kind: 'percent',
      percent: 5,
      planId: 999_999,
    });
    expect(noPlanCreated.body.error).toMatchObject({ field: 'planId' });
    const incomplete = await admin.client.put(url, { code: `SECOND${stamp}`, kind: 'amount', percent: 6 });
    expect(incomplete.status).toBe(400);
    expect(incomplete.body.error.field).toBe('amountCents');
    const unknown = await admin.client.put(`/api/v1/admin/discount-codes/${crypto.randomUUID()}`, {
      code: `NOBODY${stamp}`,
      kind: 'percent',
      percent: 5,
    });
    expect(unknown.status).toBe(404);

    const codes = (await admin.client.get('/api/v1/admin/discount-codes')).body.data as { id: string; percent: number }[];
    expect(codes.find((code) => code.id === first.body.data.id)?.percent).toBe(5);
    expect(codes.find((code) => code.id === second.body.data.id)?.percent).toBe(6);
  });

  it('keep the text and value of a code a payment used, and let its dates and limits change', async () => {
    const admin = await createAdmin();
    const code = `USED${Date.now()}`;
    const created = await admin.client.post('/api/v1/admin/discount-codes', {
      code,
      kind: 'percent',
      percent: 20,
      planId: 2,
      period: 'monthly',
    });
    const { id } = created.body.data;
    const owner = await createOwner(server);
    // A completed payment with the code, as a checkout writes it (2000 less 20%, no tax).
    await server.services.database.db.insert(payments).values({
      accountId: owner.account.id,
      planId: 2,
      period: 'monthly',
      discountCodeId: id,
      priceCents: 2000,
      discountCents: 400,
      taxRateBasisPoints: 0,
      taxCents: 0,
      totalCents: 1600,
      currency: 'USD',
      status: 'completed',
      startsAt: new Date(),
      completedAt: new Date(),
    });
    const same = { code, kind: 'percent', percent: 20, planId: 2, period: 'monthly' } as const;
    const url = `/api/v1/admin/discount-codes/${id}`;
    for (const [field, change] of [
      ['code', { code: `${code}X` }],
      ['kind', { kind: 'amount', amountCents: 400 }],
      ['percent', { percent: 25 }],
      ['planId', { planId: null }],
      ['period', { period: 'yearly' }],
    ] as const) {
      const refused = await admin.client.put(url, { ...same, ...change });
      expect(refused.status, field).toBe(400);
      expect(refused.body.error, field).toMatchObject({ field, message: adminMessages.discountCodeUsed });
    }

    const limits = { ...same, endsAt: '2040-12-31T23:59:59.999Z', maxRedemptions: 10, maxPerAccount: 2 };
    const changed = await admin.client.put(url, limits);
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ ...limits, redemptions: 1 });
    const rows = await auditRows(admin.client, 'discount_code', id);
    expect(rows.map((row) => row.action)).toEqual(['discount_code.update', 'discount_code.create']);
    expect(rows[0]).toMatchObject({
      before: { percent: 20, endsAt: null, maxRedemptions: null, maxPerAccount: 1 },
      after: { percent: 20, endsAt: limits.endsAt, maxRedemptions: 10, maxPerAccount: 2 },
    });
  });
});
