import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { playStatDeltas, quizDailyStats, quizQuestionStats, quizzes } from '../db/schema/index.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import type { Db } from '../db/client.ts';
import { PlayStatsRollup, rollUpPlayStats } from './playStats.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** What a play step writes for its counters (as the play routes do): delta rows, in the caller's transaction. */
type Delta = Omit<typeof playStatDeltas.$inferInsert, 'id'>;
const countPlay = (tx: Db, props: { quizId: string; accountId: string; add: Partial<Delta> }) =>
  tx.insert(playStatDeltas).values({ quizId: props.quizId, accountId: props.accountId, ...props.add });
const countQuestions = (
  tx: Db,
  props: { quizId: string; accountId: string; questions: { questionId: string; reached: number; answered: number }[] },
) =>
  tx.insert(playStatDeltas).values(props.questions.map((row) => ({ quizId: props.quizId, accountId: props.accountId, ...row })));

async function countersOf(quizId: string) {
  const [daily] = await db().select().from(quizDailyStats).where(eq(quizDailyStats.quizId, quizId));
  const [quiz] = await db().select({ played: quizzes.completedPlays }).from(quizzes).where(eq(quizzes.id, quizId));
  const questions = await db().select().from(quizQuestionStats).where(eq(quizQuestionStats.quizId, quizId));
  return {
    daily,
    played: quiz?.played,
    questions: Object.fromEntries(questions.map((row) => [row.questionId, [row.reached, row.answered]])),
  };
}

describe('play counters', () => {
  it('commit with the step that counts them, are folded into the roll-ups, and never twice', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 2 });
    const [q1, q2] = quiz.questions.map((question: { id: string }) => question.id);
    const rollup = new PlayStatsRollup(db(), { intervalMs: 60_000 });
    await db().transaction(async (tx) => {
      await countPlay(tx, { quizId: quiz.id, accountId: account.id, add: { starts: 1 } });
      await countPlay(tx, { quizId: quiz.id, accountId: account.id, add: { completions: 1, scored: 1, percentageSum: 50 } });
      await countQuestions(tx, {
        quizId: quiz.id,
        accountId: account.id,
        questions: [
          { questionId: q1, reached: 1, answered: 1 },
          { questionId: q2, reached: 1, answered: 0 },
        ],
      });
    });
    // A step that fails counts nothing: its deltas roll back with it.
    await expect(
      db().transaction(async (tx) => {
        await countPlay(tx, { quizId: quiz.id, accountId: account.id, add: { completions: 1, leads: 1 } });
        throw new Error('the step failed');
      }),
    ).rejects.toThrow('the step failed');
    rollup.countView(quiz.id, account.id);
    rollup.countView(quiz.id, account.id);
    await rollup.flush();
    await countPlay(db(), {
      quizId: quiz.id,
      accountId: account.id,
      add: { completions: 1, leads: 1, scored: 1, percentageSum: 33.5 },
    });
    await rollup.stop();
    expect(await rollUpPlayStats(db())).toBe(0);

    expect(await countersOf(quiz.id)).toEqual({
      daily: expect.objectContaining({ views: 2, starts: 1, completions: 2, leads: 1, scored: 2, percentageSum: 83.5 }),
      played: 2,
      questions: { [q1]: [1, 1], [q2]: [1, 0] },
    });
    expect(await db().select().from(playStatDeltas).where(eq(playStatDeltas.quizId, quiz.id))).toEqual([]);
  });

  it('left behind by a process that died are folded by the next one', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1 });
    // Committed deltas and no roll-up: what a kill -9 between the two leaves.
    for (let index = 0; index < 7; index++) {
      await countPlay(db(), { quizId: quiz.id, accountId: account.id, add: { starts: 1, completions: index % 2 } });
    }
    const next = new PlayStatsRollup(db(), { intervalMs: 60_000 });
    await next.stop();
    expect((await countersOf(quiz.id)).daily).toMatchObject({ starts: 7, completions: 3 });
  });

  it('are folded once when several processes roll up at the same time', async () => {
    const { client, account } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { questions: 1 });
    const question = quiz.questions[0].id as string;
    await Promise.all(
      Array.from({ length: 40 }, () =>
        db().transaction(async (tx) => {
          await countPlay(tx, { quizId: quiz.id, accountId: account.id, add: { starts: 1, completions: 1 } });
          await countQuestions(tx, {
            quizId: quiz.id,
            accountId: account.id,
            questions: [{ questionId: question, reached: 1, answered: 1 }],
          });
        }),
      ),
    );
    const processes = [1, 2, 3].map(() => new PlayStatsRollup(db(), { intervalMs: 60_000 }));
    await Promise.all(processes.map((process) => rollUpPlayStats(db(), 7).then(() => process.stop())));
    expect(await countersOf(quiz.id)).toMatchObject({
      daily: expect.objectContaining({ starts: 40, completions: 40 }),
      played: 40,
      questions: { [question]: [40, 40] },
    });
  });

  it('go with a deleted quiz, and its pending views are dropped without failing the others', async () => {
    const { client, account } = await createOwner(server);
    const kept = await createGradedQuiz(client, { questions: 1 });
    const gone = await createGradedQuiz(client, { questions: 1 });
    const rollup = new PlayStatsRollup(db(), { intervalMs: 60_000 });
    for (const quiz of [gone, kept]) {
      rollup.countView(quiz.id, account.id);
      await countQuestions(db(), {
        quizId: quiz.id,
        accountId: account.id,
        questions: [{ questionId: quiz.questions[0].id, reached: 1, answered: 0 }],
      });
    }
    await countQuestions(db(), {
      quizId: kept.id,
      accountId: account.id,
      questions: [{ questionId: randomUUID(), reached: 1, answered: 0 }],
    });
    expect((await client.delete(`/api/v1/quizzes/${gone.id}`)).status).toBe(200);
    await rollup.stop();
    expect((await countersOf(kept.id)).daily).toMatchObject({ views: 1 });
    expect(Object.keys((await countersOf(kept.id)).questions)).toHaveLength(2);
    expect(await db().select().from(playStatDeltas).where(eq(playStatDeltas.quizId, gone.id))).toEqual([]);
  });
});
