import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productName } from '@quizlead/shared/constants.ts';
import { referralLimits, referralMessages as texts } from '@quizlead/shared/schemas/referrals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { attributeSignup } from '../../../commands/referralAttributor.ts';
import { friendInvitations, referrals } from '../../../db/schema/index.ts';
import { createMember, createOwner, uniqueEmail } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { startSmtpPeer } from '../../../test/smtpPeer.ts';

// Mail goes to a real SMTP peer: the invitation really crosses the wire.
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: TestServer;

beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await getTestServer({ SMTP_URL: peer.url });
});

afterAll(async () => {
  await server?.stop();
  await peer?.close();
});

const db = () => server.services.database.db;

/** A received message's subject and text body (quoted-printable undone). */
function readMail(raw: string) {
  const [head = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = head.replace(/\r?\n[ \t]+/g, ' ');
  let body = rest.join('\n\n');
  if (/content-transfer-encoding:\s*quoted-printable/i.test(headers))
    body = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return { subject: /^subject: (.*)$/im.exec(headers)?.[1] ?? '', text: body.replace(/\r\n/g, '\n') };
}

/** Waits for the SMTP peer to receive a mail to `to` whose subject or text matches. */
async function mailTo(to: string, matching: RegExp = /./) {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const found = peer.received
      .filter((mail) => mail.to.some((address) => address.toLowerCase() === to.toLowerCase()))
      .map((mail) => readMail(mail.raw))
      .find((mail) => matching.test(`${mail.subject}\n${mail.text}`));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no mail to ${to} matching ${matching}`);
    await new Promise((done) => setTimeout(done, 100));
  }
}

/** The whole email sign-up, as the wizard sends it: the token from the mail, then the account. */
async function signUp(email: string, extra: Record<string, unknown> = {}) {
  const client = server.client();
  expect((await client.post('/api/v1/signup/token', { fullName: 'Fran Friend', email })).status).toBe(200);
  const token = /verification token: (\d{6})/.exec((await mailTo(email, /verification token/)).subject)![1]!;
  const created = await client.post('/api/v1/signup', {
    fullName: 'Fran Friend',
    email,
    password: 'a long enough password',
    companyName: 'Friendly Co',
    token,
    ...extra,
  });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return { client, accountId: created.body.data.user.accountId as string };
}

const referralOf = async (accountId: string) =>
  (await db().select().from(referrals).where(eq(referrals.referredAccountId, accountId)))[0];

describe('sign-ups credited to the referrer', () => {
  it('a sign-up through ?ref= is the link’s, listed to the referrer with its company, and counted as a referral', async () => {
    const referrer = await createOwner(server);
    const { link } = (await referrer.client.get('/api/v1/referrals')).body.data;
    const email = uniqueEmail('linked');
    const { accountId } = await signUp(email, { ref: ` ${link.code} ` });
    expect(await referralOf(accountId)).toMatchObject({ referrerAccountId: referrer.account.id, source: 'link' });

    const listed = (await referrer.client.get('/api/v1/referrals')).body.data;
    expect(listed.signups).toEqual([{ name: 'Friendly Co', signedUpAt: expect.any(String), source: 'link', plan: 'free' }]);
    const affiliate = (await referrer.client.get('/api/v1/affiliate')).body.data;
    expect(affiliate).toMatchObject({ code: link.code, url: link.url, referrals: 1, paidReferrals: 0, commissions: [] });
  });

  it('an invited address signing up without a code is the invitation’s, and the invitation shows Signed up', async () => {
    const referrer = await createOwner(server);
    const email = uniqueEmail('invited');
    await referrer.client.post('/api/v1/referrals/invitations', { friendName: 'Ivy', friendEmail: email });
    // The address as the friend typed it this time; without a company the account is named by it, masked.
    const typed = email.toUpperCase();
    const { accountId } = await signUp(typed, { companyName: '' });
    expect(await referralOf(accountId)).toMatchObject({ referrerAccountId: referrer.account.id, source: 'invitation' });
    const listed = (await referrer.client.get('/api/v1/referrals')).body.data;
    expect(listed.invitations[0].status).toBe('signed_up');
    const at = typed.indexOf('@');
    expect(listed.signups).toEqual([
      {
        name: `${typed.slice(0, 2)}${'•'.repeat(at - 2)}${typed.slice(at)}`,
        signedUpAt: expect.any(String),
        source: 'invitation',
        plan: 'free',
      },
    ]);
  });

  it('the link wins over another account’s invitation', async () => {
    const inviter = await createOwner(server);
    const linker = await createOwner(server);
    const email = uniqueEmail('both');
    await inviter.client.post('/api/v1/referrals/invitations', { friendName: 'Bo', friendEmail: email });
    const { code } = (await linker.client.get('/api/v1/referrals')).body.data.link;
    const { accountId } = await signUp(email, { ref: code });
    expect(await referralOf(accountId)).toMatchObject({ referrerAccountId: linker.account.id, source: 'link' });
  });

  it.each([
    ['an unknown code', 'NoSuchCd'],
    ['a code too long to be one', 'x'.repeat(referralLimits.code + 1)],
    ['a code that is not text', 12345],
  ])('ignores %s: the sign-up succeeds, credited to no one', async (_case, ref) => {
    const { accountId } = await signUp(uniqueEmail('unknown-ref'), { ref });
    expect(await referralOf(accountId)).toBeUndefined();
  });

  it('never credits an account to itself, nor changes a referrer once set', async () => {
    const first = await createOwner(server);
    const second = await createOwner(server);
    const own = (await first.client.get('/api/v1/referrals')).body.data.link.code;
    const theirs = (await second.client.get('/api/v1/referrals')).body.data.link.code;
    expect(await attributeSignup(db(), { accountId: first.account.id, email: first.email, ref: own })).toBeUndefined();
    expect(await referralOf(first.account.id)).toBeUndefined();
    expect(await attributeSignup(db(), { accountId: first.account.id, email: first.email, ref: theirs })).toEqual({
      referrerAccountId: second.account.id,
      source: 'link',
    });
    const third = await createOwner(server);
    const another = (await third.client.get('/api/v1/referrals')).body.data.link.code;
    expect(await attributeSignup(db(), { accountId: first.account.id, email: first.email, ref: another })).toBeUndefined();
    expect(await referralOf(first.account.id)).toMatchObject({ referrerAccountId: second.account.id });
  });
});

describe('POST /api/v1/referrals/invitations', () => {
  it('401 signed out', async () => {
    const response = await server.client().post('/api/v1/referrals/invitations', { friendName: 'A', friendEmail: 'a@b.co' });
    expect(response.status).toBe(401);
    expect((await server.client().get('/api/v1/referrals')).status).toBe(401);
  });

  it.each([
    ['no body fields', {}, 'friendName', texts.friendNameRequired],
    ['an empty name', { friendName: '  ', friendEmail: 'fran@example.com' }, 'friendName', texts.friendNameRequired],
    [
      'a name too long',
      { friendName: 'x'.repeat(referralLimits.friendName + 1), friendEmail: 'fran@example.com' },
      'friendName',
      texts.friendNameTooLong,
    ],
    ['no email', { friendName: 'Fran' }, 'friendEmail', messages.auth.emailRequired],
    ['an empty email', { friendName: 'Fran', friendEmail: ' ' }, 'friendEmail', messages.auth.emailRequired],
    ['a malformed email', { friendName: 'Fran', friendEmail: 'fran@' }, 'friendEmail', messages.auth.invalidEmail],
  ])('refuses %s with a 400 naming the field', async (_case, body, field, message) => {
    const owner = await createOwner(server);
    const response = await owner.client.post('/api/v1/referrals/invitations', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'validation', message, field });
  });

  it('stores the invitation and mails the friend the sender’s referral link over SMTP', async () => {
    const owner = await createOwner(server);
    const friendEmail = uniqueEmail('friend');
    const sent = await owner.client.post('/api/v1/referrals/invitations', { friendName: '  Fran Friend ', friendEmail });
    expect(sent.status).toBe(201);
    expect(sent.body.data).toMatchObject({
      message: texts.sent,
      invitation: { friendName: 'Fran Friend', friendEmail, status: 'invited' },
    });
    const [row] = await db().select().from(friendInvitations).where(eq(friendInvitations.accountId, owner.account.id));
    expect(row).toMatchObject({ senderUserId: owner.user.id, friendName: 'Fran Friend', friendEmail });

    const listed = (await owner.client.get('/api/v1/referrals')).body.data;
    expect(listed.link.url).toBe(`${server.env.APP_URL}/Signup?ref=${listed.link.code}`);
    expect(listed.invitations).toEqual([
      { id: row!.id, friendName: 'Fran Friend', friendEmail, sentAt: row!.createdAt.toISOString(), status: 'invited' },
    ]);
    expect(listed.signups).toEqual([]);

    const mail = await mailTo(friendEmail);
    // The friend's address is unproved: the mail names the sender by the address they proved, and
    // carries no text anyone typed (names could say anything, links included).
    expect(mail.subject).toBe(`${owner.email} invites you to ${productName}`);
    expect(mail.text).toContain('Hello,');
    expect(mail.subject + mail.text).not.toMatch(/Fran Friend|Olive Owner/);
    expect(mail.text).toContain(listed.link.url);
  });

  it('never invites an address twice, whoever asks and however it is written', async () => {
    const owner = await createOwner(server);
    const friendEmail = uniqueEmail('twice');
    expect((await owner.client.post('/api/v1/referrals/invitations', { friendName: 'Tia', friendEmail })).status).toBe(201);
    for (const [client, address] of [
      [owner.client, friendEmail],
      [owner.client, ` ${friendEmail.toUpperCase()} `],
      [(await createOwner(server)).client, friendEmail],
    ] as const) {
      const again = await client.post('/api/v1/referrals/invitations', { friendName: 'Tia', friendEmail: address });
      expect(again.status).toBe(400);
      expect(again.body.error).toEqual({ code: 'validation', message: texts.alreadyInvited, field: 'friendEmail' });
    }
    expect(await db().select().from(friendInvitations).where(eq(friendInvitations.friendEmail, friendEmail))).toHaveLength(1);
  });

  it('refuses an address that already has an account, the sender’s own included', async () => {
    const owner = await createOwner(server);
    const other = await createOwner(server);
    const taken = await owner.client.post('/api/v1/referrals/invitations', {
      friendName: 'Otto',
      friendEmail: other.email.toUpperCase(),
    });
    expect(taken.body.error).toEqual({ code: 'validation', message: texts.alreadyMember, field: 'friendEmail' });
    const self = await owner.client.post('/api/v1/referrals/invitations', { friendName: 'Me', friendEmail: owner.email });
    expect(self.body.error).toEqual({ code: 'validation', message: texts.self, field: 'friendEmail' });
    expect(await db().select().from(friendInvitations).where(eq(friendInvitations.accountId, owner.account.id))).toEqual([]);
  });

  it('lets a member invite for the account, but not read the affiliate figures', async () => {
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account);
    const friendEmail = uniqueEmail('members-friend');
    const sent = await member.client.post('/api/v1/referrals/invitations', { friendName: 'Max', friendEmail });
    expect(sent.status).toBe(201);
    expect((await mailTo(friendEmail)).subject).toBe(`${member.email} invites you to ${productName}`);
    const ownersList = (await owner.client.get('/api/v1/referrals')).body.data;
    expect(ownersList.invitations.map((invitation: { friendEmail: string }) => invitation.friendEmail)).toEqual([friendEmail]);
    expect((await member.client.get('/api/v1/referrals')).body.data).toEqual(ownersList);
    expect((await member.client.get('/api/v1/affiliate')).status).toBe(403);
    expect((await owner.client.get('/api/v1/affiliate')).status).toBe(200);
  });

  it(`allows ${referralLimits.invitationsPerDay} invitations a day per account, then 429`, async () => {
    const owner = await createOwner(server);
    for (let index = 0; index < referralLimits.invitationsPerDay; index += 1) {
      const sent = await owner.client.post('/api/v1/referrals/invitations', {
        friendName: `Friend ${index}`,
        friendEmail: uniqueEmail('daily'),
      });
      expect(sent.status).toBe(201);
    }
    const limited = await owner.client.post('/api/v1/referrals/invitations', {
      friendName: 'One more',
      friendEmail: uniqueEmail('daily'),
    });
    expect(limited.status).toBe(429);
    expect(limited.body.error).toEqual({ code: 'rate_limited', message: texts.dailyLimit });
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(86_000);
    // Invitations older than a day no longer count.
    await db()
      .update(friendInvitations)
      .set({ createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .where(eq(friendInvitations.accountId, owner.account.id));
    const nextDay = await owner.client.post('/api/v1/referrals/invitations', { friendName: 'Later', friendEmail: uniqueEmail() });
    expect(nextDay.status).toBe(201);
    // Another account is not held back.
    const other = await createOwner(server);
    expect(
      (await other.client.post('/api/v1/referrals/invitations', { friendName: 'Hi', friendEmail: uniqueEmail() })).status,
    ).toBe(201);
  });
});
