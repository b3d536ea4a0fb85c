import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZQuizReportResponse } from '@quizlead/shared/schemas/reports.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz, personalityQuestion, twoPersonalities } from '../../../test/quizFactory.ts';
import { playedQuiz, visitor } from '../../../test/reportFixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('GET /api/v1/quizzes/{id}/report', () => {
  it('answers the hand-computed KPIs and drop-off of a played quiz (reportFixture.ts)', async () => {
    const { owner, quiz, questions } = await playedQuiz(server);
    const [q1, q2, q3] = questions;
    const response = await owner.client.get(`/api/v1/quizzes/${quiz.id}/report`);
    expect(response.status).toBe(200);
    expect(ZQuizReportResponse.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toEqual({
      quiz: { id: quiz.id, title: 'Capitals & rivers', quizType: 'graded_quiz', status: 'published' },
      kpis: { views: 7, starts: 6, completions: 3, completionRate: 50, leads: 2, averageScore: 44.3 },
      questions: [
        { id: q1, position: 1, title: 'Paris & Rome?', reached: 6, answered: 5 },
        { id: q2, position: 2, title: 'Question 2', reached: 5, answered: 4 },
        { id: q3, position: 3, title: 'Question 3', reached: 4, answered: 4 },
      ],
      // A standalone account sells nothing through a shop (revenueReport.test.ts has the shops).
      revenue: null,
    });
  });

  it('a quiz nobody played: zeros, a 0 completion rate and no average score', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 2 });
    const report = (await client.get(`/api/v1/quizzes/${quiz.id}/report`)).body.data;
    expect(report.kpis).toEqual({ views: 0, starts: 0, completions: 0, completionRate: 0, leads: 0, averageScore: null });
    expect(
      report.questions.map((question: { reached: number; answered: number }) => [question.reached, question.answered]),
    ).toEqual([
      [0, 0],
      [0, 0],
    ]);
    expect(report.quiz.status).toBe('draft');
  });

  it('types without a score have no average score; rates keep one decimal', async () => {
    const { client } = await createOwner(server);
    const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
    const settings = { ...created.settings, welcomeMessage: '<p>Hi</p>', collectEmail: false };
    await client.put(`/api/v1/quizzes/${created.id}`, { ...created, settings, personalities: twoPersonalities });
    const question = personalityQuestion();
    await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
    expect((await client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' })).status).toBe(200);
    for (let index = 0; index < 3; index++) {
      const play = visitor(server, created.id);
      await play.start();
      if (index === 0) await play.answers({ [question.id]: ['a1'] });
    }
    await server.services.stats.flush();
    const report = (await client.get(`/api/v1/quizzes/${created.id}/report`)).body.data;
    expect(report.kpis).toEqual({ views: 0, starts: 3, completions: 1, completionRate: 33.3, leads: 0, averageScore: null });
    expect(report.questions).toEqual([{ id: question.id, position: 1, title: 'Tea or coffee?', reached: 1, answered: 1 }]);
  });
});
