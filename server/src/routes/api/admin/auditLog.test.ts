import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAuditEntry } from '@quizlead/shared/schemas/admin.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createAdmin } from '../../../test/adminFixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('the audit log', () => {
  it('lists administrators’ actions newest first, of one target type or one target, and keeps the actor’s email', async () => {
    const admin = await createAdmin(server);
    const first = await createOwner(server);
    const second = await createOwner(server);
    await admin.client.post(`/api/v1/admin/users/${first.user.id}/disable`);
    await admin.client.post(`/api/v1/admin/users/${second.user.id}/disable`);
    await admin.client.post(`/api/v1/admin/users/${first.user.id}/enable`);

    const users = (await admin.client.get('/api/v1/admin/audit-log?targetType=user')).body.data;
    expect(users).toMatchObject({ page: 1, pageSize: 25 });
    const mine = (users.items as TAuditEntry[]).filter((row) => [first.user.id, second.user.id].includes(row.targetId));
    expect(mine.map((row) => [row.action, row.targetId])).toEqual([
      ['user.enable', first.user.id],
      ['user.disable', second.user.id],
      ['user.disable', first.user.id],
    ]);
    expect(mine[0]).toMatchObject({
      actorUserId: admin.user.id,
      actorEmail: admin.email,
      targetType: 'user',
      ip: expect.any(String),
    });

    const one = (await admin.client.get(`/api/v1/admin/audit-log?targetType=user&targetId=${second.user.id}`)).body.data;
    expect(one.total).toBe(1);
    expect(one.items[0]).toMatchObject({
      action: 'user.disable',
      before: { disabledAt: null },
      after: { disabledAt: expect.any(String) },
    });

    const everything = (await admin.client.get('/api/v1/admin/audit-log')).body.data;
    expect(everything.total).toBeGreaterThanOrEqual(3);
    const bad = await admin.client.get('/api/v1/admin/audit-log?targetType=planet');
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('targetType');
  });
});
