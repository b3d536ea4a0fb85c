import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminContactMessage } from '@quizlead/shared/schemas/admin.ts';
import { accounts } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createAdmin } from '../../../test/adminFixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('contact messages for administrators', () => {
  it('lists what owners wrote through Contact Us, newest first, with their company', async () => {
    const admin = await createAdmin(server);
    const owner = await createOwner(server);
    const companyName = `Writers ${randomUUID().slice(0, 8)}`;
    await server.services.database.db.update(accounts).set({ companyName }).where(eq(accounts.id, owner.account.id));
    for (const message of ['First question', 'Second question']) {
      expect((await owner.client.post('/api/v1/contact-messages', { message })).status).toBe(201);
    }

    const page = (await admin.client.get('/api/v1/admin/contact-messages')).body.data;
    expect(page).toMatchObject({ page: 1, pageSize: 25 });
    expect(page.total).toBeGreaterThanOrEqual(2);
    const mine = (page.items as TAdminContactMessage[]).filter((row) => row.accountId === owner.account.id);
    expect(mine).toMatchObject([
      { companyName, email: owner.email, message: 'Second question' },
      { companyName, email: owner.email, message: 'First question' },
    ]);
    expect(mine[0]!.createdAt >= mine[1]!.createdAt).toBe(true);
    expect((await admin.client.get('/api/v1/admin/contact-messages?page=x')).body.error.field).toBe('page');
  });
});
