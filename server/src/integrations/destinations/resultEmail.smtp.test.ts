import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, deliveries, destinations, resultEmailOptOuts } from '../../db/schema/index.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../test/getTestServer.ts';
import { waitForDeliveries } from '../../test/leadsPipelineKit.ts';
import { newPlayKey, personalityQuestion, twoPersonalities } from '../../test/quizFactory.ts';
import { startSmtpPeer } from '../../test/smtpPeer.ts';
import { createWheel, submission } from '../../test/widgetFactory.ts';

/**
 * Result emails to respondents end to end (issue 35): a real server whose mailer talks to a real SMTP peer;
 * visitors play a published quiz through the public API; the delivery pipeline sends; the one-click
 * unsubscribe (RFC 8058) is POSTed like a mail client does.
 */

let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: TestServer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await getTestServer({ SMTP_URL: peer.url, DELIVERY_RETRY_DELAYS: '0,0.3' });
});
afterAll(async () => {
  await server.stop();
  await peer.close();
});

const db = () => server.services.database.db;

const qp = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** The mail's headers (unfolded) and its whole body decoded from quoted-printable. */
function mailTo(to: string) {
  const mails = peer.received.filter((item) => item.to.includes(to));
  return mails.map((mail) => {
    const [folded = '', ...rest] = mail.raw.split(/\r?\n\r?\n/);
    return { headers: folded.replace(/\r?\n[ \t]+/g, ' '), body: qp(rest.join('\n')) };
  });
}

