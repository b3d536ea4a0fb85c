import { randomUUID } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { shopifyWebhookReceipts, shopPlans } from '../db/schema/index.ts';
import { signFlowRequest, signWebhook } from './fakes/shopify/signers.ts';
import type { ShopifyTestServer } from './getTestServer.ts';
import { personalityQuestion, twoPersonalities, newPlayKey } from './quizFactory.ts';
import { createFeedback, createPoll, createWheel, submission } from './widgetFactory.ts';

/** Helpers for tests that play Shopify sending webhooks to the app. */

export const newShop = () => `shop-${randomUUID().slice(0, 8)}.myshopify.com`;

export interface Delivery {
  topic: string;
  shop: string;
  body: unknown;
  webhookId?: string;
  triggeredAt?: Date;
  /** Sign with this secret instead of the app's. */
  secret?: string;
  /** Change the request after signing. */
  tamper?: (signed: { body: string; headers: Record<string, string> }) => void;
}

/** Sends a signed delivery to POST /webhooks/shopify; answers its status, body and webhook id. */
export async function deliver(server: ShopifyTestServer, delivery: Delivery) {
  const signed = signWebhook(delivery.secret ?? server.app.apiSecret, delivery);
  delivery.tamper?.(signed);
  const response = await fetch(`${server.url}/webhooks/shopify`, { method: 'POST', headers: signed.headers, body: signed.body });
  const text = await response.text();
  return {
    status: response.status,
    body: text && response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
    webhookId: signed.headers['x-shopify-webhook-id']!,
  };
}

/** Waits until the job of a delivery has been applied (its receipt is marked processed). */
export async function waitProcessed(server: ShopifyTestServer, webhookId: string, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [receipt] = await server.services.database.db
      .select({ processedAt: shopifyWebhookReceipts.processedAt })
      .from(shopifyWebhookReceipts)
      .where(eq(shopifyWebhookReceipts.webhookId, webhookId));
    if (receipt?.processedAt) return;
    await new Promise((done) => setTimeout(done, 100));
  }
  throw new Error(`webhook ${webhookId} was not applied within ${timeoutMs} ms`);
}

/** Delivers and waits for the job: the delivery's effect is in the database afterwards. */
export async function deliverApplied(server: ShopifyTestServer, delivery: Delivery) {
  const response = await deliver(server, delivery);
  expect(response.status).toBe(200);
  await waitProcessed(server, response.webhookId);
  return response;
}

/** Receipts and queued apply jobs of a shop: what a refused delivery must not have written. */
export async function writtenFor(server: ShopifyTestServer, shop: string) {
  const { db } = server.services.database;
  const receipts = await db.select().from(shopifyWebhookReceipts).where(eq(shopifyWebhookReceipts.shop, shop));
  const jobs = await db.execute(
    sql`select count(*)::int as count from ${sql.identifier(server.services.queue.schema)}.job where name = 'shopify.webhook.apply' and data->>'shop' = ${shop}`,
  );
  const rows = (jobs as unknown as { rows: { count: number }[] }).rows;
  return { receipts: receipts.length, jobs: rows[0]!.count };
}

/**
 * A shop installed through its first session token, with an embedded client for the owner API, once
 * the install's own jobs have run (its plan is recorded, its products synced, its Storefront token made): nothing changes under
 * the test after that.
 */
export async function installedShop(server: ShopifyTestServer, shop = newShop()) {
  const owner = server.embedded(shop);
  const session = await owner.get('/api/v1/session');
  expect(session.status).toBe(200);
  const accountId = session.body.data.user.accountId as string;
  const planRead = async () =>
    (await server.services.database.db.select().from(shopPlans).where(eq(shopPlans.accountId, accountId))).length;
  await expect.poll(planRead, { timeout: 10_000 }).toBe(1);
  await jobsSettled(server, 'shopify.products.sync', accountId);
  await jobsSettled(server, 'shopify.storefront-token.create', accountId);
  return { shop, owner, accountId };
}

