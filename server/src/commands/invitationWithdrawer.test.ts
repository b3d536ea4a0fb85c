import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { memberInvitations } from '../db/schema/index.ts';
import { createOwner, uniqueEmail } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { invitationWithdrawer } from './invitationWithdrawer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

async function openInvitation(accountId: string, acceptedAt: Date | null = null) {
  const [row] = await db()
    .insert(memberInvitations)
    .values({
      accountId,
      email: uniqueEmail('invitee'),
      tokenHash: crypto.randomUUID(),
      expiresAt: new Date(Date.now() + 86_400_000),
      acceptedAt,
    })
    .returning();
  return row!;
}

it("withdraws an open invitation of the account, once; another account's id removes nothing", async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const invitation = await openInvitation(owner.account.id);

  expect(await invitationWithdrawer({ db: db() }, { accountId: other.account.id, invitationId: invitation.id })).toBe(false);
  expect(await db().select().from(memberInvitations).where(eq(memberInvitations.id, invitation.id))).toHaveLength(1);
  expect(await invitationWithdrawer({ db: db() }, { accountId: owner.account.id, invitationId: invitation.id })).toBe(true);
  expect(await db().select().from(memberInvitations).where(eq(memberInvitations.id, invitation.id))).toEqual([]);
  expect(await invitationWithdrawer({ db: db() }, { accountId: owner.account.id, invitationId: invitation.id })).toBe(false);
});

it('keeps an invitation that was already accepted', async () => {
  const owner = await createOwner(server);
  const accepted = await openInvitation(owner.account.id, new Date());
  expect(await invitationWithdrawer({ db: db() }, { accountId: owner.account.id, invitationId: accepted.id })).toBe(false);
  expect(await db().select().from(memberInvitations).where(eq(memberInvitations.id, accepted.id))).toHaveLength(1);
});
