import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productName } from '@quizlead/shared/constants.ts';
import { invitationOptOutMessages } from '@quizlead/shared/invitationOptOut.ts';
import { referralLimits, referralMessages as texts } from '@quizlead/shared/schemas/referrals.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { attributeSignup } from '../../../commands/referralAttributor.ts';
import { friendInvitations, invitationOptOuts, referrals } from '../../../db/schema/index.ts';
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
  const header = (name: string) => new RegExp(`^${name}: (.*?)\r?$`, 'im').exec(headers)?.[1];
  return { subject: header('subject') ?? '', text: body.replace(/\r\n/g, '\n'), header };
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
    [
      'a name with a line break',
      { friendName: 'Fran\nFriend', friendEmail: 'fran@example.com' },
      'friendName',
      messages.text.singleLine("Friend's name"),
    ],
    [
      'a name with a tab',
      { friendName: 'Fran\tFriend', friendEmail: 'fran@example.com' },
      'friendName',
      messages.text.singleLine("Friend's name"),
    ],
    [
      'an email in another script before the @',
      { friendName: 'Fran', friendEmail: 'françoise@example.com' },
      'friendEmail',
      messages.email.localPartNotLatin,
    ],
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
    // The sender is named by their name (one line: ZSingleLine) and the address they proved; nothing
    // else anyone typed goes to the unproved address (the friend's name is the sender's note to self).
    expect(mail.subject).toBe(`Olive Owner invites you to try ${productName}`);
    expect(mail.text).toContain(`Olive Owner (${owner.email}) uses ${productName}`);
    expect(mail.subject + mail.text).not.toMatch(/Fran Friend/);
    expect(mail.text).toContain(listed.link.url);
    // One-click unsubscribe (RFC 8058), and marked as written by the product (RFC 3834).
    expect(mail.header('List-Unsubscribe')).toMatch(
      new RegExp(`^<${server.env.APP_URL.replace(/[.]/g, '\\.')}/invitations/unsubscribe\\?token=[^>]+>$`),
    );
    expect(mail.header('List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(mail.header('Auto-Submitted')).toBe('auto-generated');
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
    expect((await mailTo(friendEmail)).subject).toBe(`Mia Member invites you to try ${productName}`);
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

describe('unsubscribing from invitations (issue 32, item 12)', () => {
  /** Invites `friendEmail` from a fresh account and answers the unsubscribe address its mail carries. */
  async function invitedUnsubscribeUrl(friendEmail: string) {
    const owner = await createOwner(server);
    expect((await owner.client.post('/api/v1/referrals/invitations', { friendName: 'Uma', friendEmail })).status).toBe(201);
    const mail = await mailTo(friendEmail);
    return /^<(.+)>$/.exec(mail.header('List-Unsubscribe') ?? '')![1]!;
  }

  it('opening the link only asks; the one-click POST records it, and nobody can invite the address again', async () => {
    const friendEmail = uniqueEmail('unsubscribe');
    const url = await invitedUnsubscribeUrl(friendEmail);
    expect(url.startsWith(`${server.env.APP_URL}/invitations/unsubscribe?token=`)).toBe(true);
    const local = url.replace(server.env.APP_URL, server.url);

    const asked = await fetch(local);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    const page = await asked.text();
    expect(page).toContain(invitationOptOutMessages.unsubscribeConfirmTitle);
    expect(page).toContain(invitationOptOutMessages.unsubscribeConfirm(friendEmail.toLowerCase()));
    expect(page).toMatch(/<form method="post" action="\/invitations\/unsubscribe\?token=/);
    expect(await db().select().from(invitationOptOuts).where(eq(invitationOptOuts.email, friendEmail.toLowerCase()))).toEqual([]);

    // What a mail client sends for RFC 8058's one click.
    const clicked = await fetch(local, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    expect(await clicked.text()).toContain(invitationOptOutMessages.unsubscribed(friendEmail.toLowerCase()));
    expect(
      await db().select().from(invitationOptOuts).where(eq(invitationOptOuts.email, friendEmail.toLowerCase())),
    ).toHaveLength(1);
    // A second click changes nothing.
    expect((await fetch(local, { method: 'POST', body: 'List-Unsubscribe=One-Click' })).status).toBe(200);

    // Even once the first invitation is gone (its sender's account deleted), no account invites it again.
    await db().delete(friendInvitations).where(eq(friendInvitations.friendEmail, friendEmail));
    const another = await createOwner(server);
    const refused = await another.client.post('/api/v1/referrals/invitations', {
      friendName: 'Uma',
      friendEmail: friendEmail.toUpperCase(),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'validation', message: texts.optedOut, field: 'friendEmail' });
    expect(await db().select().from(friendInvitations).where(eq(friendInvitations.friendEmail, friendEmail))).toEqual([]);
  });

  it('a token that was not signed here, or was cut short, records nothing', async () => {
    const friendEmail = uniqueEmail('forged');
    const url = (await invitedUnsubscribeUrl(friendEmail)).replace(server.env.APP_URL, server.url);
    const forged = `${server.url}/invitations/unsubscribe?token=${Buffer.from('victim@example.com').toString('base64url')}.${'0'.repeat(64)}`;
    for (const address of [forged, url.slice(0, -3), `${server.url}/invitations/unsubscribe`]) {
      const response = await fetch(address, { method: 'POST', body: 'List-Unsubscribe=One-Click' });
      expect(response.status, address).toBe(400);
      expect(await response.text()).toContain(invitationOptOutMessages.unsubscribeInvalidTitle);
    }
    expect(await db().select().from(invitationOptOuts).where(eq(invitationOptOuts.email, 'victim@example.com'))).toEqual([]);
    expect(await db().select().from(invitationOptOuts).where(eq(invitationOptOuts.email, friendEmail.toLowerCase()))).toEqual([]);
  });
});

describe('internationalised addresses (issue 32, item 13)', () => {
  it('invites a friend at a domain typed in Unicode, stored and mailed in punycode, once however it is typed', async () => {
    const owner = await createOwner(server);
    const label = `idn-${crypto.randomUUID().slice(0, 8)}`;
    const sent = await owner.client.post('/api/v1/referrals/invitations', {
      friendName: 'Zoë',
      friendEmail: `${label}@zürich.example`,
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(sent.body.data.invitation.friendEmail).toBe(`${label}@xn--zrich-kva.example`);
    // Sent in punycode: the To header as it crossed the wire (the peer shows its envelope in Unicode).
    await expect
      .poll(() => peer.received.some((mail) => mail.raw.includes(`\r\nTo: ${label}@xn--zrich-kva.example\r\n`)), {
        timeout: 10_000,
      })
      .toBe(true);
    const again = await (
      await createOwner(server)
    ).client.post('/api/v1/referrals/invitations', {
      friendName: 'Zoë',
      friendEmail: `${label}@xn--zrich-kva.example`,
    });
    expect(again.body.error).toEqual({ code: 'validation', message: texts.alreadyInvited, field: 'friendEmail' });
  });
});
