import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboardMessages, dashboardStatKeys } from '@quizlead/shared/reports.ts';
import { ZDashboardGraphResponse, ZDashboardResponse } from '@quizlead/shared/schemas/reports.ts';
import { addDays } from '@quizlead/shared/days.ts';
import { feedbackResponses, plays, quizDailyStats, quizzes } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz, newPlayKey } from '../../../test/quizFactory.ts';
import { createFeedback, submission } from '../../../test/widgetFactory.ts';
import { utcToday } from '@quizlead/shared/days.ts';
import { resolveRange } from './dashboard.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

type Owner = Awaited<ReturnType<typeof createOwner>>;
const today = utcToday();
const ago = (days: number) => addDays(today, -days);

/** The stats as key → value, after checking the order and the schema. */
function statsOf(body: unknown) {
  const { data } = ZDashboardResponse.parse(body);
  expect(data.stats.map((stat) => stat.key)).toEqual([...dashboardStatKeys]);
  return { ...data, values: Object.fromEntries(data.stats.map((stat) => [stat.key, stat.value])) };
}

const zeroStats = Object.fromEntries(dashboardStatKeys.map((key) => [key, 0]));

/**
 * Account fixtures with known figures: three quizzes (1 published with 2 questions, 2 drafts with
 * 3 and 0), a template quiz (not counted), daily stats on four days (one outside the default range),
 * two web responses with three submissions (one 40 days ago).
 */
async function seed(owner: Owner) {
  const { db } = server.services.database;
  const published = await createGradedQuiz(owner.client, { title: 'Published', questions: 2, publish: true });
  const draft = await createGradedQuiz(owner.client, { title: 'Draft', questions: 3 });
  await createGradedQuiz(owner.client, { title: 'Empty' });
  const template = await createGradedQuiz(owner.client, { title: 'Template', questions: 4 });
  // Templates are shared by every account (test files run side by side on one database): this one
  // must look like any valid catalogue entry.
  await db
    .update(quizzes)
    .set({ isTemplate: true, description: 'A template made by the dashboard tests.' })
    .where(eq(quizzes.id, template.id));

  const accountId = owner.account.id;
  const stat = (quizId: string, day: string, views: number, starts: number, completions: number, leads: number) => ({
    quizId,
    accountId,
    day,
    views,
    starts,
    completions,
    leads,
  });
  await db
    .insert(quizDailyStats)
    .values([
      stat(published.id, today, 10, 6, 4, 3),
      stat(draft.id, today, 1, 1, 1, 0),
      stat(published.id, ago(1), 20, 9, 5, 2),
      stat(published.id, ago(10), 7, 3, 2, 1),
      stat(published.id, ago(40), 100, 50, 40, 30),
    ]);

  const first = await createFeedback(owner.client, { title: 'First' });
  await createFeedback(owner.client, { title: 'Second' });
  const response = (createdAt: Date) => ({
    feedbackId: first.id,
    id: submission(),
    accountId,
    feelingType: 'emotion',
    value: 'Happy',
    createdAt,
  });
  await db
    .insert(feedbackResponses)
    .values([response(new Date()), response(new Date(`${ago(1)}T23:59:59Z`)), response(new Date(`${ago(40)}T12:00:00Z`))]);
  return { published, draft };
}

