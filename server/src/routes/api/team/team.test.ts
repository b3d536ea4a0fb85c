import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productName } from '@quizlead/shared/constants.ts';
import { permissionMessages } from '@quizlead/shared/permissions.ts';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { createMember, createOwner, uniqueEmail } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.stop();
});

/** The join link from the invitation mail, and its token. */
async function invitationLink(to: string) {
  const mail = await server.waitForMail(to, /Join\?token=/);
  const link = /https?:\/\/\S+\/Join\?token=\S+/.exec(mail.text)![0];
  return { link, token: new URL(link).searchParams.get('token')! };
}

describe('team invitations', () => {
  it('mail a link; the invitee joins the account as a member, signed in, and sees its quizzes', async () => {
    const owner = await createOwner(server);
    const quiz = await owner.client.post('/api/v1/quizzes', { quizType: 'graded_quiz' });
    const email = uniqueEmail('teammate');
    const invited = await owner.client.post('/api/v1/team/invitations', { email, role: 'member' });
    expect(invited.status).toBe(201);
    expect(invited.body.data.invitations).toMatchObject([{ email, role: 'member' }]);

    const { token } = await invitationLink(email);
    const visitor = server.client();
    const preview = await visitor.get(`/api/v1/team/invitations/preview?token=${encodeURIComponent(token)}`);
    expect(preview.body.data).toEqual({ companyName: 'Acme', email, inviterName: 'Olive Owner', role: 'member' });

    const short = await visitor.post('/api/v1/team/join', { token, fullName: 'Tess Mate', password: 'short' });
    expect(short.status).toBe(400);
    expect(short.body.error.field).toBe('password');
    const joined = await visitor.post('/api/v1/team/join', { token, fullName: 'Tess Mate', password: 'a long enough secret' });
    expect(joined.status).toBe(201);
    expect(joined.body.data.user).toMatchObject({ accountId: owner.account.id, accountRole: 'member', email });
    expect((await visitor.get(`/api/v1/quizzes/${quiz.body.data.id}`)).status).toBe(200);
    expect((await visitor.get('/api/v1/billing/plans')).body.error.message).toBe(permissionMessages.forbidden);

    // The link is spent, and the invitation leaves the list.
    const again = await server.client().post('/api/v1/team/join', { token, fullName: 'Eve', password: 'a long enough secret' });
    expect(again.status).toBe(400);
    expect(again.body.error).toMatchObject({ message: teamMessages.invitationInvalid, field: 'token' });
    const team = (await owner.client.get('/api/v1/team')).body.data;
    expect(team.invitations).toEqual([]);
    expect(team.members.map((member: { email: string; role: string; you: boolean }) => [member.role, member.you])).toEqual([
      ['owner', true],
      ['member', false],
    ]);
    // And the new member signs in with the password they chose.
    const signIn = await server.client().post('/api/v1/session', { email, password: 'a long enough secret' });
    expect(signIn.body.data.user.accountRole).toBe('member');
  });

  it('mail nothing the inviter typed to the unproved address: the inviter is named by their own address', async () => {
    const owner = await createOwner(server);
    const lure = 'Your bank: account locked, verify at https://evil.example';
    expect((await owner.client.patch('/api/v1/account/profile', { fullName: lure, companyName: lure })).status).toBe(200);
    const email = uniqueEmail('lured');
    expect((await owner.client.post('/api/v1/team/invitations', { email, role: 'member' })).status).toBe(201);
    const mail = await server.waitForMail(email, /Join\?token=/);
    expect(mail.subject).toBe(`${owner.email} invited you to their team on ${productName}`);
    expect(mail.subject + mail.text).not.toMatch(/bank|evil/);
  });

  it('refuse an address that has an account, a bad email, and anyone but an owner', async () => {
    const owner = await createOwner(server);
    const other = await createOwner(server);
    const taken = await owner.client.post('/api/v1/team/invitations', { email: other.email });
    expect(taken.body.error).toMatchObject({ message: teamMessages.hasOwnAccount, field: 'email' });
    const own = await owner.client.post('/api/v1/team/invitations', { email: owner.email });
    expect(own.body.error).toMatchObject({ message: teamMessages.alreadyInTeam, field: 'email' });
    const bad = await owner.client.post('/api/v1/team/invitations', { email: 'not-an-email' });
    expect(bad.status).toBe(400);
    expect(bad.body.error.field).toBe('email');
    const role = await owner.client.post('/api/v1/team/invitations', { email: uniqueEmail(), role: 'admin' });
    expect(role.body.error.field).toBe('role');

    const { client: member } = await createMember(server, owner.account);
    expect((await member.post('/api/v1/team/invitations', { email: uniqueEmail() })).status).toBe(403);
    expect((await member.get('/api/v1/team')).status).toBe(200);
  });

  it('invite an address at a Unicode domain in punycode; the invitee’s name is one line (issue 32)', async () => {
    const owner = await createOwner(server);
    const label = `idn-${crypto.randomUUID().slice(0, 8)}`;
    const invited = await owner.client.post('/api/v1/team/invitations', { email: `${label}@bücher.de`, role: 'member' });
    expect(invited.status).toBe(201);
    const ascii = `${label}@xn--bcher-kva.de`;
    expect(invited.body.data.invitations).toMatchObject([{ email: ascii }]);
    const { token } = await invitationLink(ascii);
    const visitor = server.client();
    const refused = await visitor.post('/api/v1/team/join', {
      token,
      fullName: 'Tess\u2028Mate',
      password: 'a long enough password',
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'validation', message: messages.text.singleLine('Full Name'), field: 'fullName' });
    const joined = await visitor.post('/api/v1/team/join', { token, fullName: 'Tess Mate', password: 'a long enough password' });
    expect(joined.status).toBe(201);
    expect(joined.body.data.user.email).toBe(ascii);
  });

  it('inviting again replaces the link; a withdrawn invitation stops working', async () => {
    const owner = await createOwner(server);
    const email = uniqueEmail('twice');
    await owner.client.post('/api/v1/team/invitations', { email });
    const first = await invitationLink(email);
    await owner.client.post('/api/v1/team/invitations', { email, role: 'owner' });
    let tokens: string[] = [];
    await expect
      .poll(async () => {
        const mails = (await server.mailbox.list()).filter((mail) => mail.to === email);
        tokens = mails.map((mail) => decodeURIComponent(/Join\?token=(\S+)/.exec(mail.text)![1]!));
        return tokens.length;
      })
      .toBe(2);
    const second = encodeURIComponent(tokens.find((token) => token !== first.token)!);
    const stale = await server.client().get(`/api/v1/team/invitations/preview?token=${encodeURIComponent(first.token)}`);
    expect(stale.status).toBe(404);

    const { invitations } = (await owner.client.get('/api/v1/team')).body.data;
    expect(invitations).toMatchObject([{ email, role: 'owner' }]);
    expect((await owner.client.delete(`/api/v1/team/invitations/${invitations[0].id}`)).body.data.invitations).toEqual([]);
    const withdrawn = await server.client().get(`/api/v1/team/invitations/preview?token=${second}`);
    expect(withdrawn.status).toBe(404);
  });
});

