import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { computeResult } from '@quizlead/shared/engine/index.ts';
import { playMessages } from '@quizlead/shared/schemas/play.ts';
import { messages } from '@quizlead/shared/validations.ts';
import { events, plays, quizDailyStats, quizQuestionStats } from '../../db/schema/index.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz, personalityQuestion, twoPersonalities } from '../../test/quizFactory.ts';

const geoDb = new URL(
  '../../../../node_modules/@ip-location-db/geo-whois-asn-country-mmdb/geo-whois-asn-country.mmdb',
  import.meta.url,
);

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ TRUST_PROXY: 'true', GEOIP_DB: geoDb.pathname });
});
afterAll(() => server.stop());

const visitor = () => server.client();
const publicQuiz = (id: string) => visitor().get(`/api/v1/public/quizzes/${id}`);

/** The same browser starts a play id with the same key. */
const keyOf = (playId: string) => createHash('sha256').update(playId).digest('hex').slice(0, 32);

async function start(quizId: string, playId = crypto.randomUUID(), headers: Record<string, string> = {}) {
  const client = visitor();
  const started = await client.request(
    'POST',
    `/api/v1/public/quizzes/${quizId}/plays`,
    { playId, playKey: keyOf(playId) },
    headers,
  );
  expect(started.status).toBe(201);
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  return {
    playId,
    token: started.body.data.playToken as string,
    answers: (answers: unknown) => client.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth),
    lead: (lead: unknown) => client.request('POST', `/api/v1/public/plays/${playId}/lead`, lead, auth),
  };
}

async function storedPlay(quizId: string, playId: string) {
  const [play] = await server.services.database.db
    .select()
    .from(plays)
    .where(and(eq(plays.quizId, quizId), eq(plays.id, playId)));
  return play;
}

describe('GET /api/v1/public/quizzes/{id}', () => {
  it('serves published quizzes without marks, and nothing else', async () => {
    const { client } = await createOwner(server);
    const draft = await createGradedQuiz(client, { questions: 1 });
    expect((await publicQuiz(draft.id)).status).toBe(404);
    expect((await publicQuiz(draft.id)).body.error.message).toBe(playMessages.notFound);
    expect((await publicQuiz('not-a-uuid')).status).toBe(404);

    const published = await createGradedQuiz(client, { questions: 2, publish: true });
    const response = await publicQuiz(published.id);
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    const text = JSON.stringify(response.body);
    expect(text).not.toContain('"correct"');
    expect(text).not.toContain('"weight"');
    expect(text).not.toContain('"personalityId"');
    expect(response.body.data.questions[0]).toMatchObject({ picksNeeded: 1 });
    expect(response.body.data.owner).toMatchObject({ mode: 'free', companyName: 'Acme' });
  });

  it('serves a draft to its owner in preview, and to nobody else', async () => {
    const { client } = await createOwner(server);
    const draft = await createGradedQuiz(client, { questions: 1 });
    expect((await client.get(`/api/v1/public/quizzes/${draft.id}?preview=1`)).body.data.status).toBe('draft');
    const other = await createOwner(server);
    expect((await other.client.get(`/api/v1/public/quizzes/${draft.id}?preview=1`)).status).toBe(404);
    expect((await visitor().get(`/api/v1/public/quizzes/${draft.id}?preview=1`)).status).toBe(404);
  });

  it('stops serving a quiz once unpublished, and serves edits at once (cache invalidation)', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { title: 'Before', questions: 1, publish: true });
    expect((await publicQuiz(quiz.id)).body.data.title).toBe('Before');
    await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, title: 'After' });
    expect((await publicQuiz(quiz.id)).body.data.title).toBe('After');
    await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'draft' });
    expect((await publicQuiz(quiz.id)).status).toBe(404);
  });
});