describe('GET /api/v1/dashboard', () => {
  it('401 without a session', async () => {
    expect((await server.client().get('/api/v1/dashboard')).status).toBe(401);
    expect((await server.client().get('/api/v1/dashboard/graph')).status).toBe(401);
    expect((await server.client().get('/api/v1/tutorials')).status).toBe(401);
  });

  it('adds up the account’s figures over the last 30 days by default; counts of quizzes, questions and web responses are all-time', async () => {
    const owner = await createOwner(server);
    await seed(owner);
    const response = await owner.client.get('/api/v1/dashboard');
    expect(response.status).toBe(200);
    const dashboard = statsOf(response.body);
    expect(dashboard.range).toEqual({ start: ago(29), end: today });
    expect(dashboard.values).toEqual({
      'Quiz Count': 3,
      'Published Quiz Count': 1,
      'Draft Quiz Count': 2,
      Views: 10 + 1 + 20 + 7,
      'Total Played': 6 + 1 + 9 + 3,
      Completed: 4 + 1 + 5 + 2,
      'Total Questions': 5,
      'Web Response Count': 2,
      'Web Response Completed': 2,
    });
    expect(dashboard.leads).toBe(3 + 2 + 1);
  });

  it('narrows to the asked range, both ends included', async () => {
    const owner = await createOwner(server);
    await seed(owner);
    const yesterday = statsOf((await owner.client.get(`/api/v1/dashboard?start=${ago(1)}&end=${ago(1)}`)).body);
    expect(yesterday.range).toEqual({ start: ago(1), end: ago(1) });
    expect(yesterday.values).toMatchObject({ 'Quiz Count': 3, Views: 20, 'Total Played': 9, Completed: 5 });
    expect(yesterday.values['Web Response Completed']).toBe(1);
    expect(yesterday.leads).toBe(2);

    const longer = statsOf((await owner.client.get(`/api/v1/dashboard?start=${ago(60)}&end=${today}`)).body);
    expect(longer.values).toMatchObject({ Views: 138, 'Total Played': 69, Completed: 52, 'Web Response Completed': 3 });
    expect(longer.leads).toBe(36);

    // A range without plays: the all-time counts stay, the rest are 0.
    const quiet = statsOf((await owner.client.get(`/api/v1/dashboard?start=${ago(9)}&end=${ago(2)}`)).body);
    expect(quiet.values).toMatchObject({
      'Quiz Count': 3,
      Views: 0,
      'Total Played': 0,
      Completed: 0,
      'Web Response Completed': 0,
    });
    expect(quiet.leads).toBe(0);

    // Only a start: up to today.
    const fromStart = statsOf((await owner.client.get(`/api/v1/dashboard?start=${ago(1)}`)).body);
    expect(fromStart.range).toEqual({ start: ago(1), end: today });
    expect(fromStart.values.Views).toBe(31);
  });

  it('400 names the field: bad dates, reversed or too long ranges, days after today', async () => {
    const { client } = await createOwner(server);
    const cases: [string, string, string][] = [
      ['start=yesterday', dashboardMessages.dateInvalid, 'start'],
      [`start=${ago(1)}&end=2024-02-30`, dashboardMessages.dateInvalid, 'end'],
      [`start=${ago(1)}&end=${ago(2)}`, dashboardMessages.rangeInvalid, 'start'],
      [`start=${ago(366)}&end=${today}`, dashboardMessages.rangeTooLong, 'start'],
      [`start=${ago(400)}`, dashboardMessages.rangeTooLong, 'start'],
      [`start=${ago(3)}&end=${addDays(today, 1)}`, dashboardMessages.futureDate, 'end'],
      [`start=${addDays(today, 1)}`, dashboardMessages.futureDate, 'start'],
      [`end=${ago(3)}&start=${ago(1)}`, dashboardMessages.rangeInvalid, 'start'],
    ];
    for (const path of ['/api/v1/dashboard', '/api/v1/dashboard/graph']) {
      for (const [query, message, field] of cases) {
        const response = await client.get(`${path}?${query}`);
        expect(response.status, `${path}?${query}`).toBe(400);
        expect(response.body.error).toEqual({ code: 'validation', message, field });
      }
    }
    // The longest range is accepted.
    expect((await client.get(`/api/v1/dashboard?start=${ago(365)}&end=${today}`)).status).toBe(200);
  });

  it('shows another account nothing of this one (tenant wall)', async () => {
    const owner = await createOwner(server);
    await seed(owner);
    const stranger = await createOwner(server);
    const dashboard = statsOf((await stranger.client.get(`/api/v1/dashboard?start=${ago(60)}&end=${today}`)).body);
    expect(dashboard.values).toEqual(zeroStats);
    expect(dashboard.leads).toBe(0);
    const graph = ZDashboardGraphResponse.parse((await stranger.client.get('/api/v1/dashboard/graph')).body).data;
    expect(graph.every((row) => row.completions === 0)).toBe(true);
  });

  it('counts plays made through the public API once the counters are flushed', async () => {
    const owner = await createOwner(server);
    const quiz = await createGradedQuiz(owner.client, { questions: 1, publish: true });
    const visitor = server.client();
    expect((await visitor.get(`/api/v1/public/quizzes/${quiz.id}`)).status).toBe(200);
    const playId = crypto.randomUUID();
    const started = await visitor.post(`/api/v1/public/quizzes/${quiz.id}/plays`, { playId, playKey: newPlayKey() });
    expect(started.status).toBe(201);
    const auth = { authorization: `Bearer ${started.body.data.playToken}` };
    const answered = await visitor.request(
      'POST',
      `/api/v1/public/plays/${playId}/answers`,
      { answers: { [quiz.questions[0].id]: ['a1'] } },
      auth,
    );
    if (answered.body.data.status === 'lead_required') {
      const lead = { name: 'Ann', email: 'ann@example.com', consent: true };
      expect((await visitor.request('POST', `/api/v1/public/plays/${playId}/lead`, lead, auth)).status).toBe(200);
    }
    // A second visitor only looks.
    await server.client().get(`/api/v1/public/quizzes/${quiz.id}`);
    await server.services.stats.flush();

    const dashboard = statsOf((await owner.client.get('/api/v1/dashboard')).body);
    expect(dashboard.values).toMatchObject({ 'Published Quiz Count': 1, Views: 2, 'Total Played': 1, Completed: 1 });
    expect(dashboard.leads).toBe(answered.body.data.status === 'lead_required' ? 1 : 0);
    const graph = ZDashboardGraphResponse.parse((await owner.client.get('/api/v1/dashboard/graph')).body).data;
    expect(graph.at(-1)).toEqual({ day: today, completions: 1 });
  });
});

