import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playMessages } from '@quizlead/shared/schemas/play.ts';
import { plays, quizDailyStats, quizQuestionStats } from '../../db/schema/index.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz, newPlayKey } from '../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ LOG_LEVEL: 'error' });
});
afterAll(() => server.stop());

async function start(quizId: string, options: { client?: TestClient; preview?: boolean } = {}) {
  const client = options.client ?? server.client();
  const playId = crypto.randomUUID();
  const started = await client.post(`/api/v1/public/quizzes/${quizId}/plays`, {
    playId,
    playKey: newPlayKey(),
    preview: options.preview ?? false,
  });
  expect(started.status).toBe(201);
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  return {
    playId,
    progress: (questionId: unknown) => client.request('POST', `/api/v1/public/plays/${playId}/progress`, { questionId }, auth),
    answers: (answers: unknown) => client.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth),
  };
}

const reachedOf = async (quizId: string, playId: string) =>
  (
    await server.services.database.db
      .select({ reached: plays.reached })
      .from(plays)
      .where(and(eq(plays.quizId, quizId), eq(plays.id, playId)))
  )[0]?.reached;

async function dropOff(quizId: string) {
  await server.services.stats.flush();
  const rows = await server.services.database.db.select().from(quizQuestionStats).where(eq(quizQuestionStats.quizId, quizId));
  return Object.fromEntries(rows.map((row) => [row.questionId, [row.reached, row.answered]]));
}

describe('POST /api/v1/public/plays/{playId}/progress', () => {
  it('records each question once per play, counts the one before as answered, and ignores retries', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 3, publish: true });
    const [q1, q2, q3] = quiz.questions.map((question: { id: string }) => question.id);
    const play = await start(quiz.id);

    const first = await play.progress(q1);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ data: { ok: true } });
    expect(first.headers.get('access-control-allow-origin')).toBe('*');
    expect((await play.progress(q1)).status).toBe(200);
    expect(await dropOff(quiz.id)).toEqual({ [q1]: [1, 0] });

    await play.progress(q2);
    await play.progress(q2);
    // Back to the first question, then forward again: nothing new.
    await play.progress(q1);
    await play.progress(q2);
    expect(await reachedOf(quiz.id, play.playId)).toEqual([q1, q2]);
    expect(await dropOff(quiz.id)).toEqual({ [q1]: [1, 1], [q2]: [1, 0] });

    await play.progress(q3);
    expect(await dropOff(quiz.id)).toEqual({ [q1]: [1, 1], [q2]: [1, 1], [q3]: [1, 0] });

    // The answers count only what the progress events did not: the last question shown.
    expect((await play.answers({ [q1]: ['a1'], [q2]: ['a1'], [q3]: ['a2'] })).status).toBe(200);
    expect(await dropOff(quiz.id)).toEqual({ [q1]: [1, 1], [q2]: [1, 1], [q3]: [1, 1] });

    // After the answers the play no longer moves.
    expect((await play.progress(q1)).status).toBe(200);
    expect(await dropOff(quiz.id)).toEqual({ [q1]: [1, 1], [q2]: [1, 1], [q3]: [1, 1] });
  });

  it('the answers step counts questions no progress event announced (an older player)', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 3, publish: true });
    const [q1, q2, q3] = quiz.questions.map((question: { id: string }) => question.id);
    const silent = await start(quiz.id);
    await silent.answers({ [q1]: ['a1'], [q2]: ['a2'], [q3]: ['a1'] });
    const partly = await start(quiz.id);
    await partly.progress(q1);
    await partly.answers({ [q1]: ['a1'], [q2]: ['a2'], [q3]: ['a1'] });
    expect(await dropOff(quiz.id)).toEqual({ [q1]: [2, 2], [q2]: [2, 2], [q3]: [2, 2] });
  });

  it('the scoring plays add to the average score; preview plays move but count nothing', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 2, publish: true });
    await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, settings: { ...quiz.settings, collectEmail: false } });
    const [q1, q2] = quiz.questions.map((question: { id: string }) => question.id);

    const preview = await start(quiz.id, { client, preview: true });
    await preview.progress(q1);
    await preview.progress(q2);
    expect(await reachedOf(quiz.id, preview.playId)).toEqual([q1, q2]);
    await preview.answers({ [q1]: ['a1'], [q2]: ['a1'] });
    expect(await dropOff(quiz.id)).toEqual({});

    await (await start(quiz.id)).answers({ [q1]: ['a1'], [q2]: ['a2'] });
    await (await start(quiz.id)).answers({ [q1]: ['a1'], [q2]: ['a1'] });
    await server.services.stats.flush();
    const [stats] = await server.services.database.db.select().from(quizDailyStats).where(eq(quizDailyStats.quizId, quiz.id));
    expect(stats).toMatchObject({ starts: 2, completions: 2, scored: 2, percentageSum: 150 });
  });

  it('400 names questionId for another quiz’s question or a malformed one; 401 without the play token', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const other = await createGradedQuiz(client, { questions: 1, publish: true });
    const play = await start(quiz.id);

    const foreign = await play.progress(other.questions[0].id);
    expect(foreign.status).toBe(400);
    expect(foreign.body.error).toEqual({ code: 'validation', message: playMessages.unknownQuestion, field: 'questionId' });
    for (const questionId of ['not-a-uuid', undefined, 42]) {
      const response = await play.progress(questionId);
      expect(response.status).toBe(400);
      expect(response.body.error.field).toBe('questionId');
    }
    expect(await reachedOf(quiz.id, play.playId)).toEqual([]);

    const anonymous = await server
      .client()
      .post(`/api/v1/public/plays/${play.playId}/progress`, { questionId: quiz.questions[0].id });
    expect(anonymous.status).toBe(401);
    expect(anonymous.body.error.message).toBe(playMessages.playTokenInvalid);
  });

  it('stops recording past 200 questions', async () => {
    const { client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1, publish: true });
    const play = await start(quiz.id);
    await server.services.database.db
      .update(plays)
      .set({ reached: sql`array(select gen_random_uuid()::text from generate_series(1, 200))` })
      .where(eq(plays.id, play.playId));
    expect((await play.progress(quiz.questions[0].id)).status).toBe(200);
    expect(await reachedOf(quiz.id, play.playId)).toHaveLength(200);
    expect(await dropOff(quiz.id)).toEqual({});
  });

  it('answers CORS preflights for embeds', async () => {
    const response = await fetch(`${server.url}/api/v1/public/plays/x/progress`, {
      method: 'OPTIONS',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'POST' },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')).toContain('Authorization');
  });
});
