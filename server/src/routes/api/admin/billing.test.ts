import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@quizlead/shared/billing.ts';
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
});