describe('the dashboard by language', () => {
  it('counts only the plays and web responses shown in the chosen language; views stay whole', async () => {
    const owner = await createOwner(server);
    const { db } = server.services.database;
    const quiz = await createGradedQuiz(owner.client, { questions: 1, publish: true });
    const feedback = await createFeedback(owner.client);
    const accountId = owner.account.id;
    const now = new Date();
    const play = (language: string | null, completed: boolean, email: string | null = null, preview = false) => ({
      quizId: quiz.id,
      id: crypto.randomUUID(),
      accountId,
      language,
      preview,
      email,
      status: completed ? ('completed' as const) : ('started' as const),
      startedAt: now,
      completedAt: completed ? now : null,
    });
    await db
      .insert(plays)
      .values([
        play('de', true, 'a@example.com'),
        play('de', true),
        play('de', false),
        play('de', true, 'p@example.com', true),
        play('fr', true, 'b@example.com'),
        play(null, true),
      ]);
    await db
      .insert(quizDailyStats)
      .values({ quizId: quiz.id, accountId, day: today, views: 9, starts: 5, completions: 4, leads: 2 });
    const response = (language: string | null) => ({
      feedbackId: feedback.id,
      id: submission(),
      accountId,
      feelingType: 'emotion',
      value: 'Happy',
      language,
    });
    await db.insert(feedbackResponses).values([response('de'), response('ja'), response(null)]);

    const german = statsOf((await owner.client.get('/api/v1/dashboard?language=de')).body);
    expect(german.values).toMatchObject({ Views: 9, 'Total Played': 3, Completed: 2, 'Web Response Completed': 1 });
    expect(german.leads).toBe(1);
    const all = statsOf((await owner.client.get('/api/v1/dashboard')).body);
    expect(all.values).toMatchObject({ 'Total Played': 5, Completed: 4, 'Web Response Completed': 3 });
    const graph = ZDashboardGraphResponse.parse((await owner.client.get('/api/v1/dashboard/graph?language=de')).body).data;
    expect(graph.at(-1)).toEqual({ day: today, completions: 2 });
    const wrong = await owner.client.get('/api/v1/dashboard?language=xx');
    expect(wrong.status).toBe(400);
    expect(wrong.body.error.field).toBe('language');
  });
});

describe('GET /api/v1/dashboard/graph', () => {
  it('answers every day of the range, oldest first, days without plays at 0', async () => {
    const owner = await createOwner(server);
    await seed(owner);
    const response = await owner.client.get('/api/v1/dashboard/graph');
    expect(response.status).toBe(200);
    const graph = ZDashboardGraphResponse.parse(response.body).data;
    expect(graph).toHaveLength(30);
    expect(graph[0]!.day).toBe(ago(29));
    expect(graph.at(-1)).toEqual({ day: today, completions: 5 });
    expect(graph.at(-2)).toEqual({ day: ago(1), completions: 5 });
    expect(graph.find((row) => row.day === ago(10))).toEqual({ day: ago(10), completions: 2 });
    expect(graph.filter((row) => row.completions > 0)).toHaveLength(3);

    const short = ZDashboardGraphResponse.parse(
      (await owner.client.get(`/api/v1/dashboard/graph?start=${ago(2)}&end=${ago(1)}`)).body,
    ).data;
    expect(short).toEqual([
      { day: ago(2), completions: 0 },
      { day: ago(1), completions: 5 },
    ]);
  });
});

describe('resolveRange', () => {
  it('defaults to the 30 days up to today and crosses months and leap days', () => {
    expect(resolveRange({}, '2024-03-01')).toEqual({ start: '2024-02-01', end: '2024-03-01' });
    expect(resolveRange({ end: '2024-02-29' }, '2024-03-01')).toEqual({ start: '2024-01-31', end: '2024-02-29' });
    expect(resolveRange({ start: '2024-02-28' }, '2024-03-01')).toEqual({ start: '2024-02-28', end: '2024-03-01' });
  });
});
