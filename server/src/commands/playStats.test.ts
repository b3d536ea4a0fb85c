import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quizDailyStats, quizQuestionStats, quizzes } from '../db/schema/index.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { StatsBuffer } from './playStats.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('StatsBuffer', () => {
  it('sums counts in memory and adds them to the roll-ups at each flush', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 2 });
    const [q1, q2] = quiz.questions.map((question: { id: string }) => question.id);
    const { db } = server.services.database;
    const buffer = new StatsBuffer(db, 60_000);
    buffer.count(quiz.id, account.id, { starts: 1 });
    buffer.count(quiz.id, account.id, { completions: 1, scored: 1, percentageSum: 50 });
    buffer.count(quiz.id, account.id, { completions: 1, leads: 1, scored: 1, percentageSum: 33 });
    buffer.countQuestion(quiz.id, q1, { reached: 1 });
    buffer.countQuestion(quiz.id, q1, { answered: 1 });
    buffer.countQuestion(quiz.id, q2, { reached: 1 });
    await buffer.flush();
    buffer.countQuestion(quiz.id, q1, { reached: 1, answered: 1 });
    buffer.count(quiz.id, account.id, { scored: 1, percentageSum: 0.5, completions: 1 });
    await buffer.stop();

    const [daily] = await db.select().from(quizDailyStats).where(eq(quizDailyStats.quizId, quiz.id));
    expect(daily).toMatchObject({ views: 0, starts: 1, completions: 3, leads: 1, scored: 3, percentageSum: 83.5 });
    const [row] = await db.select({ played: quizzes.completedPlays }).from(quizzes).where(eq(quizzes.id, quiz.id));
    expect(row!.played).toBe(3);
    const questions = await db.select().from(quizQuestionStats).where(eq(quizQuestionStats.quizId, quiz.id));
    expect(Object.fromEntries(questions.map((question) => [question.questionId, [question.reached, question.answered]]))).toEqual(
      {
        [q1]: [2, 2],
        [q2]: [1, 0],
      },
    );
  });

  it('drops the counts of a quiz deleted before the flush and keeps everyone else’s', async () => {
    const { client, account } = await createOwner(server);
    const kept = await createGradedQuiz(client, { questions: 1 });
    const gone = await createGradedQuiz(client, { questions: 1 });
    const { db } = server.services.database;
    const buffer = new StatsBuffer(db, 60_000);
    for (const quiz of [gone, kept]) {
      buffer.count(quiz.id, account.id, { views: 2 });
      buffer.countQuestion(quiz.id, quiz.questions[0].id, { reached: 1 });
    }
    buffer.countQuestion(kept.id, randomUUID(), { reached: 1 });
    expect((await client.delete(`/api/v1/quizzes/${gone.id}`)).status).toBe(200);
    await buffer.stop();
    const [daily] = await db.select().from(quizDailyStats).where(eq(quizDailyStats.quizId, kept.id));
    expect(daily).toMatchObject({ views: 2 });
    expect(await db.select().from(quizQuestionStats).where(eq(quizQuestionStats.quizId, kept.id))).toHaveLength(2);
  });
});
