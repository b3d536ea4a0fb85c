import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZAnswerSheetResponse } from '@quizlead/shared/schemas/reports.ts';
import { plays } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz } from '../../../test/quizFactory.ts';
import { download } from '../../../test/widgetFactory.ts';
import { playedQuiz, visitor } from '../../../test/reportFixture.ts';

let server: TestServer;
let played: Awaited<ReturnType<typeof playedQuiz>>;
beforeAll(async () => {
  server = await getTestServer();
  played = await playedQuiz(server);
});
afterAll(() => server.stop());

const sheet = (playId: string, client = played.owner.client) => client.get(`/api/v1/plays/${playId}/answer-sheet`);

const options = (picked: string) =>
  ['a1', 'a2'].map((id) => ({ id, text: id === 'a1' ? '4' : '5', image: null, selected: id === picked }));

describe('GET /api/v1/plays/{id}/answer-sheet', () => {
  it('a completed play: who, when, the result, and every question with the picked answers marked', async () => {
    const { quiz, questions, bob } = played;
    const response = await sheet(bob.playId);
    expect(response.status).toBe(200);
    expect(ZAnswerSheetResponse.parse(response.body)).toEqual(response.body);
    expect(response.body.data).toEqual({
      play: {
        id: bob.playId,
        quizId: quiz.id,
        quizTitle: 'Capitals & rivers',
        quizType: 'graded_quiz',
        playedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT.*Z$/),
        result: '33%',
        email: 'bob@example.com',
        name: 'Bob',
        country: '',
        state: '',
        city: '',
      },
      questions: [
        { id: questions[0], position: 1, title: 'Paris & Rome?', image: null, answers: options('a1') },
        { id: questions[1], position: 2, title: 'Question 2', image: null, answers: options('a2') },
        { id: questions[2], position: 3, title: 'Question 3', image: null, answers: options('a2') },
      ],
    });
  });

  it('a play that answered but left no lead shows its answers; a play that only started has none', async () => {
    const answered = (await sheet(played.eve.playId)).body.data;
    expect(answered.play).toMatchObject({ result: '67%', email: null, name: null });
    expect(
      answered.questions.map((question: { answers: { selected: boolean }[] }) => question.answers.map((a) => a.selected)),
    ).toEqual([
      [true, false],
      [true, false],
      [false, true],
    ]);
    const started = await sheet(played.cat.playId);
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ play: { id: played.cat.playId, result: '' }, questions: [] });
  });

  it('lists only the questions the play answered, in quiz order, and leaves out questions removed since', async () => {
    const { owner, questions } = played;
    const { db } = server.services.database;
    const quiz = await createGradedQuiz(owner.client, { questions: 3 });
    const [q1, q2, q3] = quiz.questions.map((question: { id: string }) => question.id);
    const playId = randomUUID();
    await db.insert(plays).values({
      quizId: quiz.id,
      id: playId,
      accountId: owner.account.id,
      status: 'answered',
      answers: { [q3]: ['a1'], [q1]: ['a2'], [questions[0]]: ['a1'] },
      resultSummary: '50%',
    });
    const data = (await sheet(playId)).body.data;
    expect(data.questions.map((question: { id: string; position: number }) => [question.id, question.position])).toEqual([
      [q1, 1],
      [q3, 3],
    ]);
    expect(data.questions.map((question: { id: string }) => question.id)).not.toContain(q2);
  });

  it('numbers each question by its place in the quiz, so a play that branching took past question 2 reads 1, 3, 4', async () => {
    const { owner } = played;
    const quiz = await createGradedQuiz(owner.client, { title: 'Paths', questions: 4 });
    const [q1, q2, q3, q4] = quiz.questions.map((question: { id: string }) => question.id);
    // The right answer to question 1 leads to question 3.
    const branches = { enabled: true, branches: [{ questionId: q1, answerId: 'a1', to: q3 }] };
    expect((await owner.client.put(`/api/v1/quizzes/${quiz.id}/branches`, branches)).status).toBe(200);
    expect((await owner.client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'published' })).status).toBe(200);
    const respondent = visitor(server, quiz.id);
    await respondent.view();
    await respondent.start();
    for (const question of [q1, q3, q4]) await respondent.progress(question);
    await respondent.answers({ [q1]: ['a1'], [q3]: ['a2'], [q4]: ['a1'] });
    await respondent.lead('Pat', 'pat@example.com');

    const data = (await sheet(respondent.playId)).body.data;
    expect(data.play.result).toBe('67%');
    expect(
      data.questions.map((question: { id: string; position: number; title: string }) => [
        question.id,
        question.position,
        question.title,
      ]),
    ).toEqual([
      [q1, 1, 'Question 1'],
      [q3, 3, 'Question 3'],
      [q4, 4, 'Question 4'],
    ]);
    expect(data.questions.map((question: { id: string }) => question.id)).not.toContain(q2);
  });

  it('a play id in two quizzes: the latest started', async () => {
    const { owner } = played;
    const { db } = server.services.database;
    const first = await createGradedQuiz(owner.client, { title: 'First', questions: 1 });
    const second = await createGradedQuiz(owner.client, { title: 'Second', questions: 1 });
    const playId = randomUUID();
    const row = { id: playId, accountId: owner.account.id, status: 'started' as const };
    await db.insert(plays).values([
      { ...row, quizId: second.id, startedAt: new Date('2026-01-02T00:00:00Z') },
      { ...row, quizId: first.id, startedAt: new Date('2026-01-01T00:00:00Z') },
    ]);
    expect((await sheet(playId)).body.data.play.quizTitle).toBe('Second');
  });

  it('404 for preview plays and unknown ids; 400 names the id when it is not one', async () => {
    expect((await sheet(played.own.playId)).status).toBe(404);
    expect((await sheet(randomUUID())).status).toBe(404);
    const bad = await sheet('not-a-uuid');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation', field: 'id' });
  });
});

describe('tenant walls on the report routes', () => {
  it('another account gets 404 on every route, exactly like a missing id; signed out is 401', async () => {
    const { quiz, ann } = played;
    const stranger = await createOwner(server);
    const paths = [
      `/api/v1/quizzes/${quiz.id}/report`,
      `/api/v1/quizzes/${quiz.id}/respondents`,
      `/api/v1/quizzes/${quiz.id}/respondents/export`,
      `/api/v1/quizzes/${quiz.id}/respondents/export?format=csv`,
      `/api/v1/plays/${ann.playId}/answer-sheet`,
    ];
    for (const path of paths) {
      expect((await played.owner.client.get(path)).status, path).toBe(200);
      const foreign = await stranger.client.get(path);
      expect(foreign.status, path).toBe(404);
      const missing = await stranger.client.get(path.replace(quiz.id, randomUUID()).replace(ann.playId, randomUUID()));
      expect(foreign.body).toEqual(missing.body);
      expect((await server.client().get(path)).status, path).toBe(401);
    }
    expect((await download(stranger.client, `/api/v1/quizzes/${quiz.id}/respondents/export`)).status).toBe(404);
  });

  it('400 names the id on every quiz route when it is not a uuid', async () => {
    for (const path of ['report', 'respondents', 'respondents/export']) {
      const response = await played.owner.client.get(`/api/v1/quizzes/not-a-uuid/${path}`);
      expect(response.status, path).toBe(400);
      expect(response.body.error).toMatchObject({ code: 'validation', field: 'id' });
    }
  });
});
