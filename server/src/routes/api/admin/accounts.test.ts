import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { TAdminAccountDetail, TAdminAccountRow } from '@quizlead/shared/schemas/admin.ts';
import { accounts } from '../../../db/schema/index.ts';
import { createMember, createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';
import { auditRows, createAdmin } from '../../../test/adminFixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const tag = () => randomUUID().slice(0, 8);

/** An owner whose company has a name no other test uses. */
async function namedOwner(companyName = `Zebra ${tag()}`) {
  const owner = await createOwner(server);
  await db().update(accounts).set({ companyName }).where(eq(accounts.id, owner.account.id));
  return { ...owner, companyName };
}

const search = async (admin: TestClient, q: string) =>
  (await admin.get(`/api/v1/admin/accounts?q=${encodeURIComponent(q)}`)).body.data as {
    items: TAdminAccountRow[];
    total: number;
  };

const detailOf = async (admin: TestClient, accountId: string) =>
  (await admin.get(`/api/v1/admin/accounts/${accountId}`)).body.data as TAdminAccountDetail;

/** A paid plan owners cannot pick (unlisted), so other tests' Plans pages stay as they were. */
async function hiddenPlan(admin: TestClient) {
  const created = await admin.post('/api/v1/admin/plans', { name: `Gift ${tag()}`, monthlyPriceCents: 1500, listed: false });
  expect(created.status).toBe(201);
  return created.body.data as { id: number; name: string };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe('accounts for administrators', () => {
  it('are searched by company name, shop domain or any user’s email, newest first, 25 a page', async () => {
    const admin = await createAdmin(server);
    const owner = await namedOwner();
    const member = await createMember(server, owner.account, 'member');
    const shopDomain = `zebra-${tag()}.myshopify.com`;
    const [shop] = await db()
      .insert(accounts)
      .values({ kind: 'shopify', shopDomain, companyName: 'Zebra shop', mode: 'paid' })
      .returning();

    const byName = await search(admin.client, owner.companyName.toLowerCase());
    expect(byName.total).toBe(1);
    expect(byName.items).toEqual([
      {
        id: owner.account.id,
        kind: 'standalone',
        companyName: owner.companyName,
        shopDomain: null,
        mode: 'free',
        status: 'active',
        ownerEmail: owner.email,
        userCount: 2,
        createdAt: expect.any(String),
        planName: null,
        paidUntil: null,
      },
    ]);
    expect((await search(admin.client, member.email.toUpperCase())).items.map((row) => row.id)).toEqual([owner.account.id]);
    const byShop = await search(admin.client, shopDomain);
    expect(byShop.items).toMatchObject([{ id: shop!.id, kind: 'shopify', shopDomain, ownerEmail: null, userCount: 0 }]);
    // LIKE wildcards are taken literally.
    expect((await search(admin.client, `%${tag()}`)).total).toBe(0);

    const firstPage = (await admin.client.get('/api/v1/admin/accounts')).body.data;
    expect(firstPage).toMatchObject({ page: 1, pageSize: 25 });
    expect(firstPage.total).toBeGreaterThanOrEqual(3);
    expect(firstPage.items.length).toBe(Math.min(25, firstPage.total));
    const created = firstPage.items.map((row: TAdminAccountRow) => row.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    const bad = await admin.client.get('/api/v1/admin/accounts?page=0');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('page');
  });

  it('show an account with its users (owners first), its plan and what it holds', async () => {
    const admin = await createAdmin(server);
    const owner = await namedOwner();
    const member = await createMember(server, owner.account, 'member');
    await createGradedQuiz(owner.client, { questions: 1 });

    const detail = await detailOf(admin.client, owner.account.id);
    expect(detail.account).toMatchObject({
      id: owner.account.id,
      companyName: owner.companyName,
      kind: 'standalone',
      mode: 'free',
    });
    expect(detail.users).toMatchObject([
      { id: owner.user.id, email: owner.email, role: 'owner', usertype: 'email', platformAdmin: false, disabledAt: null },
      { id: member.user.id, email: member.email, role: 'member', platformAdmin: false },
    ]);
    expect(detail.users[0]!.verifiedAt).not.toBeNull();
    expect(detail.users[0]!.lastSignIn).not.toBeNull();
    expect(detail.currentPeriod).toBeNull();
    expect(detail.counts).toEqual({ quizzes: 1, polls: 0, webResponses: 0, wheels: 0, leads: 0 });

    expect((await admin.client.get(`/api/v1/admin/accounts/${randomUUID()}`)).status).toBe(404);
    const notAnId = await admin.client.get('/api/v1/admin/accounts/nope');
    expect(notAnId.status).toBe(400);
    expect(notAnId.body.error.field).toBe('id');
  });

  it('grant a paid plan until a date and end it now, with both in the audit log', async () => {
    const admin = await createAdmin(server);
    const owner = await namedOwner();
    const plan = await hiddenPlan(admin.client);
    const grants = `/api/v1/admin/accounts/${owner.account.id}/plan-grants`;

    const free = await admin.client.post(grants, { planId: 1, endsAt: inDays(30) });
    expect(free.body.error).toMatchObject({ field: 'planId', message: adminMessages.grantPaidPlan });
    const past = await admin.client.post(grants, { planId: plan.id, endsAt: '2001-01-01' });
    expect(past.body.error).toMatchObject({ field: 'endsAt', message: adminMessages.grantEndsInFuture });

    const endsAt = inDays(30);
    const granted = await admin.client.post(grants, { planId: plan.id, endsAt });
    expect(granted.status).toBe(201);
    expect(granted.body.data.message).toBe(adminMessages.planGranted);
    expect(granted.body.data.account.account.mode).toBe('paid');
    expect(granted.body.data.account.currentPeriod).toMatchObject({
      planId: plan.id,
      planName: plan.name,
      period: 'monthly',
      endsAt,
      granted: true,
      grantedByEmail: admin.email,
    });
    expect((await search(admin.client, owner.companyName)).items[0]).toMatchObject({
      mode: 'paid',
      planName: plan.name,
      paidUntil: endsAt,
    });
    // The owner's own billing page sees the plan.
    expect((await owner.client.get('/api/v1/billing/plans')).body.data.current).toMatchObject({ planId: plan.id, mode: 'paid' });

    const ended = await admin.client.post(`${grants}/end`);
    expect(ended.status).toBe(200);
    expect(ended.body.data.account).toMatchObject({ account: { mode: 'free' }, currentPeriod: null });
    expect((await admin.client.post(`${grants}/end`)).status).toBe(409);

    const [end, grant] = await auditRows(admin.client, 'account', owner.account.id);
    expect(grant).toMatchObject({
      action: 'account.plan_grant',
      actorUserId: admin.user.id,
      actorEmail: admin.email,
      before: { mode: 'free', currentPeriod: null },
      after: { mode: 'paid', currentPeriod: { planName: plan.name, granted: true }, grant: { planId: plan.id, endsAt } },
    });
    expect(end).toMatchObject({
      action: 'account.plan_end',
      before: { mode: 'paid', currentPeriod: { planName: plan.name }, openPeriods: [{ planName: plan.name, granted: true }] },
      after: { mode: 'free', currentPeriod: null, openPeriods: [] },
    });
  });

  it('grant plans to standalone accounts only', async () => {
    const admin = await createAdmin(server);
    const plan = await hiddenPlan(admin.client);
    const [shop] = await db()
      .insert(accounts)
      .values({ kind: 'shopify', shopDomain: `grant-${tag()}.myshopify.com` })
      .returning();
    const refused = await admin.client.post(`/api/v1/admin/accounts/${shop!.id}/plan-grants`, {
      planId: plan.id,
      endsAt: inDays(5),
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(adminMessages.grantStandaloneOnly);
    expect(await auditRows(admin.client, 'account', shop!.id)).toEqual([]);
  });

  it('are deleted only when the confirmation matches, and the audit log keeps what was deleted', async () => {
    const admin = await createAdmin(server);
    const owner = await namedOwner();
    const member = await createMember(server, owner.account, 'member');
    const path = `/api/v1/admin/accounts/${owner.account.id}`;

    for (const confirm of ['', owner.companyName.toLowerCase(), 'Acme']) {
      const refused = await admin.client.request('DELETE', path, { confirm });
      expect(refused.status, confirm).toBe(400);
      expect(refused.body.error.field, confirm).toBe('confirm');
    }
    const missing = await admin.client.delete(path);
    expect(missing.body.error).toMatchObject({ code: 'validation', field: 'confirm' });
    const own = await admin.client.request('DELETE', `/api/v1/admin/accounts/${admin.account.id}`, { confirm: 'Acme' });
    expect(own.body.error).toMatchObject({ field: 'id', message: adminMessages.ownAccount });
    expect((await detailOf(admin.client, owner.account.id)).account.id).toBe(owner.account.id);

    const deleted = await admin.client.request('DELETE', path, { confirm: owner.companyName });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toBe(adminMessages.accountDeleted);
    expect((await admin.client.get(path)).status).toBe(404);
    expect((await owner.client.get('/api/v1/session')).status).toBe(401);

    const [row] = await auditRows(admin.client, 'account', owner.account.id);
    expect(row).toMatchObject({
      action: 'account.delete',
      actorEmail: admin.email,
      before: {
        id: owner.account.id,
        companyName: owner.companyName,
        users: [
          { id: owner.user.id, email: owner.email, role: 'owner' },
          { id: member.user.id, email: member.email, role: 'member' },
        ],
      },
      after: null,
    });

    // The account id confirms too.
    const other = await namedOwner();
    const byId = await admin.client.request('DELETE', `/api/v1/admin/accounts/${other.account.id}`, {
      confirm: other.account.id,
    });
    expect(byId.status).toBe(200);
  });
});
