/** A quiz's product recommendations, saved with the quiz (PUT /api/v1/quizzes/{id}): what is refused and what is kept. */
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recommendationMessages } from '@quizlead/shared/schemas/recommendations.ts';
import { products } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { personalityQuestion, twoPersonalities } from '../../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** A product row of `accountId`, as the sync or the owner would have made it. */
async function insertProduct(accountId: string, fields: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await server.services.database.db
    .insert(products)
    .values({ accountId, source: 'manual', title: 'Green tea', price: '9.50', currency: 'EUR', ...fields })
    .returning();
  return row!;
}

/** A personality quiz with p1/p2 and one question whose answers a1/a2 point at them. */
async function personalityQuiz(client: TestClient) {
  const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
  await client.put(`/api/v1/quizzes/${created.id}`, { ...created, personalities: twoPersonalities });
  const question = personalityQuestion();
  await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
  return { quiz: (await client.get(`/api/v1/quizzes/${created.id}`)).body.data, question };
}

const error = (response: { body: { error?: { message: string; field?: string } } }) => response.body.error;

describe('PUT /api/v1/quizzes/{id} with productRecommendations', () => {
  it('starts off, saves products per outcome and keeps them when a save leaves the field out', async () => {
    const { client, account } = await createOwner(server);
    const { quiz } = await personalityQuiz(client);
    expect(quiz.productRecommendations).toEqual({ mode: 'off' });
    const [tea, mug] = [await insertProduct(account.id), await insertProduct(account.id, { title: 'Mug' })];
    const recommendations = {
      mode: 'outcomes',
      outcomes: [
        { outcome: 'p1', productIds: [tea.id, mug.id] },
        { outcome: 'p2', productIds: [mug.id] },
      ],
      count: 2,
    };
    const saved = await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, productRecommendations: recommendations });
    expect(saved.status).toBe(200);
    // Stored with the default of what was left out: no collections.
    const stored = { ...recommendations, outcomes: recommendations.outcomes.map((entry) => ({ ...entry, collectionIds: [] })) };
    expect(saved.body.data.productRecommendations).toEqual(stored);

    const { productRecommendations: _left, ...withoutField } = saved.body.data;
    const again = await client.put(`/api/v1/quizzes/${quiz.id}`, { ...withoutField, title: 'Tea time' });
    expect(again.status).toBe(200);
    expect(again.body.data.productRecommendations).toEqual(stored);
    expect((await client.get(`/api/v1/quizzes/${quiz.id}`)).body.data.productRecommendations).toEqual(stored);
  });

  it('400 naming the field for another account’s product or an unknown one; nothing is stored', async () => {
    const { client, account } = await createOwner(server);
    const other = await createOwner(server);
    const { quiz } = await personalityQuiz(client);
    const own = await insertProduct(account.id);
    const foreign = await insertProduct(other.account.id, { title: 'Their tea' });

    for (const id of [foreign.id, randomUUID()]) {
      const refused = await client.put(`/api/v1/quizzes/${quiz.id}`, {
        ...quiz,
        productRecommendations: { mode: 'outcomes', outcomes: [{ outcome: 'p2', productIds: [own.id, id] }] },
      });
      expect(refused.status).toBe(400);
      expect(error(refused)).toMatchObject({
        message: recommendationMessages.notOwnProduct,
        field: 'productRecommendations.outcomes.0.productIds.1',
      });
    }
    const ruled = await client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quiz,
      productRecommendations: {
        mode: 'rules',
        rules: [],
        exclude: { productIds: [foreign.id], tags: [] },
      },
    });
    expect(error(ruled)).toMatchObject({ field: 'productRecommendations.exclude.productIds.0' });
    expect((await client.get(`/api/v1/quizzes/${quiz.id}`)).body.data.productRecommendations).toEqual({ mode: 'off' });
  });

  it('400 naming the field for outcomes, questions and answers the quiz does not have, and for bad rules', async () => {
    const { client, account } = await createOwner(server);
    const { quiz, question } = await personalityQuiz(client);
    const tea = await insertProduct(account.id);
    const put = (productRecommendations: unknown) =>
      client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, productRecommendations });
    const rule = { questionId: question.id, answerId: 'a1', productId: tea.id, points: 10 };

    expect(error(await put({ mode: 'outcomes', outcomes: [{ outcome: 'score-0-20', productIds: [] }] }))).toEqual({
      code: 'validation',
      message: recommendationMessages.unknownOutcome,
      field: 'productRecommendations.outcomes.0.outcome',
    });
    expect(error(await put({ mode: 'rules', rules: [rule, { ...rule, questionId: randomUUID() }] }))).toMatchObject({
      message: recommendationMessages.unknownQuestion,
      field: 'productRecommendations.rules.1.questionId',
    });
    expect(error(await put({ mode: 'rules', rules: [{ ...rule, answerId: 'a9' }] }))).toMatchObject({
      message: recommendationMessages.unknownAnswer,
      field: 'productRecommendations.rules.0.answerId',
    });
    const { productId: _product, ...neither } = rule;
    expect(error(await put({ mode: 'rules', rules: [neither] }))).toMatchObject({
      message: recommendationMessages.productOrTag,
      field: 'productRecommendations.rules.0.productId',
    });
    expect(error(await put({ mode: 'rules', rules: [{ ...neither, productId: tea.id, tag: 'tea' }] }))).toMatchObject({
      field: 'productRecommendations.rules.0.productId',
    });
    expect(error(await put({ mode: 'rules', rules: [{ ...rule, points: 101 }] }))).toMatchObject({
      message: recommendationMessages.points,
      field: 'productRecommendations.rules.0.points',
    });
    expect(error(await put({ mode: 'rules', rules: [], count: 13 }))).toMatchObject({ field: 'productRecommendations.count' });
    expect(error(await put({ mode: 'outcomes', outcomes: [{ outcome: 'p1', productIds: [tea.id, tea.id] }] }))).toMatchObject({
      message: recommendationMessages.duplicateProduct,
      field: 'productRecommendations.outcomes.0.productIds.1',
    });
    expect(error(await put({ mode: 'sometimes' }))).toMatchObject({ field: 'productRecommendations.mode' });

    const saved = await put({ mode: 'rules', rules: [rule, { ...neither, tag: 'Green', points: -5 }], count: 4 });
    expect(saved.status).toBe(200);
    expect(saved.body.data.productRecommendations).toEqual({
      mode: 'rules',
      rules: [rule, { ...neither, tag: 'Green', points: -5 }],
      exclude: { productIds: [], tags: [] },
      count: 4,
    });
  });

  it('drops rules and outcomes whose question or personality goes; a deleted product never blocks a save', async () => {
    const { client, account } = await createOwner(server);
    const { quiz, question } = await personalityQuiz(client);
    const tea = await insertProduct(account.id);
    const rules = {
      mode: 'rules',
      rules: [{ questionId: question.id, answerId: 'a2', productId: tea.id, points: 3 }],
      exclude: { productIds: [], tags: [] },
      count: 3,
    };
    expect((await client.put(`/api/v1/quizzes/${quiz.id}`, { ...quiz, productRecommendations: rules })).status).toBe(200);
    const replaced = await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [personalityQuestion()] });
    expect(replaced.body.data.productRecommendations).toEqual({ ...rules, rules: [] });

    const outcomes = { mode: 'outcomes', outcomes: [{ outcome: 'p2', productIds: [tea.id] }], count: 3 };
    const current = replaced.body.data;
    expect((await client.put(`/api/v1/quizzes/${quiz.id}`, { ...current, productRecommendations: outcomes })).status).toBe(200);
    await server.services.database.db.delete(products).where(eq(products.id, tea.id));
    const renamed = await client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...current,
      title: 'Renamed',
      productRecommendations: outcomes,
    });
    expect(renamed.status).toBe(200);
    // Switching to a graded quiz leaves no personality outcome behind.
    const graded = await client.put(`/api/v1/quizzes/${quiz.id}`, { ...renamed.body.data, quizType: 'graded_quiz' });
    expect(graded.body.data.productRecommendations).toEqual({ ...outcomes, outcomes: [] });
  });

  it('another account gets 404 and its save changes nothing', async () => {
    const owner = await createOwner(server);
    const intruder = await createOwner(server);
    const { quiz } = await personalityQuiz(owner.client);
    const theirs = await insertProduct(intruder.account.id);
    const attempt = await intruder.client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quiz,
      productRecommendations: { mode: 'outcomes', outcomes: [{ outcome: 'p1', productIds: [theirs.id] }] },
    });
    expect(attempt.status).toBe(404);
    expect((await owner.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data.productRecommendations).toEqual({ mode: 'off' });
  });
});