async function ownerWithQuiz(settings: Record<string, unknown>) {
  const owner = await createOwner(server);
  const created = (await owner.client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
  const saved = await owner.client.put(`/api/v1/quizzes/${created.id}`, {
    ...created,
    settings: { ...created.settings, welcomeMessage: '<p>Hi</p>', privacyPolicyText: 'Send me news.', ...settings },
    personalities: twoPersonalities,
  });
  expect(saved.status).toBe(200);
  await owner.client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [personalityQuestion()] });
  expect((await owner.client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' })).status).toBe(200);
  return { ...owner, quizId: created.id as string };
}

/** A visitor plays the quiz (the first answer: "Calm") and leaves the lead. */
async function play(client: TestClient, quizId: string, lead: Record<string, unknown>) {
  const quiz = (await client.get(`/api/v1/public/quizzes/${quizId}`)).body.data;
  const playId = randomUUID();
  const started = await client.post(`/api/v1/public/quizzes/${quizId}/plays`, { playId, playKey: newPlayKey() });
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  const question = quiz.questions[0] as { id: string; answers: { id: string }[] };
  const answered = await client.request(
    'POST',
    `/api/v1/public/plays/${playId}/answers`,
    {
      answers: { [question.id]: [question.answers[0]!.id] },
    },
    auth,
  );
  expect(answered.status).toBe(200);
  const led = await client.request('POST', `/api/v1/public/plays/${playId}/lead`, lead, auth);
  expect(led.status).toBe(200);
  return playId;
}

const resultDestination = async (accountId: string) =>
  (
    await db()
      .select()
      .from(destinations)
      .where(and(eq(destinations.accountId, accountId), eq(destinations.kind, 'result_email')))
  )[0];

const resultDeliveries = (accountId: string) =>
  db()
    .select()
    .from(deliveries)
    .where(and(eq(deliveries.accountId, accountId), eq(deliveries.destinationKind, 'result_email')));

describe('result emails to respondents', () => {
  it('a respondent with consent gets the result, in their language, with an unsubscribe link; after a one-click unsubscribe the next play sends nothing', async () => {
    const owner = await ownerWithQuiz({
      resultEmail: true,
      resultEmailSubject: 'Your tea type: {result}',
      resultEmailBody: 'Hi {name}, you are <b>{personality}</b>.',
    });
    const email = `ann-${randomUUID().slice(0, 8)}@example.com`;
    await play(server.client(), owner.quizId, { name: 'Ann <Lee>', email, consent: true, language: 'de' });

    const destination = (await resultDestination(owner.account.id))!;
    const [delivery] = await waitForDeliveries(server, destination.id, 'delivered');
    const [mail] = mailTo(email);
    expect(mail).toBeDefined();
    expect(mail!.headers).toMatch(/^Subject: Your tea type: Calm$/m);
    expect(mail!.headers).toMatch(/^From: Acme <no-reply@quizlead\.local>$/m);
    expect(mail!.headers).toMatch(new RegExp(`^Reply-To: ${owner.email.replace(/[.+]/g, '\\$&')}$`, 'm'));
    expect(mail!.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const unsubscribe = /^List-Unsubscribe: <([^>]+)>$/m.exec(mail!.headers)![1]!;
    expect(unsubscribe).toContain('/results/unsubscribe?token=');
    // The page it opens speaks the mail's language.
    expect(new URL(unsubscribe).searchParams.get('lang')).toBe('de');
    // The owner's text and the visitor's name are escaped; the built-in words are the play's language's.
    expect(mail!.body).toContain('Hi Ann &lt;Lee&gt;, you are &lt;b&gt;Calm&lt;/b&gt;.');
    expect(mail!.body).toContain(`>Abmelden</a>`);
    expect(mail!.body).toContain('Bereitgestellt von Quizlead');

    // The delivery log lists it; another account cannot open it.
    const log = await owner.client.get('/api/v1/deliveries');
    expect(log.body.data.items).toEqual([
      expect.objectContaining({
        id: delivery!.id,
        status: 'delivered',
        email,
        destination: expect.objectContaining({ kind: 'result_email', name: 'Result email to respondents' }),
      }),
    ]);
    const stranger = await createOwner(server);
    expect((await stranger.client.get(`/api/v1/deliveries/${delivery!.id}`)).status).toBe(404);

    // A mail client's one-click unsubscribe (RFC 8058).
    const clicked = await fetch(unsubscribe, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(clicked.status).toBe(200);
    const optOuts = await db().select().from(resultEmailOptOuts).where(eq(resultEmailOptOuts.accountId, owner.account.id));
    expect(optOuts.map((row) => row.email)).toEqual([email]);

    // The next play with the same address (any case) sends nothing: no delivery is made.
    await play(server.client(), owner.quizId, { name: 'Ann', email: email.toUpperCase(), consent: true, emailResult: true });
    expect(await resultDeliveries(owner.account.id)).toHaveLength(1);
    expect(mailTo(email)).toHaveLength(1);
  });

  it('sends nothing without consent or the checkbox, and sends with "Email me my result"; a paid account’s mail has no Powered By', async () => {
    // No privacy text: no consent box, so only "Email me my result" asks for the mail.
    const owner = await ownerWithQuiz({ resultEmail: true, privacyPolicyText: '' });
    await db().update(accounts).set({ mode: 'paid' }).where(eq(accounts.id, owner.account.id));
    const silent = `silent-${randomUUID().slice(0, 8)}@example.com`;
    await play(server.client(), owner.quizId, { name: 'Sam', email: silent, consent: false });
    expect(await resultDeliveries(owner.account.id)).toHaveLength(0);

    const asked = `asked-${randomUUID().slice(0, 8)}@example.com`;
    await play(server.client(), owner.quizId, { name: 'Kim', email: asked, consent: false, emailResult: true });
    const destination = (await resultDestination(owner.account.id))!;
    await waitForDeliveries(server, destination.id, 'delivered');
    const [mail] = mailTo(asked);
    // The default subject and body, in English.
    expect(mail!.headers).toMatch(/^Subject: Your result: Calm$/m);
    expect(mail!.body).toContain('Hi Kim,');
    expect(mail!.body).toContain('>Unsubscribe</a>');
    expect(mail!.body).not.toContain('Powered By');
    expect(mailTo(silent)).toHaveLength(0);
  });

  it('sends nothing when the quiz’s switch is off, even with consent', async () => {
    const owner = await ownerWithQuiz({ resultEmail: false });
    const email = `off-${randomUUID().slice(0, 8)}@example.com`;
    await play(server.client(), owner.quizId, { name: 'Lou', email, consent: true, emailResult: true });
    expect(await resultDestination(owner.account.id)).toBeUndefined();
    expect(await resultDeliveries(owner.account.id)).toHaveLength(0);
  });

  it('a wheel with "Email the prize" emails the option drawn and its code to a visitor who ticked the box, and not to one who did not', async () => {
    const owner = await createOwner(server);
    const wheel = await createWheel(owner.client, {
      // Every slice gives the same prize: the draw is random, the mail is not.
      options: [1, 2, 3].map(() => ({ text: '10% off', weight: 1, prizeCode: 'SPIN10' })),
      resultEmail: true,
      resultEmailSubject: 'You won {result}',
      resultEmailBody: 'Hi {name}, here is {result}.\n{prize_code}',
    });
    const spin = (email: string, emailResult: boolean) =>
      server.client().post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: submission(), email, emailResult });
    const asked = `wheel-${randomUUID().slice(0, 8)}@example.com`;
    const quiet = `quiet-${randomUUID().slice(0, 8)}@example.com`;
    expect((await spin(quiet, false)).status).toBe(201);
    expect(await resultDestination(owner.account.id)).toBeUndefined();
    expect((await spin(asked, true)).status).toBe(201);
    const destination = (await resultDestination(owner.account.id))!;
    await waitForDeliveries(server, destination.id, 'delivered');
    const [mail] = mailTo(asked);
    expect(mail!.headers).toMatch(/^Subject: You won 10% off$/m);
    expect(mail!.body).toContain('Your code: SPIN10');
    expect(mail!.headers).toMatch(/^List-Unsubscribe: <[^>]+\/results\/unsubscribe\?token=/m);
    expect(mailTo(quiet)).toHaveLength(0);
    expect(await resultDeliveries(owner.account.id)).toHaveLength(1);
  });
});
