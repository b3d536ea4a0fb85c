import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLimits } from '@quizlead/shared/schemas/deliveries.ts';
import { deliveries, destinations } from '../db/schema/index.ts';
import { pacedWebhookDestination, recordLeadBurst } from '../test/deliveryBurst.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { deliveriesOf, waitForDeliveries } from '../test/leadsPipelineKit.ts';

/**
 * Deliveries drain several at a time per destination on the real server and its job queue: a burst
 * to one slow endpoint gets its first attempts within seconds, bounded per destination; a hanging
 * endpoint does not hold back another account's leads; a 429's Retry-After holds the destination.
 */

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
afterAll(() => server.stop());

describe('webhook deliveries under a burst', () => {
  it('a burst of 200 leads to one endpoint answering in 250 ms: several in flight, never more than the limit, all within seconds', async () => {
    const owner = await createOwner(server);
    const endpoint = await pacedWebhookDestination(server, owner.account.id, { delayMs: 250 });
    try {
      const started = Date.now();
      await recordLeadBurst(server, owner.account.id, 200);
      // One at a time this is at least 50 s; six at a time, about 9 s.
      const rows = await waitForDeliveries(server, endpoint.destinationId, 'delivered', { count: 200, timeoutMs: 30_000 });
      expect(Date.now() - started).toBeLessThan(30_000);
      expect(endpoint.firstSeen.size).toBe(200);
      expect(endpoint.maxInFlight()).toBeGreaterThanOrEqual(4);
      expect(endpoint.maxInFlight()).toBeLessThanOrEqual(deliveryLimits.concurrentPerDestination);
      expect(rows.every((row) => row.attempts === 1)).toBe(true);
    } finally {
      await endpoint.receiver.close();
    }
  }, 60_000);

  it("an endpoint that never answers holds none of another account's deliveries back", async () => {
    const stuck = await createOwner(server);
    const hanging = await pacedWebhookDestination(server, stuck.account.id, { delayMs: 0 });
    hanging.hang();
    const other = await createOwner(server);
    const healthy = await pacedWebhookDestination(server, other.account.id, { delayMs: 20 });
    try {
      await recordLeadBurst(server, stuck.account.id, 60);
      // The hanging endpoint now holds its share of the workers, with a backlog behind it.
      await expect.poll(() => hanging.maxInFlight(), { timeout: 10_000 }).toBe(deliveryLimits.concurrentPerDestination);
      const recorded = Date.now();
      await recordLeadBurst(server, other.account.id, 10);
      await waitForDeliveries(server, healthy.destinationId, 'delivered', { count: 10, timeoutMs: 8_000 });
      expect(Date.now() - recorded).toBeLessThan(5_000);
      expect(hanging.maxInFlight()).toBe(deliveryLimits.concurrentPerDestination);
    } finally {
      await healthy.receiver.close();
      await hanging.receiver.close();
      // Switched off, the stuck account's backlog ends without another request.
      await server.services.database.db
        .update(destinations)
        .set({ enabled: false })
        .where(eq(destinations.id, hanging.destinationId));
    }
  }, 60_000);

  it('an account whose five endpoints never answer takes at most its share of the workers', async () => {
    const stuck = await createOwner(server);
    const hanging = await Promise.all(
      Array.from({ length: 5 }, () => pacedWebhookDestination(server, stuck.account.id, { delayMs: 0 })),
    );
    hanging.forEach((endpoint) => endpoint.hang());
    const held = () => hanging.reduce((total, endpoint) => total + endpoint.inFlight(), 0);
    const other = await createOwner(server);
    const healthy = await pacedWebhookDestination(server, other.account.id, { delayMs: 20 });
    try {
      // 5 endpoints × 8 each would take every one of the process's 32 slots.
      await recordLeadBurst(server, stuck.account.id, 20);
      await expect.poll(held, { timeout: 10_000 }).toBe(deliveryLimits.concurrentPerAccount);
      const recorded = Date.now();
      await recordLeadBurst(server, other.account.id, 5);
      await waitForDeliveries(server, healthy.destinationId, 'delivered', { count: 5, timeoutMs: 8_000 });
      expect(Date.now() - recorded).toBeLessThan(5_000);
      expect(held()).toBe(deliveryLimits.concurrentPerAccount);
    } finally {
      await healthy.receiver.close();
      await Promise.all(hanging.map((endpoint) => endpoint.receiver.close()));
      await server.services.database.db
        .update(destinations)
        .set({ enabled: false })
        .where(eq(destinations.accountId, stuck.account.id));
    }
  }, 60_000);

  it("a 429's Retry-After holds the destination: no other delivery is sent to it before then", async () => {
    const owner = await createOwner(server);
    const endpoint = await pacedWebhookDestination(server, owner.account.id, {
      delayMs: 0,
      answer: (index) => (index === 0 ? { status: 429, headers: { 'Retry-After': '120' } } : { status: 200 }),
    });
    try {
      await recordLeadBurst(server, owner.account.id, 1);
      await waitForDeliveries(server, endpoint.destinationId, 'failed');
      const [limited] = await deliveriesOf(server, endpoint.destinationId);
      expect(limited!.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(110_000);

      await recordLeadBurst(server, owner.account.id, 5);
      // Each later lead waits for the same time, unsent and with no attempt counted.
      await expect
        .poll(
          async () =>
            (await deliveriesOf(server, endpoint.destinationId)).filter(
              (row) => row.nextAttemptAt > new Date(Date.now() + 100_000),
            ).length,
          {
            timeout: 10_000,
          },
        )
        .toBe(6);
      const rows = await deliveriesOf(server, endpoint.destinationId);
      expect(rows.filter((row) => row.id !== limited!.id).every((row) => row.attempts === 0 && row.status === 'pending')).toBe(
        true,
      );
      expect(endpoint.firstSeen.size).toBe(1);
    } finally {
      await endpoint.receiver.close();
      await server.services.database.db
        .update(deliveries)
        .set({ status: 'dead' })
        .where(eq(deliveries.destinationId, endpoint.destinationId));
    }
  }, 60_000);
});
