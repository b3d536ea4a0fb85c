import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import { memberInvitations } from '../db/schema/index.ts';
import { createMember, createOwner, uniqueEmail } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { memberInviter } from './memberInviter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const deps = () => ({
  db: server.services.database.db,
  queue: server.services.queue,
  secret: server.env.SESSION_SECRET,
  appUrl: 'https://app.example.com/',
});

it('stores one open invitation per address (a new one replaces the last) and mails its link', async () => {
  const owner = await createOwner(server);
  const email = uniqueEmail('invitee');
  const input = { accountId: owner.account.id, userId: owner.user.id, email: email.toUpperCase(), role: 'member' as const };
  await memberInviter(deps(), input);
  await memberInviter(deps(), { ...input, role: 'owner' });

  const rows = await server.services.database.db
    .select()
    .from(memberInvitations)
    .where(eq(memberInvitations.accountId, owner.account.id));
  expect(rows).toMatchObject([{ email, role: 'owner', invitedBy: owner.user.id, acceptedAt: null }]);
  const mail = await server.waitForMail(email, /Join\?token=/);
  expect(mail.text).toContain('https://app.example.com/Join?token=');
});

it('refuses an address that already has a user, naming the email field, and stores nothing', async () => {
  const owner = await createOwner(server);
  const member = await createMember(server, owner.account);
  const other = await createOwner(server);
  const input = { accountId: owner.account.id, userId: owner.user.id, role: 'member' as const };

  await expect(memberInviter(deps(), { ...input, email: member.email })).rejects.toMatchObject({
    status: 400,
    message: teamMessages.alreadyInTeam,
    field: 'email',
  });
  await expect(memberInviter(deps(), { ...input, email: other.email })).rejects.toMatchObject({
    message: teamMessages.hasOwnAccount,
  });
  const db = server.services.database.db;
  expect(await db.select().from(memberInvitations).where(eq(memberInvitations.accountId, owner.account.id))).toEqual([]);
});
