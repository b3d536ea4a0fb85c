/** The products a finished play recommends: in the play's outcome, from the quiz's own account, available only. */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZPlayOutcome } from '@quizlead/shared/schemas/play.ts';
import { cartProperties } from '@quizlead/shared/schemas/products.ts';
import { events, products, quizzes } from '../../db/schema/index.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz, newPlayKey, personalityQuestion, twoPersonalities } from '../../test/quizFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

async function insertProduct(accountId: string, fields: Partial<typeof products.$inferInsert> = {}) {
  const [row] = await server.services.database.db
    .insert(products)
    .values({
      accountId,
      source: 'shopify',
      externalId: `gid://shopify/Product/${Math.floor(Math.random() * 1e9)}`,
      variantId: '4242',
      title: 'Green tea',
      url: 'https://tea.example/products/green',
      imageUrl: 'https://cdn.example/green.png',
      price: '9.50',
      currency: 'EUR',
      ...fields,
    })
    .returning();
  return row!;
}

/** A published personality quiz (answer a1 → p1 Calm, a2 → p2 Bold) with these recommendations. */
async function publishedQuiz(client: TestClient, productRecommendations: unknown, settings: Record<string, unknown> = {}) {
  const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
  await client.put(`/api/v1/quizzes/${created.id}`, {
    ...created,
    settings: { ...created.settings, welcomeMessage: '<p>Hi</p>', ...settings },
    personalities: twoPersonalities,
  });
  const question = personalityQuestion();
  await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
  const quiz = (await client.get(`/api/v1/quizzes/${created.id}`)).body.data;
  const saved = await client.put(`/api/v1/quizzes/${created.id}`, { ...quiz, productRecommendations });
  if (saved.status !== 200) throw new Error(JSON.stringify(saved.body));
  expect((await client.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' })).status).toBe(200);
  return { quiz, question };
}

async function play(quizId: string) {
  const visitor = server.client();
  const playId = crypto.randomUUID();
  const started = await visitor.post(`/api/v1/public/quizzes/${quizId}/plays`, { playId, playKey: newPlayKey() });
  expect(started.status).toBe(201);
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  return {
    answers: (answers: unknown) => visitor.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth),
    lead: (lead: unknown) => visitor.request('POST', `/api/v1/public/plays/${playId}/lead`, lead, auth),
  };
}

const shown = (row: typeof products.$inferSelect) => ({
  id: row.id,
  variantId: row.variantId,
  title: row.title,
  url: row.url,
  imageUrl: row.imageUrl,
  price: row.price,
  currency: row.currency,
});

describe('a completed play’s products', () => {
  it('are the outcome’s available products in the owner’s order, with the cart’s line-item properties', async () => {
    const { client, account } = await createOwner(server);
    const [green, black, gone, mug] = [
      await insertProduct(account.id),
      await insertProduct(account.id, { title: 'Black tea', variantId: null, imageUrl: null }),
      await insertProduct(account.id, { title: 'Sold out', available: false }),
      await insertProduct(account.id, { title: 'Mug' }),
    ];
    const { quiz, question } = await publishedQuiz(
      client,
      {
        mode: 'outcomes',
        outcomes: [
          { outcome: 'p1', productIds: [mug.id] },
          { outcome: 'p2', productIds: [black.id, gone.id, green.id, mug.id] },
        ],
        count: 2,
      },
      { collectEmail: false },
    );
    const steps = await play(quiz.id);
    const completed = await steps.answers({ [question.id]: ['a2'] });
    expect(completed.status).toBe(200);
    expect(ZPlayOutcome.parse(completed.body.data)).toBeTruthy();
    expect(completed.body.data).toMatchObject({
      status: 'completed',
      summary: 'Bold',
      products: [shown(black), shown(green)],
      cartProperties: { [cartProperties.quizId]: quiz.id, [cartProperties.outcome]: 'p2' },
    });
    // Nothing beyond what a result card needs leaves the server.
    expect(Object.keys(completed.body.data.products[0]).sort()).toEqual(
      ['currency', 'id', 'imageUrl', 'price', 'title', 'url', 'variantId'].sort(),
    );
    // A retry answers the same.
    expect((await steps.answers({ [question.id]: ['a2'] })).body.data.products).toEqual([shown(black), shown(green)]);
  });

  it('arrive with the lead when the quiz asks for one first', async () => {
    const { client, account } = await createOwner(server);
    const calm = await insertProduct(account.id, { title: 'Chamomile' });
    const { quiz, question } = await publishedQuiz(client, {
      mode: 'outcomes',
      outcomes: [{ outcome: 'p1', productIds: [calm.id] }],
    });
    const steps = await play(quiz.id);
    const gated = await steps.answers({ [question.id]: ['a1'] });
    expect(gated.body.data).toEqual({ status: 'lead_required', leadForm: { type: 'standard', code: '' } });
    const completed = await steps.lead({ name: 'Ann', email: 'ann@example.com' });
    expect(completed.body.data.products).toEqual([shown(calm)]);
    expect(completed.body.data.cartProperties[cartProperties.outcome]).toBe('p1');
    // The lead carries the products' titles to the CRMs, webhooks and notification emails.
    const [captured] = await server.services.database.db
      .select()
      .from(events)
      .where(and(eq(events.accountId, account.id), eq(events.type, 'lead.captured')));
    expect(captured!.payload).toMatchObject({
      visitor: { email: 'ann@example.com' },
      result: { personality: 'Calm', products: 'Chamomile' },
    });
  });

  it('follow the rules: points per answer for products and tags, excluded and negative ones left out', async () => {
    const { client, account } = await createOwner(server);
    const other = await createOwner(server);
    const [green, black, gift, oolong] = [
      await insertProduct(account.id, { title: 'Green tea', tags: ['Tea'] }),
      await insertProduct(account.id, { title: 'Black tea', tags: ['tea', 'strong'] }),
      await insertProduct(account.id, { title: 'Gift card', tags: ['tea', 'gift'] }),
      await insertProduct(account.id, { title: 'Oolong', tags: ['tea'] }),
    ];
    // Another account's product with the same tag is never a candidate.
    await insertProduct(other.account.id, { title: 'Their tea', tags: ['tea'] });
    const created = (await client.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea' })).body.data;
    const question = personalityQuestion();
    await client.put(`/api/v1/quizzes/${created.id}`, {
      ...created,
      settings: { ...created.settings, welcomeMessage: '<p>Hi</p>', collectEmail: false },
      personalities: twoPersonalities,
    });
    await client.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
    const quiz = (await client.get(`/api/v1/quizzes/${created.id}`)).body.data;
    const rule = (answerId: string, target: object, points: number) => ({ questionId: question.id, answerId, ...target, points });
    const saved = await client.put(`/api/v1/quizzes/${quiz.id}`, {
      ...quiz,
      productRecommendations: {
        mode: 'rules',
        rules: [
          rule('a2', { tag: 'TEA' }, 2),
          rule('a2', { tag: 'strong' }, 5),
          rule('a2', { productId: oolong.id }, -10),
          rule('a1', { productId: green.id }, 50),
        ],
        exclude: { productIds: [], tags: ['gift'] },
        count: 3,
      },
    });
    expect(saved.status).toBe(200);
    expect((await client.put(`/api/v1/quizzes/${quiz.id}/status`, { status: 'published' })).status).toBe(200);

    const completed = await (await play(quiz.id)).answers({ [question.id]: ['a2'] });
    // Black 7, Green 2; the gift card is excluded, oolong is negative, the other account's tea is not ours.
    expect(completed.body.data.products.map((product: { id: string }) => product.id)).toEqual([black.id, green.id]);
    expect(completed.body.data.products.map((product: { id: string }) => product.id)).not.toContain(gift.id);
  });

  it('are none when the quiz recommends nothing, and never another account’s even if stored', async () => {
    const { client } = await createOwner(server);
    const other = await createOwner(server);
    const theirs = await insertProduct(other.account.id);
    const graded = await createGradedQuiz(client, { questions: 1, publish: true });
    await client.put(`/api/v1/quizzes/${graded.id}`, { ...graded, settings: { ...graded.settings, collectEmail: false } });
    const first = await (await play(graded.id)).answers({ [graded.questions[0].id]: ['a1'] });
    expect(first.body.data).toMatchObject({ status: 'completed', products: [] });
    expect(first.body.data.cartProperties).toEqual({
      [cartProperties.quizId]: graded.id,
      [cartProperties.outcome]: 'score-81-100',
    });

    // A row written around the save's check (an import, a bug) still shows only the quiz's account's products.
    await server.services.database.db
      .update(quizzes)
      .set({
        productRecommendations: { mode: 'outcomes', outcomes: [{ outcome: 'score-81-100', productIds: [theirs.id] }], count: 3 },
      })
      .where(eq(quizzes.id, graded.id));
    await server.services.quizCache.drop({ quizId: graded.id });
    const second = await (await play(graded.id)).answers({ [graded.questions[0].id]: ['a1'] });
    expect(second.body.data.products).toEqual([]);
  });
});