/** Waits until every job `name` queued for `accountId` has finished (completed, failed for good or cancelled). */
export async function jobsSettled(server: ShopifyTestServer, name: string, accountId: string, timeoutMs = 15_000) {
  const open = async () => {
    const result = await server.services.database.db.execute(
      sql`select count(*)::int as count from ${sql.identifier(server.services.queue.schema)}.job
        where name = ${name} and data->>'accountId' = ${accountId} and state in ('created', 'retry', 'active')`,
    );
    return (result as unknown as { rows: { count: number }[] }).rows[0]!.count;
  };
  await expect.poll(open, { timeout: timeoutMs, interval: 100 }).toBe(0);
}

/**
 * One visitor's traces in every tool of a shop: a quiz play with the lead (name, email, a phone and a
 * comment in the lead form's own fields), a poll vote, a web response and a wheel spin, all with `email`.
 */
export async function visitorTraces(
  server: ShopifyTestServer,
  owner: ReturnType<ShopifyTestServer['embedded']>,
  email: string,
  phone = '+1 555 0100',
) {
  const visitor = server.client();
  const created = (await owner.post('/api/v1/quizzes', { quizType: 'personality_quiz', title: 'Tea or coffee' })).body.data;
  const settings = { ...created.settings, welcomeMessage: '<p>Hi</p>' };
  await owner.put(`/api/v1/quizzes/${created.id}`, { ...created, settings, personalities: twoPersonalities });
  const question = personalityQuestion();
  await owner.put(`/api/v1/quizzes/${created.id}/questions`, { questions: [question] });
  expect((await owner.put(`/api/v1/quizzes/${created.id}/status`, { status: 'published' })).status).toBe(200);
  const playId = randomUUID();
  const started = await visitor.post(`/api/v1/public/quizzes/${created.id}/plays`, { playId, playKey: newPlayKey() });
  expect(started.status).toBe(201);
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  await visitor.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers: { [question.id]: ['a2'] } }, auth);
  const lead = await visitor.request(
    'POST',
    `/api/v1/public/plays/${playId}/lead`,
    { name: 'Ann Visitor', email, consent: true, fields: { Phone: phone, Comment: `Write to me at ${email}` } },
    auth,
  );
  expect(lead.body.data?.status).toBe('completed');

  const poll = await createPoll(owner, { description: 'Best drink?', options: ['Tea', 'Coffee'] });
  expect(
    (await visitor.post(`/api/v1/public/polls/${poll.id}/votes`, { submissionId: submission(), option: 1, email })).status,
  ).toBe(201);
  const feedback = await createFeedback(owner, { feelingType: 'thumb', collectEmail: true, title: 'Was it good?' });
  expect(
    (
      await visitor.post(`/api/v1/public/feedbacks/${feedback.id}/responses`, {
        submissionId: submission(),
        value: 'Thumbs Up',
        email,
      })
    ).status,
  ).toBe(201);
  const wheel = await createWheel(owner, { description: 'Spin for a prize' });
  expect((await visitor.post(`/api/v1/public/wheels/${wheel.id}/spins`, { submissionId: submission(), email })).status).toBe(201);
  return {
    quizId: created.id as string,
    playId,
    pollId: poll.id as string,
    feedbackId: feedback.id as string,
    wheelId: wheel.id as string,
  };
}

/**
 * Shopify Flow's lifecycle callback for one trigger of `shop`, signed with the app's secret: the shop's
 * workflows start (or stop) using the trigger at `at`.
 */
export async function flowTriggerUsed(server: ShopifyTestServer, shop: string, handle: string, enabled = true, at = new Date()) {
  const signed = signFlowRequest(server.app.apiSecret, {
    flow_trigger_definition_id: handle,
    has_enabled_flow: enabled,
    shop_id: 690933842,
    shopify_domain: shop,
    timestamp: at.toISOString(),
  });
  const response = await fetch(`${server.url}/webhooks/shopify/flow-lifecycle`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body,
  });
  expect(response.status).toBe(200);
}