describe('a play', () => {
  it('without the email gate: answers → completed with the server-computed result, stored once with its place', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 2, publish: true });
    await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, settings: { ...quiz.settings, collectEmail: false } });
    const [q1, q2] = quiz.questions;
    const play = await start(quiz.id, undefined, { 'x-forwarded-for': '8.8.8.8', 'user-agent': 'TestBrowser/1.0' });
    const picks = { [q1.id]: ['a1'], [q2.id]: ['a2'] };
    const done = await play.answers(picks);
    expect(done.status).toBe(200);
    const expected = computeResult(quiz, picks);
    expect(done.body.data).toMatchObject({ status: 'completed', result: expected, summary: '50%', redirectUrl: null });

    const retried = await play.answers({ [q1.id]: ['a1'], [q2.id]: ['a1'] });
    expect(retried.body.data).toEqual(done.body.data);
    const stored = await storedPlay(quiz.id, play.playId);
    expect(stored).toMatchObject({ status: 'completed', score: 1, percentage: 50, country: 'US', userAgent: 'TestBrowser/1.0' });
    expect(stored!.answers).toEqual(picks);
    await server.services.stats.flush();
    const list = (await client.get('/api/v1/quizzes')).body.data.items;
    expect(list.find((row: { id: string }) => row.id === quiz.id).playedCount).toBe(1);
  });

  it('answers sent twice at once: one is stored, counted and recorded, and both get its result', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 2, publish: true });
    await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, settings: { ...quiz.settings, collectEmail: false } });
    const [q1, q2] = quiz.questions;
    const play = await start(quiz.id);
    const sent = [
      { [q1.id]: ['a1'], [q2.id]: ['a1'] },
      { [q1.id]: ['a2'], [q2.id]: ['a2'] },
    ];
    const [one, two] = await Promise.all(sent.map((answers) => play.answers(answers)));
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect(two!.body.data).toEqual(one!.body.data);
    const stored = await storedPlay(quiz.id, play.playId);
    expect(sent).toContainEqual(stored!.answers);
    expect(one!.body.data.result).toEqual(computeResult(quiz, stored!.answers!));

    const recorded = await server.services.database.db.select().from(events).where(eq(events.accountId, account.id));
    expect(recorded.map((event) => event.type)).toEqual(['play.completed']);
    await server.services.stats.flush();
    const [stats] = await server.services.database.db.select().from(quizDailyStats).where(eq(quizDailyStats.quizId, quiz.id));
    expect(stats).toMatchObject({ starts: 1, completions: 1 });
    const dropOff = await server.services.database.db
      .select()
      .from(quizQuestionStats)
      .where(eq(quizQuestionStats.quizId, quiz.id));
    expect(dropOff.map(({ reached, answered }) => ({ reached, answered }))).toEqual([
      { reached: 1, answered: 1 },
      { reached: 1, answered: 1 },
    ]);
  });

  it('two leads sent at once: one is taken, counted and recorded, and both get its result', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const play = await start(quiz.id);
    expect((await play.answers({ [quiz.questions[0].id]: ['a1'] })).body.data.status).toBe('lead_required');
    const leads = [
      { name: 'Ann', email: 'ann@example.com', consent: true },
      { name: 'Bob', email: 'bob@example.com', consent: true },
    ];
    const [one, two] = await Promise.all(leads.map((lead) => play.lead(lead)));
    expect([one!.status, two!.status]).toEqual([200, 200]);
    expect(two!.body.data).toEqual(one!.body.data);
    const stored = await storedPlay(quiz.id, play.playId);
    expect(leads).toContainEqual({ name: stored!.name, email: stored!.email, consent: stored!.consent });

    const recorded = await server.services.database.db.select().from(events).where(eq(events.accountId, account.id));
    expect(recorded.map((event) => event.type).sort()).toEqual(['lead.captured', 'play.completed']);
    expect(recorded.find((event) => event.type === 'lead.captured')!.payload).toMatchObject({
      visitor: { email: stored!.email },
    });
    await server.services.stats.flush();
    const [stats] = await server.services.database.db.select().from(quizDailyStats).where(eq(quizDailyStats.quizId, quiz.id));
    expect(stats).toMatchObject({ starts: 1, completions: 1, leads: 1, scored: 1, percentageSum: 100 });
  });

  it('takes an optional phone: 400 naming phone when invalid, stored in E.164, SMS consent false unless ticked (issue 33)', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const question = quiz.questions[0].id;

    const withPhone = await start(quiz.id);
    await withPhone.answers({ [question]: ['a1'] });
    for (const phone of ['12345', '+44 12', 'call me', '+1 415 555 2671 '.repeat(3)]) {
      expect((await withPhone.lead({ name: 'Ann', email: 'ann@example.com', phone })).body.error).toEqual({
        code: 'validation',
        message: playMessages.phoneInvalid,
        field: 'phone',
      });
    }
    expect((await withPhone.lead({ name: 'Ann', email: 'ann@example.com', phone: 4155552671 })).body.error.field).toBe('phone');
    const taken = await withPhone.lead({ name: 'Ann', email: 'ann@example.com', phone: '+44 7911 123456', smsConsent: true });
    expect(taken.status).toBe(200);
    expect(await storedPlay(quiz.id, withPhone.playId)).toMatchObject({ phone: '+447911123456', smsConsent: true });

    const phoneOnly = await start(quiz.id);
    await phoneOnly.answers({ [question]: ['a1'] });
    expect((await phoneOnly.lead({ name: 'Bob', email: 'bob@example.com', phone: '+1 (415) 555-2671' })).status).toBe(200);
    expect(await storedPlay(quiz.id, phoneOnly.playId)).toMatchObject({ phone: '+14155552671', smsConsent: false });

    // A ticked box without a number consents to nothing.
    const noPhone = await start(quiz.id);
    await noPhone.answers({ [question]: ['a1'] });
    expect((await noPhone.lead({ name: 'Cy', email: 'cy@example.com', smsConsent: true })).status).toBe(200);
    expect(await storedPlay(quiz.id, noPhone.playId)).toMatchObject({ phone: null, smsConsent: false });

    const recorded = await server.services.database.db.select().from(events).where(eq(events.accountId, account.id));
    const visitors = recorded
      .filter((event) => event.type === 'lead.captured')
      .map((event) => (event.payload as { visitor: Record<string, unknown> }).visitor);
    expect(visitors).toContainEqual({
      email: 'ann@example.com',
      name: 'Ann',
      consent: false,
      phone: '+447911123456',
      smsConsent: true,
    });
    expect(visitors).toContainEqual({
      email: 'bob@example.com',
      name: 'Bob',
      consent: false,
      phone: '+14155552671',
      smsConsent: false,
    });
    expect(visitors).toContainEqual({ email: 'cy@example.com', name: 'Cy', consent: false });
  });

  it('takes a lead at a domain typed in Unicode and stores it in punycode (issue 32, item 13)', async () => {
    const { client } = await createOwner(server);
    const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tee' })).body.data;
    const settings = { ...created.settings, welcomeMessage: '<p>Hi</p>' };
    await client.put(`/api/v1/quizzes/${created.id}`, { ...created, settings, personalities: twoPersonalities });
    const question = personalityQuestion();
    await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
    expect((await client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' })).status).toBe(200);
    const play = await start(created.id);
    expect((await play.answers({ [question.id]: ['a2'] })).body.data.status).toBe('lead_required');
    const completed = await play.lead({ name: 'Jörg', email: 'joerg@müller.de', consent: false });
    expect(completed.body.data.status).toBe('completed');
    expect(await storedPlay(created.id, play.playId)).toMatchObject({ name: 'Jörg', email: 'joerg@xn--mller-kva.de' });
  });

  it('with the email gate: lead_required, then the lead with consent → the result; retries change nothing', async () => {
    const { client } = await createOwner(server);
    const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
    const settings = { ...created.settings, welcomeMessage: '<p>Hi</p>', privacyPolicyText: 'We keep your email safe.' };
    await client.put(`/api/v1/quizzes/${created.id}`, { ...created, settings, personalities: twoPersonalities });
    const question = personalityQuestion();
    await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
    expect((await client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' })).status).toBe(200);

    const playId = crypto.randomUUID();
    const first = await start(created.id, playId);
    const again = await start(created.id, playId);
    expect((await first.lead({ name: 'Ann', email: 'ann@example.com', consent: true })).status).toBe(409);
    const gated = await first.answers({ [question.id]: ['a2'] });
    expect(gated.body.data).toEqual({ status: 'lead_required', leadForm: { type: 'standard', code: '' } });

    expect((await first.lead({ name: '', email: 'ann@example.com' })).body.error).toEqual({
      code: 'validation',
      message: playMessages.nameRequired,
      field: 'name',
    });
    expect((await first.lead({ name: 'Ann', email: '' })).body.error.message).toBe(playMessages.emailRequired);
    expect((await first.lead({ name: 'Ann', email: 'ann at example' })).body.error.message).toBe(playMessages.emailInvalid);
    expect((await first.lead({ name: 'Ann', email: 'ann@example.com', consent: false })).body.error.field).toBe('consent');

    // Names on one line; a part before the @ in another script says so (issue 32, items 5 and 13).
    expect((await first.lead({ name: 'Ann\r\nBcc: x@example.com', email: 'ann@example.com', consent: true })).body.error).toEqual(
      {
        code: 'validation',
        message: messages.text.singleLine('Name'),
        field: 'name',
      },
    );
    expect((await first.lead({ name: 'Ann', email: 'änn@example.com', consent: true })).body.error).toEqual({
      code: 'validation',
      message: messages.email.localPartNotLatin,
      field: 'email',
    });

    const completed = await again.lead({ name: 'Ann', email: 'ann@example.com', consent: true });
    expect(completed.body.data).toMatchObject({ status: 'completed', summary: 'Bold' });
    expect(completed.body.data.result.personality.title).toBe('Bold');
    const retried = await first.lead({ name: 'Bob', email: 'bob@example.com', consent: true });
    expect(retried.body.data).toEqual(completed.body.data);

    const stored = await storedPlay(created.id, playId);
    expect(stored).toMatchObject({
      name: 'Ann',
      email: 'ann@example.com',
      consent: true,
      consentText: 'We keep your email safe.',
    });
    await server.services.stats.flush();
    const [stats] = await server.services.database.db.select().from(quizDailyStats).where(eq(quizDailyStats.quizId, created.id));
    expect(stats).toMatchObject({ starts: 1, completions: 1, leads: 1 });
  });

  it('400 names the field for unknown questions, unknown answers and too many picks, and stores nothing', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const [q1] = quiz.questions;
    const play = await start(quiz.id);
    const unknownQuestion = crypto.randomUUID();
    const cases: [unknown, string, string][] = [
      [{ [unknownQuestion]: ['a1'] }, playMessages.unknownQuestion, `answers.${unknownQuestion}`],
      [{ [q1.id]: ['zz'] }, playMessages.unknownAnswer, `answers.${q1.id}`],
      [{ [q1.id]: ['a1', 'a2'] }, playMessages.tooManyPicks, `answers.${q1.id}`],
      [{ [q1.id]: ['a1', 'a1'] }, playMessages.unknownAnswer, `answers.${q1.id}`],
      [{ [q1.id]: 'a1' }, 'Invalid input: expected array, received string', `answers.${q1.id}`],
      [{ 'not-a-uuid': ['a1'] }, playMessages.unknownQuestion, 'answers.not-a-uuid'],
      [{ [q1.id]: ['x'.repeat(5000)] }, 'Too big', `answers.${q1.id}.0`],
    ];
    for (const [answers, message, field] of cases) {
      const response = await play.answers(answers);
      expect(response.status, JSON.stringify(answers).slice(0, 80)).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'validation', field });
      expect(response.body.error.message).toContain(message.split(':')[0]);
    }
    expect((await storedPlay(quiz.id, play.playId))!.status).toBe('started');
    expect((await play.answers({ [q1.id]: ['a1'] })).status).toBe(200);
  });

  it('refuses steps without the play token, or with another play’s', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const mine = await start(quiz.id);
    const noToken = await visitor().post(`/api/v1/public/plays/${mine.playId}/answers`, { answers: {} });
    expect(noToken.status).toBe(401);
    expect(noToken.body.error.message).toBe(playMessages.playTokenInvalid);
    const crossed = await visitor().request(
      'POST',
      `/api/v1/public/plays/${mine.playId}/answers`,
      { answers: {} },
      { authorization: `Bearer ${(await start(quiz.id)).token}` },
    );
    expect(crossed.status).toBe(401);
  });

  it('starts a play again only for the browser that started it: its id alone takes nothing over', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const theirs = await start(quiz.id);
    const taken = await visitor().post(`/api/v1/public/quizzes/${quiz.id}/plays`, {
      playId: theirs.playId,
      playKey: keyOf(crypto.randomUUID()),
    });
    expect(taken.status).toBe(409);
    expect(taken.body).toEqual({ error: { code: 'conflict', message: playMessages.playTaken } });
    const missing = await visitor().post(`/api/v1/public/quizzes/${quiz.id}/plays`, { playId: theirs.playId });
    expect(missing.status).toBe(400);
    expect(missing.body.error.field).toBe('playKey');
    // The visitor's own browser renews its token with its key and finishes its play.
    const renewed = await start(quiz.id, theirs.playId);
    expect((await renewed.answers({ [quiz.questions[0].id]: ['a1'] })).status).toBe(200);
    expect((await storedPlay(quiz.id, theirs.playId))!.status).not.toBe('started');
  });

  it('answers CORS preflights for embeds, and lets any origin read the answers themselves', async () => {
    const response = await fetch(`${server.url}/api/v1/public/plays/x/answers`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
    expect(response.headers.get('access-control-allow-methods')).toContain('POST');

    // What may be sent only matters to the preflight: an answer says who may read it.
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const answers = [await fetch(`${server.url}/api/v1/public/quizzes/${quiz.id}`), await (await start(quiz.id)).answers({})];
    for (const { headers } of answers) {
      expect(headers.get('access-control-allow-origin')).toBe('*');
      expect(headers.get('access-control-allow-methods')).toBeNull();
      expect(headers.get('access-control-max-age')).toBeNull();
    }
  });
});

