import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackDefaults } from '@quizlead/shared/engagement.ts';
import { activeQuizTypes } from '@quizlead/shared/quizzes.ts';
import { plays, quizzes, users } from '../db/schema/index.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { demoAccountResetter, demoCredentials } from './demoAccountResetter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('demoAccountResetter', () => {
  it('creates a demo owner who can sign in, with one published quiz of every active type, and resets it', async () => {
    const { db } = server.services.database;
    await demoAccountResetter(db);
    await demoAccountResetter(db);
    const owners = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${demoCredentials.email}`);
    expect(owners).toHaveLength(1);
    const demo = await db.select().from(quizzes).where(eq(quizzes.accountId, owners[0]!.accountId));
    expect(demo.map((quiz) => quiz.quizType).sort()).toEqual([...activeQuizTypes].sort());
    expect(demo.every((quiz) => quiz.status === 'published')).toBe(true);

    const client = server.client();
    expect((await client.post('/api/v1/session', demoCredentials)).status).toBe(200);
    expect((await client.get('/api/v1/quizzes')).body.data.total).toBe(activeQuizTypes.length);
  });

  it('adds a published poll, a web response and a wheel with a few votes, responses and spins', async () => {
    const { db } = server.services.database;
    await demoAccountResetter(db);
    await demoAccountResetter(db);
    const client = server.client();
    await client.post('/api/v1/session', demoCredentials);

    const polls = (await client.get('/api/v1/polls')).body.data;
    expect(polls.total).toBe(1);
    expect(polls.items[0]).toMatchObject({ status: 'published', totalVotes: 5 });
    const poll = (await client.get(`/api/v1/public/polls/${polls.items[0].id}`)).body.data;
    expect(poll.results.options.map((option: { votes: number }) => option.votes)).toEqual([3, 1, 1]);

    const feedbacks = (await client.get('/api/v1/feedbacks')).body.data;
    expect(feedbacks.total).toBe(1);
    expect(feedbacks.items[0]).toMatchObject({ title: feedbackDefaults.title, totalResponses: 4 });
    expect((await client.get(`/api/v1/public/feedbacks/${feedbacks.items[0].id}`)).status).toBe(200);

    const wheels = (await client.get('/api/v1/wheels')).body.data;
    expect(wheels.total).toBe(1);
    expect(wheels.items[0]).toMatchObject({ status: 'published', totalSpins: 3 });
    const spins = (await client.get(`/api/v1/wheels/${wheels.items[0].id}/spins`)).body.data.items;
    expect(spins.map((spin: { result: string }) => spin.result).sort()).toEqual(['10% off', 'Free shipping', 'Try again']);
    expect((await client.get(`/api/v1/public/wheels/${wheels.items[0].id}`)).body.data.options).toHaveLength(6);
  });

  it('gives every demo quiz a month of plays whose report, respondents and answer sheets agree', async () => {
    const { db } = server.services.database;
    await demoAccountResetter(db);
    const client = server.client();
    await client.post('/api/v1/session', demoCredentials);
    const list = (await client.get('/api/v1/quizzes')).body.data.items as { id: string }[];
    for (const { id } of list) {
      const report = (await client.get(`/api/v1/quizzes/${id}/report`)).body.data;
      const respondents = (await client.get(`/api/v1/quizzes/${id}/respondents`)).body.data;
      const [completed] = await db
        .select({ count: sql<number>`count(*)::int` })
        .from(plays)
        .where(and(eq(plays.quizId, id), eq(plays.status, 'completed')));
      expect(report.kpis.completions).toBeGreaterThan(0);
      expect(report.kpis.completions).toBe(completed!.count);
      expect(respondents.total).toBe(report.kpis.completions);
      expect(report.kpis.starts).toBeGreaterThanOrEqual(report.kpis.completions);
      expect(report.questions[0].reached).toBe(report.kpis.starts);
      const sheet = (await client.get(`/api/v1/plays/${respondents.items[0].id}/answer-sheet`)).body.data;
      expect(sheet.questions.length).toBeGreaterThan(0);
      for (const question of sheet.questions) {
        expect(question.answers.some((answer: { selected: boolean }) => answer.selected)).toBe(true);
      }
    }
    const dashboard = (await client.get('/api/v1/dashboard')).body.data;
    const completedStat = dashboard.stats.find((stat: { key: string }) => stat.key === 'Completed');
    expect(completedStat.value).toBeGreaterThan(0);
  });
});
