import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { deliveryMessages, type TDeliveryStatus } from '@quizlead/shared/schemas/deliveries.ts';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { deliveries, destinations, events } from '../db/schema/index.ts';
import type { EnqueueOptions, JobQueue } from '../jobs/queue.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { deliveryReplayer, failedDeliveriesReplayer, replayableDeliveryCount } from './deliveryReplayer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

function recordingQueue() {
  const queued: { name: string; payload: unknown; options: EnqueueOptions | undefined }[] = [];
  const queue = {
    enqueue: async (_db, task, payload, options) => {
      queued.push({ name: task.name, payload, options });
      return randomUUID();
    },
  } satisfies Pick<JobQueue, 'enqueue'>;
  return { queued, queue: queue as unknown as JobQueue };
}

/** An account with one webhook destination; `delivery` adds a delivery of a new event in `status`. */
async function world() {
  const { account } = await createOwner(server);
  const [destination] = await db()
    .insert(destinations)
    .values({ accountId: account.id, kind: 'webhook', url: 'https://hooks.example.com/leads' })
    .returning();
  // One delivery per event and destination: each gets an event of its own.
  const delivery = async (status: TDeliveryStatus, destinationId = destination!.id) => {
    const [event] = await db()
      .insert(events)
      .values({ accountId: account.id, type: 'lead.created', payload: {} as TDomainEvent, occurredAt: new Date() })
      .returning();
    const [row] = await db()
      .insert(deliveries)
      .values({
        accountId: account.id,
        eventId: event!.id,
        destinationId,
        destinationKind: 'webhook',
        tool: 'webhook',
        eventType: 'lead.created',
        status,
        attempts: 6,
        lastError: 'HTTP 500',
        nextAttemptAt: new Date('2026-01-01T00:00:00Z'),
      })
      .returning();
    return row!;
  };
  return { account, destination: destination!, delivery };
}

const rowOf = async (id: string) => (await db().select().from(deliveries).where(eq(deliveries.id, id)))[0]!;

it('puts a dead delivery back to pending, due now, keeping its attempts and error, and queues one attempt', async () => {
  const { account, destination, delivery } = await world();
  const dead = await delivery('dead');
  const run = recordingQueue();
  const before = Date.now();
  const replayed = await deliveryReplayer({ db: db(), queue: run.queue, accountId: account.id, deliveryId: dead.id });
  expect(replayed).toMatchObject({ id: dead.id, status: 'pending', attempts: 6, lastError: 'HTTP 500', leaseUntil: null });
  expect(replayed.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before - 5000);
  expect(await rowOf(dead.id)).toMatchObject({ status: 'pending' });
  expect(run.queued).toEqual([
    {
      name: 'delivery.attempt',
      payload: { deliveryId: dead.id, accountId: account.id },
      options: { group: { id: destination.id } },
    },
  ]);

  // Now pending, a second replay is refused and queues nothing.
  const again = recordingQueue();
  await expect(
    deliveryReplayer({ db: db(), queue: again.queue, accountId: account.id, deliveryId: dead.id }),
  ).rejects.toMatchObject({
    status: 409,
    message: deliveryMessages.notReplayable,
  });
  expect(again.queued).toEqual([]);
});

it('refuses another account’s delivery (404) and one whose destination is switched off (409)', async () => {
  const mine = await world();
  const theirs = await world();
  const failed = await theirs.delivery('failed');
  const run = recordingQueue();
  await expect(
    deliveryReplayer({ db: db(), queue: run.queue, accountId: mine.account.id, deliveryId: failed.id }),
  ).rejects.toMatchObject({
    status: 404,
  });

  await db().update(destinations).set({ disabledReason: 'gone' }).where(eq(destinations.id, theirs.destination.id));
  await expect(
    deliveryReplayer({ db: db(), queue: run.queue, accountId: theirs.account.id, deliveryId: failed.id }),
  ).rejects.toMatchObject({
    status: 409,
    message: deliveryMessages.destinationOff,
  });
  expect(run.queued).toEqual([]);
  expect((await rowOf(failed.id)).status).toBe('failed');
});

it('replays all failed and dead deliveries of destinations that are on, and counts them the same way', async () => {
  const { account, destination, delivery } = await world();
  const [off] = await db()
    .insert(destinations)
    .values({ accountId: account.id, kind: 'webhook', url: 'https://off.example.com', enabled: false })
    .returning();
  const failed = await delivery('failed');
  const dead = await delivery('dead');
  const delivered = await delivery('delivered');
  const ofOff = await delivery('failed', off!.id);

  expect(await replayableDeliveryCount({ db: db(), accountId: account.id })).toBe(2);
  expect(await replayableDeliveryCount({ db: db(), accountId: account.id, destinationId: off!.id })).toBe(0);
  const run = recordingQueue();
  expect(await failedDeliveriesReplayer({ db: db(), queue: run.queue, accountId: account.id })).toBe(2);
  expect(run.queued.map((job) => job.payload)).toEqual(
    expect.arrayContaining([
      { deliveryId: failed.id, accountId: account.id },
      { deliveryId: dead.id, accountId: account.id },
    ]),
  );
  expect(run.queued).toHaveLength(2);
  expect(run.queued.every((job) => job.options?.group?.id === destination.id)).toBe(true);
  expect((await rowOf(delivered.id)).status).toBe('delivered');
  expect((await rowOf(ofOff.id)).status).toBe('failed');

  expect(await failedDeliveriesReplayer({ db: db(), queue: recordingQueue().queue, accountId: account.id })).toBe(0);
});
