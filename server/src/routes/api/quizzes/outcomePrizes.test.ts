import { and, eq, isNotNull } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizeMessages, type TPrizeSettingsInput } from '@quizlead/shared/schemas/prizes.ts';
import { events, prizeCodes, prizeDiscounts } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer, type TestClient } from '../../../test/getTestServer.ts';
import { newPlayKey } from '../../../test/quizFactory.ts';
import { installedShop, jobsSettled } from '../../../test/shopifyWebhooks.ts';
import { personalityQuiz } from '../../../test/revenueFixture.ts';

/**
 * Unique Shopify codes as a quiz outcome's prize: set per outcome in the builder (a Shopify shop, the
 * email asked for), the pool made ahead through the fake Shopify (every call checked against the Admin
 * schema), one code per email per quiz, shown on the result and carried by the lead to destinations.
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer({ TRUST_PROXY: '1' });
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

const prize = (overrides: Partial<TPrizeSettingsInput> = {}): TPrizeSettingsInput => ({
  kind: 'unique',
  valueType: 'percentage',
  value: 20,
  expiresInDays: 14,
  combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: false },
  ...overrides,
});

/** The personality quiz (a1 → Calm p1, a2 → Bold p2) with the email asked for and Calm giving codes. */
async function prizeQuiz(owner: TestClient, accountId: string) {
  const quiz = await personalityQuiz(owner);
  const current = (await owner.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
  const saved = await owner.put(`/api/v1/quizzes/${quiz.id}`, {
    ...current,
    settings: { ...current.settings, collectEmail: true },
    outcomePrizes: { p1: prize() },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  expect(saved.body.data.outcomePrizes).toEqual({ p1: { ...prize(), appliesOncePerCustomer: true } });
  await jobsSettled(server, 'prizes.fill-pool', accountId);
  return quiz;
}

let address = 0;
/** A visitor's play to the lead, from an address of its own. */
async function playWithLead(quizId: string, questionId: string, answer: string, email: string) {
  address++;
  const headers = { 'x-forwarded-for': `203.0.${(address >> 8) & 255}.${address & 255}` };
  const client = server.client();
  const playId = randomUUID();
  const started = await client.request(
    'POST',
    `/api/v1/public/quizzes/${quizId}/plays`,
    { playId, playKey: newPlayKey() },
    headers,
  );
  const auth = { ...headers, authorization: `Bearer ${started.body.data.playToken}` };
  const answered = await client.request(
    'POST',
    `/api/v1/public/plays/${playId}/answers`,
    { answers: { [questionId]: [answer] } },
    auth,
  );
  expect(answered.body.data.status).toBe('lead_required');
  const lead = () => client.request('POST', `/api/v1/public/plays/${playId}/lead`, { name: 'Vi', email }, auth);
  const first = await lead();
  expect(first.status).toBe(200);
  return { playId, outcome: first.body.data, again: lead };
}

describe('a quiz outcome’s unique codes', () => {
  it('gives each email its own code once, on the result and in the lead, and nothing for an outcome without a prize', async () => {
    const { owner, accountId } = await installedShop(server);
    const quiz = await prizeQuiz(owner, accountId);
    const [row] = await db().select().from(prizeDiscounts).where(eq(prizeDiscounts.itemId, quiz.id));
    expect(row).toMatchObject({ itemKind: 'quiz', slot: 'p1', status: 'ready' });
    expect(row!.shopifyDiscountId).toMatch(/^gid:\/\/shopify\/DiscountCodeNode\//);

    // Concurrent plays: every email its own code, never the same code twice.
    const emails = Array.from({ length: 12 }, (_, index) => `player${index}@example.com`);
    const plays = await Promise.all(emails.map((email) => playWithLead(quiz.id, quiz.questionId, 'a1', email)));
    const codes = plays.map((play) => play.outcome.prize?.code as string);
    expect(codes.every((code) => typeof code === 'string' && code.length > 0)).toBe(true);
    expect(new Set(codes).size).toBe(emails.length);
    expect(plays[0]!.outcome).toMatchObject({ status: 'completed', summary: 'Calm', prize: { code: codes[0] } });
    expect(new Date(plays[0]!.outcome.prize.expiresAt).getTime()).toBeGreaterThan(Date.now() + 13 * 24 * 3600 * 1000);

    // A retried lead and a second play of the same email (any case) get the same code.
    expect((await plays[0]!.again()).body.data.prize.code).toBe(codes[0]);
    const replay = await playWithLead(quiz.id, quiz.questionId, 'a1', emails[0]!.toUpperCase());
    expect(replay.outcome.prize.code).toBe(codes[0]);
    const given = await db()
      .select()
      .from(prizeCodes)
      .where(and(eq(prizeCodes.itemId, quiz.id), isNotNull(prizeCodes.email)));
    expect(given).toHaveLength(emails.length);

    // The lead carries its code to the destinations.
    const leads = await db().select().from(events).where(eq(events.type, 'lead.captured'));
    const ofFirst = leads.find((event) => (event.payload as { captureId?: string }).captureId === plays[0]!.playId);
    expect((ofFirst!.payload as { result: { prize?: string } }).result.prize).toBe(codes[0]);

    // Bold gives no code.
    const bold = await playWithLead(quiz.id, quiz.questionId, 'a2', 'bold@example.com');
    expect(bold.outcome).toMatchObject({ summary: 'Bold', prize: null });
  });

  it('needs a Shopify shop and the email asked for, naming the field, and answers 404 to another account', async () => {
    const standalone = await createOwner(server);
    const quiz = await personalityQuiz(standalone.client);
    const current = (await standalone.client.get(`/api/v1/quizzes/${quiz.id}`)).body.data;
    const withEmail = { ...current, settings: { ...current.settings, collectEmail: true } };
    expect(
      (await standalone.client.put(`/api/v1/quizzes/${quiz.id}`, { ...withEmail, outcomePrizes: { p1: prize() } })).body.error,
    ).toEqual({
      code: 'validation',
      message: prizeMessages.shopifyOnly,
      field: 'outcomePrizes.p1',
    });

    const { owner, accountId } = await installedShop(server);
    const shopQuiz = await personalityQuiz(owner);
    const shopCurrent = (await owner.get(`/api/v1/quizzes/${shopQuiz.id}`)).body.data;
    expect(
      (await owner.put(`/api/v1/quizzes/${shopQuiz.id}`, { ...shopCurrent, outcomePrizes: { p1: prize() } })).body.error,
    ).toMatchObject({
      message: prizeMessages.collectEmail,
      field: 'settings.collectEmail',
    });
    const wrong = await owner.put(`/api/v1/quizzes/${shopQuiz.id}`, {
      ...shopCurrent,
      settings: { ...shopCurrent.settings, collectEmail: true },
      outcomePrizes: { p1: prize({ value: 120 }) },
    });
    expect(wrong.body.error).toMatchObject({ message: prizeMessages.percentageRange, field: 'outcomePrizes.p1.value' });
    // A key that is no outcome of the quiz is dropped; a deleted quiz takes its pools with it.
    const kept = await owner.put(`/api/v1/quizzes/${shopQuiz.id}`, {
      ...shopCurrent,
      settings: { ...shopCurrent.settings, collectEmail: true },
      outcomePrizes: { p2: prize(), nobody: prize() },
    });
    expect(Object.keys(kept.body.data.outcomePrizes)).toEqual(['p2']);
    await jobsSettled(server, 'prizes.fill-pool', accountId);
    const stranger = await createOwner(server);
    expect((await stranger.client.put(`/api/v1/quizzes/${shopQuiz.id}`, { ...shopCurrent, outcomePrizes: {} })).status).toBe(404);
    expect((await owner.delete(`/api/v1/quizzes/${shopQuiz.id}`)).status).toBe(200);
    expect(await db().select().from(prizeDiscounts).where(eq(prizeDiscounts.itemId, shopQuiz.id))).toEqual([]);
  });
});
