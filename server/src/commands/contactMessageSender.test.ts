import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { contactMessages } from '../db/schema/index.ts';
import { createOwner, uniqueEmail } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { contactMessageSender } from './contactMessageSender.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

it('stores the message with its sender and mails it to support', async () => {
  const owner = await createOwner(server);
  const supportEmail = uniqueEmail('support');
  const deps = { db: db(), queue: server.services.queue, supportEmail };
  const message = `Help with ${crypto.randomUUID()}`;

  const stored = await contactMessageSender(deps, { accountId: owner.account.id, userId: owner.user.id, message });
  expect(await db().select().from(contactMessages).where(eq(contactMessages.id, stored.id))).toMatchObject([
    { accountId: owner.account.id, userId: owner.user.id, email: owner.email, message },
  ]);
  const mail = await server.waitForMail(supportEmail);
  expect(mail.text).toContain(message);
  expect(mail.text).toContain(owner.email);
});

it('refuses a user that is not in the account (401) and stores nothing', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const deps = { db: db(), queue: server.services.queue, supportEmail: uniqueEmail('support') };
  await expect(
    contactMessageSender(deps, { accountId: other.account.id, userId: owner.user.id, message: 'Hello' }),
  ).rejects.toMatchObject({ status: 401 });
  expect(await db().select().from(contactMessages).where(eq(contactMessages.accountId, other.account.id))).toEqual([]);
});
