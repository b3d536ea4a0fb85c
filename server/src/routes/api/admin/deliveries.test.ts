import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAdminDeliveryRow } from '@quizlead/shared/schemas/admin.ts';
import { deliveryMessages, type TDeliveryStatus } from '@quizlead/shared/schemas/deliveries.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { accounts, deliveries, deliveryAttempts, destinations, events } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { auditRows, createAdmin } from '../../../test/adminFixture.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** An account named for this test with a webhook endpoint that has no signing secret (an attempt is dead at once, with no request). */
async function accountWithEndpoint() {
  const owner = await createOwner(server);
  const companyName = `Hooked ${randomUUID().slice(0, 8)}`;
  await db().update(accounts).set({ companyName }).where(eq(accounts.id, owner.account.id));
  const [destination] = await db()
    .insert(destinations)
    .values({ accountId: owner.account.id, kind: 'webhook', url: `https://hooks.example.com/${randomUUID().slice(0, 8)}` })
    .returning();
  return { owner, companyName, destination: destination! };
}

/** A delivery written directly with one attempt, no job: it stays as it is unless replayed. */
async function seedDelivery(destination: typeof destinations.$inferSelect, status: TDeliveryStatus) {
  const event: TDomainEvent = {
    type: 'lead.captured',
    version: 1,
    answers: [],
    occurredAt: new Date().toISOString(),
    accountId: destination.accountId,
    item: { tool: 'quiz', id: randomUUID(), title: 'Summer quiz' },
    visitor: { email: 'ann@example.com', name: 'Ann', consent: true },
    result: { score: 3 },
  };
  const [stored] = await db()
    .insert(events)
    .values({ accountId: destination.accountId, type: event.type, payload: event, occurredAt: new Date(event.occurredAt) })
    .returning();
  const [delivery] = await db()
    .insert(deliveries)
    .values({
      accountId: destination.accountId,
      eventId: stored!.id,
      destinationId: destination.id,
      destinationKind: destination.kind,
      tool: 'quiz',
      eventType: event.type,
      status,
      attempts: 1,
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      lastError: status === 'delivered' ? null : 'Endpoint answered 500',
      deliveredAt: status === 'delivered' ? new Date() : null,
    })
    .returning();
  const startedAt = new Date(Date.now() - 60_000);
  await db()
    .insert(deliveryAttempts)
    .values({
      deliveryId: delivery!.id,
      accountId: destination.accountId,
      number: 1,
      ok: status === 'delivered',
      startedAt,
      durationMs: 12,
    });
  return { delivery: delivery!, startedAt };
}

/** Every page of the list (other test files add failures of their own as this one runs). */
async function everyFailure(admin: TestClient): Promise<TAdminDeliveryRow[]> {
  const rows: TAdminDeliveryRow[] = [];
  for (let page = 1; page < 1000; page++) {
    const { body } = await admin.get(`/api/v1/admin/deliveries?page=${page}`);
    expect(body.data).toMatchObject({ page, pageSize: 25 });
    rows.push(...body.data.items);
    if (body.data.items.length < 25) break;
  }
  return rows;
}

describe('delivery failures for administrators', () => {
  it('lists failed and dead deliveries of every account, newest first, with their account and last attempt', async () => {
    const admin = await createAdmin(server);
    const first = await accountWithEndpoint();
    const second = await accountWithEndpoint();
    const dead = await seedDelivery(first.destination, 'dead');
    const failed = await seedDelivery(second.destination, 'failed');
    const delivered = await seedDelivery(first.destination, 'delivered');

    const rows = await everyFailure(admin.client);
    const ids = rows.map((row) => row.id);
    expect(ids).not.toContain(delivered.delivery.id);
    expect(ids.indexOf(failed.delivery.id)).toBeLessThan(ids.indexOf(dead.delivery.id));
    expect(rows.find((row) => row.id === dead.delivery.id)).toMatchObject({
      accountId: first.owner.account.id,
      companyName: first.companyName,
      status: 'dead',
      attempts: 1,
      lastError: 'Endpoint answered 500',
      lastAttemptAt: dead.startedAt.toISOString(),
      eventType: 'lead.captured',
      destination: { kind: 'webhook', name: first.destination.url },
    });
    expect(rows.find((row) => row.id === failed.delivery.id)?.companyName).toBe(second.companyName);
    const createdAt = rows.map((row) => row.createdAt);
    expect(createdAt).toEqual([...createdAt].sort().reverse());
  });

  it('replays one through the owner’s replayer, with the change in the audit log', async () => {
    const admin = await createAdmin(server);
    const { owner, companyName, destination } = await accountWithEndpoint();
    const { delivery } = await seedDelivery(destination, 'dead');

    const replayed = await admin.client.post(`/api/v1/admin/deliveries/${delivery.id}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body.data).toMatchObject({
      message: deliveryMessages.replayed,
      delivery: { id: delivery.id, status: 'pending', accountId: owner.account.id, companyName },
    });
    const [row] = await auditRows(admin.client, 'delivery', delivery.id);
    expect(row).toMatchObject({
      action: 'delivery.replay',
      actorEmail: admin.email,
      before: { accountId: owner.account.id, status: 'dead', attempts: 1 },
      after: { status: 'pending' },
    });

    const delivered = await seedDelivery(destination, 'delivered');
    const refused = await admin.client.post(`/api/v1/admin/deliveries/${delivered.delivery.id}/replay`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.message).toBe(deliveryMessages.notReplayable);
    expect(await auditRows(admin.client, 'delivery', delivered.delivery.id)).toEqual([]);
    expect((await admin.client.post(`/api/v1/admin/deliveries/${randomUUID()}/replay`)).status).toBe(404);
  });
});
