import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import { invitationHash } from '../db/queries/team.ts';
import { memberInvitations, memberships, users } from '../db/schema/index.ts';
import { verifyPassword } from '../lib/passwords.ts';
import { createOwner, uniqueEmail } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { invitationAccepter } from './invitationAccepter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const deps = () => ({ db: db(), secret: server.env.SESSION_SECRET });

/** An open invitation into `accountId` whose mailed token is `token`. */
async function invite(accountId: string, token: string, email = uniqueEmail('invitee')) {
  await db()
    .insert(memberInvitations)
    .values({
      accountId,
      email,
      role: 'member',
      tokenHash: invitationHash(server.env.SESSION_SECRET, token),
      expiresAt: new Date(Date.now() + 86_400_000),
    });
  return email;
}

it('spends the link and creates the invited user with the role, name and password chosen', async () => {
  const owner = await createOwner(server);
  const token = crypto.randomUUID();
  const email = await invite(owner.account.id, token);

  const joined = await invitationAccepter(deps(), { token, fullName: 'Tess Mate', password: 'a long enough secret' });
  expect(joined.role).toBe('member');
  expect(joined.account.id).toBe(owner.account.id);
  expect(joined.user).toMatchObject({ email, fullName: 'Tess Mate', accountId: owner.account.id, usertype: 'email' });
  expect(await verifyPassword(joined.user.passwordHash, 'a long enough secret')).toBe(true);
  expect(await db().select({ role: memberships.role }).from(memberships).where(eq(memberships.userId, joined.user.id))).toEqual([
    { role: 'member' },
  ]);

  await expect(invitationAccepter(deps(), { token, fullName: 'Eve', password: 'a long enough secret' })).rejects.toMatchObject({
    status: 400,
    message: teamMessages.invitationInvalid,
    field: 'token',
  });
});

it('refuses an address that got a user meanwhile (409); in the request’s transaction the link stays unspent', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const token = crypto.randomUUID();
  await invite(owner.account.id, token, other.email);

  const input = { token, fullName: 'Tess Mate', password: 'a long enough secret' };
  await expect(
    db().transaction((tx) => invitationAccepter({ db: tx, secret: server.env.SESSION_SECRET }, input)),
  ).rejects.toMatchObject({ status: 409, message: teamMessages.hasOwnAccount });
  const [invitation] = await db().select().from(memberInvitations).where(eq(memberInvitations.email, other.email));
  expect(invitation!.acceptedAt).toBeNull();
  expect(await db().select({ accountId: users.accountId }).from(users).where(eq(users.email, other.email))).toEqual([
    { accountId: other.account.id },
  ]);
});
