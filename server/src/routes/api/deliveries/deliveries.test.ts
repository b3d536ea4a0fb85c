import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryLimits, deliveryMessages, type TDeliveryStatus } from '@quizlead/shared/schemas/deliveries.ts';
import type { TDomainEvent, TLeadTool } from '@quizlead/shared/schemas/events.ts';
import { eventRecorder } from '../../../commands/eventRecorder.ts';
import { deliveries, deliveryAttempts, destinations, events } from '../../../db/schema/index.ts';
import { sealSigningSecrets } from '../../../integrations/webhooks/secretStore.ts';
import { generateWebhookSecret } from '../../../integrations/webhooks/signing.ts';
import { attemptDeliveryTask } from '../../../jobs/tasks/AttemptDeliveryTask.ts';
import { createOwner } from '../../../test/factories.ts';
import { WebhookReceiver } from '../../../test/fakes/webhookReceiver.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';

type DestinationRow = typeof destinations.$inferSelect;

let server: TestServer;
beforeAll(async () => {
  // The replay test's receiver listens on 127.0.0.1.
  server = await getTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true' });
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** A webhook endpoint with no signing secret: an attempt at it is dead at once, without a request. */
async function insertDestination(accountId: string, values: Partial<typeof destinations.$inferInsert> = {}) {
  const [row] = await db()
    .insert(destinations)
    .values({ accountId, kind: 'webhook', url: `http://127.0.0.1:9/${randomUUID().slice(0, 8)}`, ...values })
    .returning();
  return row!;
}

function leadEvent(accountId: string, options: { tool?: TLeadTool; title?: string; email?: string } = {}): TDomainEvent {
  return {
    type: 'lead.captured',
    version: 1,
    answers: [],
    occurredAt: new Date().toISOString(),
    accountId,
    item: { tool: options.tool ?? 'quiz', id: randomUUID(), title: options.title ?? 'Summer quiz' },
    visitor: { email: options.email ?? 'ann@example.com', name: 'Ann', consent: true },
    result: { score: 3 },
  };
}

interface SeedOptions {
  status?: TDeliveryStatus;
  createdAt?: Date;
  tool?: TLeadTool;
  title?: string;
  email?: string;
  attempts?: number;
  lastError?: string | null;
}

/**
 * A delivery written directly, with no job: it stays as it is (pending and failed ones are due in an
 * hour, out of the sweep's reach) unless a test replays it.
 */
async function seedDelivery(destination: DestinationRow, options: SeedOptions = {}) {
  const event = leadEvent(destination.accountId, options);
  const [stored] = await db()
    .insert(events)
    .values({ accountId: destination.accountId, type: event.type, payload: event, occurredAt: new Date(event.occurredAt) })
    .returning();
  const status = options.status ?? 'dead';
  const [delivery] = await db()
    .insert(deliveries)
    .values({
      accountId: destination.accountId,
      eventId: stored!.id,
      destinationId: destination.id,
      destinationKind: destination.kind,
      tool: event.item.tool,
      eventType: event.type,
      status,
      attempts: options.attempts ?? (status === 'pending' ? 0 : 1),
      nextAttemptAt: new Date(Date.now() + 3_600_000),
      lastError: options.lastError ?? (status === 'failed' || status === 'dead' ? 'Endpoint answered 500' : null),
      deliveredAt: status === 'delivered' ? new Date() : null,
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning();
  return delivery!;
}

/** The attempt jobs queued for a delivery, done or not. */
async function jobsFor(deliveryId: string): Promise<number> {
  return (await server.services.queue.boss.findJobs(attemptDeliveryTask.name, { data: { deliveryId } })).length;
}

async function statusOf(deliveryId: string) {
  const [row] = await db().select().from(deliveries).where(eq(deliveries.id, deliveryId));
  return row!;
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const minutesAgo = (minutes: number) => new Date(Date.UTC(2026, 10, 3, 12, 0) - minutes * 60_000);

describe('the delivery log routes', () => {
  it('answer 401 without a session', async () => {
    const anonymous = server.client();
    const id = randomUUID();
    expect((await anonymous.get('/api/v1/deliveries')).status).toBe(401);
    expect((await anonymous.get(`/api/v1/deliveries/${id}`)).status).toBe(401);
    expect((await anonymous.post(`/api/v1/deliveries/${id}/replay`)).status).toBe(401);
    expect((await anonymous.post('/api/v1/deliveries/replay', {})).status).toBe(401);
  });

  it('answer 400 naming the field for a filter or id that is not valid', async () => {
    const { client } = await createOwner(server);
    const status = await client.get('/api/v1/deliveries?status=lost');
    expect(status.status).toBe(400);
    expect(status.body.error).toMatchObject({ code: 'validation', field: 'status' });
    expect((await client.get('/api/v1/deliveries?tool=survey')).body.error.field).toBe('tool');
    expect((await client.get('/api/v1/deliveries?before=12')).body.error.field).toBe('before');
    expect((await client.get('/api/v1/deliveries/12')).body.error).toMatchObject({ code: 'validation', field: 'id' });
    const body = await client.post('/api/v1/deliveries/replay', { destinationId: 'crm' });
    expect(body.status).toBe(400);
    expect(body.body.error.field).toBe('destinationId');
  });
});

describe('GET /api/v1/deliveries', () => {
  it('lists newest first with the lead, the item and the destination; every destination and the replayable count', async () => {
    const owner = await createOwner(server);
    const hook = await insertDestination(owner.account.id, { url: 'https://hooks.example.com/leads' });
    const off = await insertDestination(owner.account.id, {
      url: 'https://old.example.com/x',
      disabledReason: deliveryMessages.endpointGone,
    });
    const oldest = await seedDelivery(hook, { status: 'delivered', createdAt: minutesAgo(30), email: 'old@example.com' });
    const failed = await seedDelivery(hook, { status: 'failed', createdAt: minutesAgo(20), tool: 'poll', title: 'Best pizza?' });
    const dead = await seedDelivery(off, { status: 'dead', createdAt: minutesAgo(10), tool: 'wheel', title: 'Prize wheel' });
    const newest = await seedDelivery(hook, { status: 'dead', createdAt: minutesAgo(1), email: 'new@example.com' });

    const list = await owner.client.get('/api/v1/deliveries');
    expect(list.status).toBe(200);
    const { items, nextCursor, destinations: summaries, failedCount } = list.body.data;
    expect(items.map((row: { id: string }) => row.id)).toEqual([newest.id, dead.id, failed.id, oldest.id]);
    expect(items[0]).toEqual({
      id: newest.id,
      destination: { id: hook.id, kind: 'webhook', name: 'https://hooks.example.com/leads', enabled: true, disabledReason: null },
      eventType: 'lead.captured',
      tool: 'quiz',
      itemTitle: 'Summer quiz',
      email: 'new@example.com',
      status: 'dead',
      attempts: 1,
      nextAttemptAt: null,
      lastError: 'Endpoint answered 500',
      deliveredAt: null,
      createdAt: minutesAgo(1).toISOString(),
    });
    expect(items[2]).toMatchObject({
      tool: 'poll',
      itemTitle: 'Best pizza?',
      status: 'failed',
      nextAttemptAt: expect.any(String),
    });
    expect(items[3]).toMatchObject({ status: 'delivered', deliveredAt: expect.any(String), lastError: null });
    expect(nextCursor).toBeNull();
    // The switched-off endpoint is in the filter's list; its dead delivery is not replayable.
    expect(summaries).toEqual([
      expect.objectContaining({ id: hook.id, enabled: true }),
      expect.objectContaining({ id: off.id, enabled: false, disabledReason: deliveryMessages.endpointGone }),
    ]);
    expect(failedCount).toBe(2);
  });

  it('filters by status, destination and tool, and counts the filtered destination’s failures', async () => {
    const owner = await createOwner(server);
    const first = await insertDestination(owner.account.id);
    const second = await insertDestination(owner.account.id);
    const quizDead = await seedDelivery(first, { status: 'dead', tool: 'quiz', createdAt: minutesAgo(5) });
    const pollDelivered = await seedDelivery(first, { status: 'delivered', tool: 'poll', createdAt: minutesAgo(4) });
    const pollFailed = await seedDelivery(second, { status: 'failed', tool: 'poll', createdAt: minutesAgo(3) });
    const wheelPending = await seedDelivery(second, { status: 'pending', tool: 'wheel', createdAt: minutesAgo(2) });

    const ids = async (query: string) => {
      const list = await owner.client.get(`/api/v1/deliveries?${query}`);
      expect(list.status).toBe(200);
      return { ids: list.body.data.items.map((row: { id: string }) => row.id), failedCount: list.body.data.failedCount };
    };
    expect(await ids('status=dead')).toEqual({ ids: [quizDead.id], failedCount: 2 });
    expect(await ids('status=pending')).toEqual({ ids: [wheelPending.id], failedCount: 2 });
    expect(await ids(`destinationId=${second.id}`)).toEqual({ ids: [wheelPending.id, pollFailed.id], failedCount: 1 });
    expect(await ids('tool=poll')).toEqual({ ids: [pollFailed.id, pollDelivered.id], failedCount: 2 });
    expect(await ids(`tool=poll&destinationId=${first.id}&status=delivered`)).toEqual({
      ids: [pollDelivered.id],
      failedCount: 1,
    });
    expect(await ids('tool=feedback')).toEqual({ ids: [], failedCount: 2 });
  });

  it('pages with the last row’s id as the cursor, rows of the same instant included once each', async () => {
    const owner = await createOwner(server);
    const hook = await insertDestination(owner.account.id);
    const total = deliveryLimits.pageSize + 5;
    const seeded = [];
    // Three rows share each instant, so the id breaks ties.
    for (let index = 0; index < total; index++) {
      seeded.push(await seedDelivery(hook, { status: 'delivered', createdAt: minutesAgo(Math.floor(index / 3)) }));
    }
    const expected = [...seeded]
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id);

    const first = await owner.client.get('/api/v1/deliveries');
    expect(first.body.data.items).toHaveLength(deliveryLimits.pageSize);
    expect(first.body.data.nextCursor).toBe(expected[deliveryLimits.pageSize - 1]);
    const second = await owner.client.get(`/api/v1/deliveries?before=${first.body.data.nextCursor}`);
    expect(second.body.data.items).toHaveLength(5);
    expect(second.body.data.nextCursor).toBeNull();
    const listed = [...first.body.data.items, ...second.body.data.items].map((row: { id: string }) => row.id);
    expect(listed).toEqual(expected);
  });
});

describe('GET /api/v1/deliveries/{id}', () => {
  it('answers the delivery with every attempt, request and response as recorded', async () => {
    const owner = await createOwner(server);
    const hook = await insertDestination(owner.account.id, { url: 'https://hooks.example.com/leads' });
    const delivery = await seedDelivery(hook, { status: 'failed', attempts: 2, lastError: 'Endpoint answered 503' });
    const exchange = (status: number) => [
      {
        request: {
          method: 'POST',
          url: 'https://hooks.example.com/leads',
          headers: { 'content-type': 'application/json', 'webhook-id': delivery.id, 'webhook-signature': '[redacted]' },
          body: '{"type":"lead.captured"}',
        },
        response: { status, headers: { 'content-type': 'text/plain' }, body: 'Unavailable' },
      },
    ];
    await db()
      .insert(deliveryAttempts)
      .values([
        {
          deliveryId: delivery.id,
          accountId: owner.account.id,
          number: 2,
          ok: false,
          error: 'Endpoint answered 503',
          exchange: exchange(503),
          startedAt: minutesAgo(1),
          durationMs: 120,
        },
        {
          deliveryId: delivery.id,
          accountId: owner.account.id,
          number: 1,
          ok: false,
          error: 'Endpoint answered 502',
          exchange: exchange(502),
          startedAt: minutesAgo(2),
          durationMs: 80,
        },
      ]);

    const detail = await owner.client.get(`/api/v1/deliveries/${delivery.id}`);
    expect(detail.status).toBe(200);
    expect(detail.body.data).toMatchObject({
      id: delivery.id,
      status: 'failed',
      attempts: 2,
      lastError: 'Endpoint answered 503',
    });
    expect(detail.body.data.attemptsLog).toEqual([
      {
        number: 1,
        ok: false,
        error: 'Endpoint answered 502',
        startedAt: minutesAgo(2).toISOString(),
        durationMs: 80,
        exchange: exchange(502),
      },
      {
        number: 2,
        ok: false,
        error: 'Endpoint answered 503',
        startedAt: minutesAgo(1).toISOString(),
        durationMs: 120,
        exchange: exchange(503),
      },
    ]);
    expect(JSON.stringify(detail.body)).not.toContain('sealed');
  });

  it('answers 404 for an id that does not exist', async () => {
    const { client } = await createOwner(server);
    expect((await client.get(`/api/v1/deliveries/${randomUUID()}`)).status).toBe(404);
  });
});

describe('POST /api/v1/deliveries/{id}/replay', () => {
  it('queues a dead delivery again under the same id: the endpoint gets the same webhook-id and it is delivered', async () => {
    const owner = await createOwner(server);
    const secret = generateWebhookSecret();
    const receiver = await WebhookReceiver.start(secret);
    let answer = 404;
    receiver.respond = (_request, response) => {
      response.statusCode = answer;
      response.end(answer === 200 ? 'ok' : 'No such hook');
    };
    try {
      const sealed = sealSigningSecrets(server.services.secrets, { current: secret });
      await insertDestination(owner.account.id, { url: receiver.url(), sealed });
      await db().transaction((tx) =>
        eventRecorder({ db: tx, queue: server.services.queue, event: leadEvent(owner.account.id, { email: 'pat@example.com' }) }),
      );
      const [recorded] = await db().select().from(deliveries).where(eq(deliveries.accountId, owner.account.id));
      const id = recorded!.id;
      // A 404 cannot succeed on retry: dead after the first attempt.
      const dead = await waitFor(
        () => owner.client.get(`/api/v1/deliveries/${id}`),
        (answer) => answer.body.data?.status === 'dead',
      );
      expect(dead.body.data).toMatchObject({ status: 'dead', attempts: 1, email: 'pat@example.com' });
      expect(dead.body.data.attemptsLog).toHaveLength(1);
      expect(dead.body.data.attemptsLog[0]).toMatchObject({ number: 1, ok: false });
      expect(dead.body.data.attemptsLog[0].exchange[0]).toMatchObject({
        request: { method: 'POST', url: receiver.url() },
        response: { status: 404, body: 'No such hook' },
      });

      answer = 200;
      const replayed = await owner.client.post(`/api/v1/deliveries/${id}/replay`);
      expect(replayed.status).toBe(200);
      expect(replayed.body.data.message).toBe(deliveryMessages.replayed);
      expect(replayed.body.data.delivery).toMatchObject({
        id,
        status: 'pending',
        attempts: 1,
        nextAttemptAt: expect.any(String),
      });

      const delivered = await waitFor(
        () => statusOf(id),
        (row) => row.status === 'delivered',
      );
      expect(delivered).toMatchObject({ id, status: 'delivered', attempts: 2, lastError: null });
      expect(receiver.received).toHaveLength(2);
      expect(receiver.received.every((request) => request.verified)).toBe(true);
      expect(receiver.received.map((request) => request.headers['webhook-id'])).toEqual([id, id]);
      expect(receiver.received[1]!.body).toBe(receiver.received[0]!.body);
      const log = (await owner.client.get(`/api/v1/deliveries/${id}`)).body.data.attemptsLog;
      expect(log.map((attempt: { number: number; ok: boolean }) => [attempt.number, attempt.ok])).toEqual([
        [1, false],
        [2, true],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('enqueues a job in the replay’s transaction and keeps the last error until the next attempt', async () => {
    const owner = await createOwner(server);
    const hook = await insertDestination(owner.account.id);
    const failed = await seedDelivery(hook, { status: 'failed', attempts: 3, lastError: 'Endpoint answered 500' });
    expect(await jobsFor(failed.id)).toBe(0);
    const replayed = await owner.client.post(`/api/v1/deliveries/${failed.id}/replay`);
    expect(replayed.status).toBe(200);
    expect(replayed.body.data.delivery).toMatchObject({
      id: failed.id,
      status: 'pending',
      attempts: 3,
      lastError: 'Endpoint answered 500',
    });
    expect(await jobsFor(failed.id)).toBe(1);
  });

  it('answers 409 for a delivery that has not failed, and changes nothing', async () => {
    const owner = await createOwner(server);
    const hook = await insertDestination(owner.account.id);
    for (const status of ['delivered', 'pending'] as const) {
      const delivery = await seedDelivery(hook, { status });
      const answer = await owner.client.post(`/api/v1/deliveries/${delivery.id}/replay`);
      expect(answer.status).toBe(409);
      expect(answer.body.error).toEqual({ code: 'conflict', message: deliveryMessages.notReplayable });
      expect((await statusOf(delivery.id)).status).toBe(status);
      expect(await jobsFor(delivery.id)).toBe(0);
    }
  });

  it('answers 409 while the destination is switched off, by the owner or by the pipeline', async () => {
    const owner = await createOwner(server);
    const switchedOff = await insertDestination(owner.account.id, { disabledReason: deliveryMessages.disabledAfterFailing });
    const disabled = await insertDestination(owner.account.id, { enabled: false });
    for (const destination of [switchedOff, disabled]) {
      const delivery = await seedDelivery(destination, { status: 'dead' });
      const answer = await owner.client.post(`/api/v1/deliveries/${delivery.id}/replay`);
      expect(answer.status).toBe(409);
      expect(answer.body.error.message).toBe(deliveryMessages.destinationOff);
      expect((await statusOf(delivery.id)).status).toBe('dead');
    }
  });

  it('answers 404 for an id that does not exist', async () => {
    const { client } = await createOwner(server);
    expect((await client.post(`/api/v1/deliveries/${randomUUID()}/replay`)).status).toBe(404);
  });
});

describe('POST /api/v1/deliveries/replay', () => {
  it('queues every failed and dead delivery of destinations that are on, or of one destination', async () => {
    const owner = await createOwner(server);
    const first = await insertDestination(owner.account.id);
    const second = await insertDestination(owner.account.id);
    const off = await insertDestination(owner.account.id, { enabled: false });
    const firstFailed = await seedDelivery(first, { status: 'failed' });
    const firstDead = await seedDelivery(first, { status: 'dead' });
    const secondDead = await seedDelivery(second, { status: 'dead' });
    const delivered = await seedDelivery(second, { status: 'delivered' });
    const offDead = await seedDelivery(off, { status: 'dead' });

    const one = await owner.client.post('/api/v1/deliveries/replay', { destinationId: second.id });
    expect(one.status).toBe(200);
    expect(one.body.data).toEqual({ count: 1, message: deliveryMessages.replayedAll(1) });
    expect(await jobsFor(secondDead.id)).toBe(1);
    expect(await jobsFor(firstDead.id)).toBe(0);

    const all = await owner.client.post('/api/v1/deliveries/replay', {});
    expect(all.body.data).toEqual({ count: 2, message: deliveryMessages.replayedAll(2) });
    for (const row of [firstFailed, firstDead]) expect(await jobsFor(row.id)).toBe(1);
    for (const row of [delivered, offDead]) {
      expect(await jobsFor(row.id)).toBe(0);
      expect((await statusOf(row.id)).status).toBe(row.status);
    }
  });

  it('says so when there is nothing to replay', async () => {
    const owner = await createOwner(server);
    const hook = await insertDestination(owner.account.id);
    await seedDelivery(hook, { status: 'delivered' });
    const answer = await owner.client.post('/api/v1/deliveries/replay');
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ count: 0, message: deliveryMessages.nothingToReplay });
  });
});

describe("another account's deliveries", () => {
  let other: TestClient;
  let hook: DestinationRow;
  let dead: typeof deliveries.$inferSelect;

  beforeAll(async () => {
    const owner = await createOwner(server);
    hook = await insertDestination(owner.account.id);
    dead = await seedDelivery(hook, { status: 'dead' });
    other = (await createOwner(server)).client;
  });

  it('are a 404 to read or replay, exactly like a missing id', async () => {
    const detail = await other.get(`/api/v1/deliveries/${dead.id}`);
    expect(detail.status).toBe(404);
    expect(detail.body.error.code).toBe('not_found');
    expect((await other.post(`/api/v1/deliveries/${dead.id}/replay`)).status).toBe(404);
    expect((await statusOf(dead.id)).status).toBe('dead');
    expect(await jobsFor(dead.id)).toBe(0);
  });

  it('never show in a list, a filter or a cursor, and replay all leaves them alone', async () => {
    for (const query of ['', `?destinationId=${hook.id}`, `?before=${dead.id}`, '?status=dead']) {
      const list = await other.get(`/api/v1/deliveries${query}`);
      expect(list.status).toBe(200);
      expect(list.body.data).toEqual({ items: [], nextCursor: null, destinations: [], failedCount: 0 });
    }
    const replay = await other.post('/api/v1/deliveries/replay', { destinationId: hook.id });
    expect(replay.body.data.count).toBe(0);
    expect((await other.post('/api/v1/deliveries/replay', {})).body.data.count).toBe(0);
    expect((await statusOf(dead.id)).status).toBe('dead');
    expect(await jobsFor(dead.id)).toBe(0);
  });
});