describe('team roles', () => {
  it('keep one owner at least, never remove yourself, and signs a removed member out', async () => {
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account);
    const demote = await owner.client.put(`/api/v1/team/members/${owner.user.id}`, { role: 'member' });
    expect(demote.body.error).toMatchObject({ message: teamMessages.lastOwner, field: 'role' });
    expect((await owner.client.delete(`/api/v1/team/members/${owner.user.id}`)).body.error.message).toBe(
      teamMessages.notYourself,
    );

    const promoted = await owner.client.put(`/api/v1/team/members/${member.user.id}`, { role: 'owner' });
    expect(promoted.status).toBe(200);
    expect((await member.client.get('/api/v1/session')).body.data.user.accountRole).toBe('owner');
    // With a second owner the first may step down.
    expect((await owner.client.put(`/api/v1/team/members/${owner.user.id}`, { role: 'member' })).status).toBe(200);
    expect((await owner.client.get('/api/v1/billing/plans')).status).toBe(403);

    const removed = await member.client.delete(`/api/v1/team/members/${owner.user.id}`);
    expect(removed.body.data.members.map((row: { email: string }) => row.email)).toEqual([member.email]);
    expect((await owner.client.get('/api/v1/session')).status).toBe(401);
  });

  it("another account's people and invitations answer 404", async () => {
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account);
    await owner.client.post('/api/v1/team/invitations', { email: uniqueEmail() });
    const invitationId = (await owner.client.get('/api/v1/team')).body.data.invitations[0].id;
    const stranger = await createOwner(server);
    expect((await stranger.client.put(`/api/v1/team/members/${member.user.id}`, { role: 'owner' })).status).toBe(404);
    expect((await stranger.client.delete(`/api/v1/team/members/${member.user.id}`)).status).toBe(404);
    expect((await stranger.client.delete(`/api/v1/team/invitations/${invitationId}`)).status).toBe(404);
    expect((await owner.client.get('/api/v1/team')).body.data.members).toHaveLength(2);
  });
});
