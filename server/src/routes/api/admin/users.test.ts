import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { TAdminUser } from '@quizlead/shared/schemas/admin.ts';
import { sessions, users } from '../../../db/schema/index.ts';
import { createMember, createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { auditRows, createAdmin } from '../../../test/adminFixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const userPath = (id: string) => `/api/v1/admin/users/${id}`;
const userIn = (users: TAdminUser[], id: string) => users.find((user) => user.id === id);

describe('users for administrators', () => {
  it('are verified, with the change in the audit log; verifying twice records nothing more', async () => {
    const admin = await createAdmin(server);
    const owner = await createOwner(server);
    await db().update(users).set({ verifiedAt: null }).where(eq(users.id, owner.user.id));

    const verified = await admin.client.post(`${userPath(owner.user.id)}/verify`);
    expect(verified.status).toBe(200);
    expect(verified.body.data.message).toBe(adminMessages.userVerified);
    expect(verified.body.data.account.account.id).toBe(owner.account.id);
    expect(userIn(verified.body.data.account.users, owner.user.id)!.verifiedAt).not.toBeNull();
    expect((await admin.client.post(`${userPath(owner.user.id)}/verify`)).status).toBe(200);

    const rows = await auditRows(admin.client, 'user', owner.user.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'user.verify',
      actorEmail: admin.email,
      before: { email: owner.email, verifiedAt: null, role: 'owner' },
      after: { email: owner.email, verifiedAt: expect.any(String) },
    });
    expect(JSON.stringify(rows[0])).not.toContain('password');
    expect((await admin.client.post(`${userPath(crypto.randomUUID())}/verify`)).status).toBe(404);
  });

  it('are disabled (signed out at once, no sign-in) and enabled again, but an administrator cannot disable themselves', async () => {
    const admin = await createAdmin(server);
    const owner = await createOwner(server);
    expect((await owner.client.get('/api/v1/session')).status).toBe(200);

    const self = await admin.client.post(`${userPath(admin.user.id)}/disable`);
    expect(self.status).toBe(400);
    expect(self.body.error).toMatchObject({ field: 'id', message: adminMessages.selfDisable });

    const disabled = await admin.client.post(`${userPath(owner.user.id)}/disable`);
    expect(disabled.status).toBe(200);
    expect(userIn(disabled.body.data.account.users, owner.user.id)).toMatchObject({
      disabledAt: expect.any(String),
      lastSignIn: null,
    });
    expect(await db().select().from(sessions).where(eq(sessions.userId, owner.user.id))).toEqual([]);
    expect((await owner.client.get('/api/v1/session')).status).toBe(401);
    const signIn = await server.client().post('/api/v1/session', { email: owner.email, password: owner.password });
    expect(signIn.status).toBe(403);

    const enabled = await admin.client.post(`${userPath(owner.user.id)}/enable`);
    expect(userIn(enabled.body.data.account.users, owner.user.id)!.disabledAt).toBeNull();
    expect((await server.client().post('/api/v1/session', { email: owner.email, password: owner.password })).status).toBe(200);

    const [enable, disable] = await auditRows(admin.client, 'user', owner.user.id);
    expect(disable).toMatchObject({
      action: 'user.disable',
      before: { disabledAt: null },
      after: { disabledAt: expect.any(String) },
    });
    expect(enable).toMatchObject({
      action: 'user.enable',
      before: { disabledAt: expect.any(String) },
      after: { disabledAt: null },
    });
  });

  it('change role, but an account keeps an owner', async () => {
    const admin = await createAdmin(server);
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account, 'member');

    const lastOwner = await admin.client.put(`${userPath(owner.user.id)}/role`, { role: 'member' });
    expect(lastOwner.status).toBe(400);
    expect(lastOwner.body.error).toMatchObject({ field: 'role', message: adminMessages.lastOwnerRole });
    const invalid = await admin.client.put(`${userPath(owner.user.id)}/role`, { role: 'boss' });
    expect(invalid.body.error).toMatchObject({ field: 'role', message: adminMessages.roleInvalid });

    const promoted = await admin.client.put(`${userPath(member.user.id)}/role`, { role: 'owner' });
    expect(userIn(promoted.body.data.account.users, member.user.id)!.role).toBe('owner');
    const demoted = await admin.client.put(`${userPath(owner.user.id)}/role`, { role: 'member' });
    expect(demoted.status).toBe(200);
    expect(userIn(demoted.body.data.account.users, owner.user.id)!.role).toBe('member');
    // The role holds at once: a member may not manage billing.
    expect((await owner.client.get('/api/v1/billing/plans')).status).toBe(403);

    expect((await auditRows(admin.client, 'user', member.user.id))[0]).toMatchObject({
      action: 'user.role',
      before: { role: 'member' },
      after: { role: 'owner' },
    });
  });

  it('are made platform administrators and back, but never revoke themselves', async () => {
    const admin = await createAdmin(server);
    const owner = await createOwner(server);
    const path = `${userPath(owner.user.id)}/platform-admin`;

    expect((await owner.client.get('/api/v1/admin/accounts')).status).toBe(404);
    const granted = await admin.client.put(path, { platformAdmin: true });
    expect(userIn(granted.body.data.account.users, owner.user.id)!.platformAdmin).toBe(true);
    expect((await owner.client.get('/api/v1/admin/accounts')).status).toBe(200);

    const self = await owner.client.put(path, { platformAdmin: false });
    expect(self.body.error).toMatchObject({ field: 'platformAdmin', message: adminMessages.selfRevoke });
    expect((await admin.client.put(path, { platformAdmin: 'yes' })).body.error.field).toBe('platformAdmin');

    await admin.client.put(path, { platformAdmin: false });
    expect((await owner.client.get('/api/v1/admin/accounts')).status).toBe(404);
    const [revoke, grant] = await auditRows(admin.client, 'user', owner.user.id);
    expect(grant).toMatchObject({
      action: 'user.platform_admin_grant',
      before: { platformAdmin: false },
      after: { platformAdmin: true },
    });
    expect(revoke).toMatchObject({
      action: 'user.platform_admin_revoke',
      before: { platformAdmin: true },
      after: { platformAdmin: false },
    });
  });

  it('are deleted when their email confirms it, never the last owner or oneself', async () => {
    const admin = await createAdmin(server);
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account, 'member');

    const wrong = await admin.client.request('DELETE', userPath(member.user.id), { confirm: owner.email });
    expect(wrong.body.error).toMatchObject({ field: 'confirm', message: adminMessages.confirmUser });
    const lastOwner = await admin.client.request('DELETE', userPath(owner.user.id), { confirm: owner.email });
    expect(lastOwner.status).toBe(400);
    expect(lastOwner.body.error).toMatchObject({ field: 'id', message: adminMessages.lastOwnerDelete });
    const self = await admin.client.request('DELETE', userPath(admin.user.id), { confirm: admin.email });
    expect(self.body.error).toMatchObject({ field: 'id', message: adminMessages.selfDelete });

    const deleted = await admin.client.request('DELETE', userPath(member.user.id), { confirm: member.email });
    expect(deleted.status).toBe(200);
    expect(deleted.body.data.message).toBe(adminMessages.userDeleted);
    expect(deleted.body.data.account.users.map((user: TAdminUser) => user.id)).toEqual([owner.user.id]);
    expect((await member.client.get('/api/v1/session')).status).toBe(401);
    expect(await db().select().from(users).where(eq(users.id, member.user.id))).toEqual([]);
    expect((await auditRows(admin.client, 'user', member.user.id))[0]).toMatchObject({
      action: 'user.delete',
      before: { email: member.email, role: 'member' },
      after: null,
    });
  });
});
