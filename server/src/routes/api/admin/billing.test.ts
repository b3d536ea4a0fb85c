import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { billingMessages } from '@quizlead/shared/billing.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

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
});