describe('preview plays', () => {
  it('the owner plays a draft through every step; it stays out of the stats', async () => {
    const { client } = await createOwner(server);
    const draft = await createGradedQuiz(client, { questions: 1 });
    const playId = crypto.randomUUID();
    expect(
      (await visitor().post(`/api/v1/public/quizzes/${draft.id}/plays`, { playId, playKey: keyOf(playId), preview: true }))
        .status,
    ).toBe(404);
    const started = await client.post(`/api/v1/public/quizzes/${draft.id}/plays`, {
      playId,
      playKey: keyOf(playId),
      preview: true,
    });
    expect(started.status).toBe(201);
    const auth = { authorization: `Bearer ${started.body.data.playToken}` };
    const answered = await client.request(
      'POST',
      `/api/v1/public/plays/${playId}/answers`,
      { answers: { [draft.questions[0].id]: ['a1'] } },
      auth,
    );
    expect(answered.status).toBe(200);
    expect(answered.body.data.status).toBe('lead_required');
    const lead = await client.request(
      'POST',
      `/api/v1/public/plays/${playId}/lead`,
      { name: 'Me', email: 'me@example.com' },
      auth,
    );
    expect(lead.body.data).toMatchObject({ status: 'completed', summary: '100%' });
    await server.services.stats.flush();
    expect(await server.services.database.db.select().from(quizDailyStats).where(eq(quizDailyStats.quizId, draft.id))).toEqual(
      [],
    );
  });

  it('anyone may try a template', async () => {
    const { client } = await createOwner(server);
    const [card] = (await client.get('/api/v1/templates?quizType=graded_quiz')).body.data;
    expect((await visitor().get(`/api/v1/public/quizzes/${card.id}?preview=1`)).status).toBe(200);
  });
});
