import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shopifyWebhookReceipts } from '../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { shopifyWebhookQueuer } from './shopifyWebhookQueuer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** The queuer's deps with a queue that records each job (and can be made to fail). */
function queuerDeps(options: { failEnqueue?: boolean } = {}) {
  const queued: { name: string; payload: any }[] = [];
  const queue: Pick<JobQueue, 'enqueue'> = {
    enqueue: async (_db, task, payload) => {
      if (options.failEnqueue) throw new Error('queue is down');
      queued.push({ name: task.name, payload });
      return randomUUID();
    },
  };
  return { queued, deps: { db: db(), queue: queue as JobQueue, secrets: server.services.secrets } };
}

const receiptOf = async (webhookId: string) =>
  db().select().from(shopifyWebhookReceipts).where(eq(shopifyWebhookReceipts.webhookId, webhookId));

it('keeps a receipt and queues the job with the payload sealed, once per webhook id', async () => {
  const webhookId = randomUUID();
  const payload = { shop_domain: 'queuer.myshopify.com', customer: { email: 'private@example.com' } };
  const input = {
    webhookId,
    topic: 'CUSTOMERS_REDACT' as const,
    shop: 'queuer.myshopify.com',
    triggeredAt: new Date('2026-11-28T10:00:00Z'),
    payload,
  };
  const first = queuerDeps();
  expect(await shopifyWebhookQueuer(first.deps, input)).toBe(true);
  expect(await receiptOf(webhookId)).toMatchObject([
    { topic: 'CUSTOMERS_REDACT', shop: 'queuer.myshopify.com', processedAt: null },
  ]);
  expect(first.queued).toHaveLength(1);
  const [job] = first.queued;
  expect(job).toMatchObject({
    name: 'shopify.webhook.apply',
    payload: { webhookId, topic: 'CUSTOMERS_REDACT', shop: 'queuer.myshopify.com', triggeredAt: '2026-11-28T10:00:00.000Z' },
  });
  // The customer's data is not in the job in the clear, and opens back to the payload.
  expect(JSON.stringify(job!.payload)).not.toContain('private@example.com');
  expect(JSON.parse(server.services.secrets.open(job!.payload.sealed))).toEqual(payload);

  // Shopify's redelivery writes nothing and queues nothing.
  const again = queuerDeps();
  expect(await shopifyWebhookQueuer(again.deps, { ...input, triggeredAt: null })).toBe(false);
  expect(again.queued).toEqual([]);
  expect(await receiptOf(webhookId)).toHaveLength(1);
});

it('keeps no receipt when the job cannot be queued, so the redelivery is accepted', async () => {
  const webhookId = randomUUID();
  const input = {
    webhookId,
    topic: 'APP_UNINSTALLED' as const,
    shop: 'down.myshopify.com',
    triggeredAt: null,
    payload: { id: 1 },
  };
  await expect(shopifyWebhookQueuer(queuerDeps({ failEnqueue: true }).deps, input)).rejects.toThrow('queue is down');
  expect(await receiptOf(webhookId)).toEqual([]);

  const retry = queuerDeps();
  expect(await shopifyWebhookQueuer(retry.deps, input)).toBe(true);
  expect(retry.queued).toMatchObject([{ payload: { webhookId, triggeredAt: null } }]);
});
