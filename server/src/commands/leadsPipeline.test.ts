import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryMessages } from '@quizlead/shared/schemas/deliveries.ts';
import { deliveries, deliveryAttempts, destinations, events } from '../db/schema/index.ts';
import { FakeBrevo } from '../test/fakes/crm/brevo.ts';
import { FakeExternalWorld } from '../test/fakes/externalWorld.ts';
import { WebhookReceiver } from '../test/fakes/webhookReceiver.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import {
  addCrmDestination,
  addEmailDestination,
  addWebhookDestination,
  deliveriesOf,
  playQuizWithLead,
  waitForDeliveries,
} from '../test/leadsPipelineKit.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { createFeedback, createPoll, createWheel, submission } from '../test/widgetFactory.ts';
import { deliveryAttempter, nextAttemptDelayMs } from './deliveryAttempter.ts';
import { deliverySweeper } from './deliverySweeper.ts';

/**
 * The leads pipeline end to end on the real server: submissions record events in their transaction,
 * deliveries reach a webhook receiver that verifies signatures with the standardwebhooks library, a
 * CRM fake and the dev mailbox; retries, dead ends, switching off, digests and the sweep.
 */

const brevoKey = 'xkeysib-pipeline-0123456789-SECRET';
let server: TestServer;
let world: FakeExternalWorld;
let brevo: FakeBrevo;
beforeAll(async () => {
  world = await FakeExternalWorld.start();
  brevo = world.register('api.brevo.com', new FakeBrevo(brevoKey));
  server = await getTestServer({
    EXTERNAL_API_ORIGIN: world.origin,
    WEBHOOKS_ALLOW_PRIVATE: 'true',
    DELIVERY_RETRY_DELAYS: '0,0.3,0.3',
  });
});
afterAll(async () => {
  await server.stop();
  await world.stop();
});

const db = () => server.services.database.db;

async function ownerWithQuiz() {
  const owner = await createOwner(server);
  const quiz = await createGradedQuiz(owner.client, { title: 'Coffee quiz', questions: 2, publish: true });
  return { ...owner, quiz };
}

const eventsOf = (accountId: string) =>
  db().select().from(events).where(eq(events.accountId, accountId)).orderBy(events.createdAt);

describe('a captured lead', () => {
  it('reaches every destination once: a signed webhook, the CRM and a notification email; the play records its events', async () => {
    const { account, email: ownerEmail, quiz } = await ownerWithQuiz();
    const receiver = await WebhookReceiver.start('');
    const webhook = await addWebhookDestination(server, account.id, receiver.url('/leads'));
    receiver.verifyWith = webhook.secret;
    const crm = await addCrmDestination(server, account.id, 'brevo', { api_key: brevoKey, campaignid: '7' });
    const mail = await addEmailDestination(server, account.id);

    const visitor = server.client();
    const { led } = await playQuizWithLead(visitor, quiz.id, {
      name: 'Ann Lee',
      email: 'ann.pipeline@example.com',
      consent: true,
    });
    expect(led!.status).toBe(200);

    const [delivered] = await waitForDeliveries(server, webhook.id, 'delivered');
    await waitForDeliveries(server, crm.id, 'delivered');
    await waitForDeliveries(server, mail.id, 'delivered');

    expect(receiver.received).toHaveLength(1);
    const [hook] = receiver.received;
    expect(hook!.verified).toBe(true);
    expect(hook!.headers['webhook-id']).toBe(delivered!.id);
    expect(hook!.payload).toMatchObject({
      type: 'lead.captured',
      data: {
        email: 'ann.pipeline@example.com',
        name: 'Ann Lee',
        tool: 'quiz',
        item: { id: quiz.id, title: 'Coffee quiz' },
        consent: true,
      },
    });
    expect(brevo.contacts.get('ann.pipeline@example.com')).toMatchObject({ listIds: [7] });
    const notice = await server.waitForMail(ownerEmail, /New lead from/);
    expect(notice.text).toContain('ann.pipeline@example.com');

    expect((await eventsOf(account.id)).map((event) => event.type)).toEqual(['play.completed', 'lead.captured']);
    const attempts = await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.accountId, account.id));
    expect(attempts).toHaveLength(3);
    expect(attempts.every((attempt) => attempt.ok && attempt.number === 1)).toBe(true);
    // The CRM key is redacted from the recorded exchange.
    expect(JSON.stringify(attempts)).not.toContain(brevoKey);
    receiver.close();
  });

  it('a retried lead step delivers nothing twice', async () => {
    const { account, quiz } = await ownerWithQuiz();
    const receiver = await WebhookReceiver.start('');
    const webhook = await addWebhookDestination(server, account.id, receiver.url());
    receiver.verifyWith = webhook.secret;
    const visitor = server.client();
    const { sendLead } = await playQuizWithLead(visitor, quiz.id, { name: 'Bo', email: 'bo@example.com' });
    await waitForDeliveries(server, webhook.id, 'delivered');
    // The same play's lead step again (a browser retry) answers the stored result and records nothing.
    const recorded = (await eventsOf(account.id)).length;
    expect(recorded).toBe(2);
    expect((await sendLead({ name: 'Bo', email: 'bo@example.com' })).status).toBe(200);
    expect(await eventsOf(account.id)).toHaveLength(recorded);
    expect(await deliveriesOf(server, webhook.id)).toHaveLength(1);
    receiver.close();
  });

  it('a refused submission leaves no event and no delivery', async () => {
    const { account, quiz } = await ownerWithQuiz();
    await addEmailDestination(server, account.id);
    const { led } = await playQuizWithLead(server.client(), quiz.id, { name: 'X', email: 'not-an-email' });
    expect(led!.status).toBe(400);
    expect((await eventsOf(account.id)).map((event) => event.type)).toEqual([]);
    expect(await db().select().from(deliveries).where(eq(deliveries.accountId, account.id))).toEqual([]);
  });

  it('votes, web responses and spins with an email reach the webhook with their own event types; anonymous ones are only recorded', async () => {
    const { account, client } = await createOwner(server);
    const receiver = await WebhookReceiver.start('');
    const webhook = await addWebhookDestination(server, account.id, receiver.url());
    receiver.verifyWith = webhook.secret;
    const poll = await createPoll(client, { collectEmail: true });
    const anonymousPoll = await createPoll(client, { collectEmail: false });
    const feedback = await createFeedback(client, { collectEmail: true });
    const wheel = await createWheel(client, { collectEmail: true });
    const visitor = server.client();
    const vote = { submissionId: submission(), option: 1, email: 'voter@example.com' };
    expect((await visitor.post(`/api/v1/public/polls/${poll.id}/votes`, vote)).status).toBe(201);
    expect((await visitor.post(`/api/v1/public/polls/${poll.id}/votes`, vote)).status).toBe(200);
    expect(
      (await visitor.post(`/api/v1/public/polls/${anonymousPoll.id}/votes`, { submissionId: submission(), option: 0 })).status,
    ).toBe(201);
    const response = { submissionId: submission(), value: 'Happy', email: 'rater@example.com' };
    expect((await visitor.post(`/api/v1/public/feedbacks/${feedback.id}/responses`, response)).status).toBe(201);
    expect((await visitor.post(`/api/v1/public/feedbacks/${feedback.id}/responses`, response)).status).toBe(200);
    const spin = { submissionId: submission(), email: 'spinner@example.com' };
    const spun = await visitor.post(`/api/v1/public/wheels/${wheel.id}/spins`, spin);
    expect(spun.status).toBe(201);
    expect((await visitor.post(`/api/v1/public/wheels/${wheel.id}/spins`, spin)).status).toBe(200);

    await waitForDeliveries(server, webhook.id, 'delivered', { count: 3 });
    const types = receiver.received.map((hook) => (hook.payload as { type: string }).type).sort();
    expect(types).toEqual(['feedback.sent', 'poll.voted', 'wheel.spun']);
    const byType = (type: string) => receiver.received.find((hook) => (hook.payload as { type: string }).type === type)!.payload;
    expect(byType('poll.voted')).toMatchObject({
      data: { email: 'voter@example.com', tool: 'poll', result: { vote: 'Coffee' } },
    });
    expect(byType('feedback.sent')).toMatchObject({ data: { email: 'rater@example.com', result: { rating: 'Happy' } } });
    expect(byType('wheel.spun')).toMatchObject({
      data: { email: 'spinner@example.com', result: { prize: spun.body.data.result } },
    });
    expect((await eventsOf(account.id)).map((event) => event.type).sort()).toEqual([
      'feedback.sent',
      'poll.voted',
      'poll.voted',
      'wheel.spun',
    ]);
    receiver.close();
  });
});

describe('retries', () => {
  it('a receiver that fails twice and recovers gets the lead once, under one idempotency key', async () => {
    const { account, quiz } = await ownerWithQuiz();
    const receiver = await WebhookReceiver.start('');
    const webhook = await addWebhookDestination(server, account.id, receiver.url());
    receiver.verifyWith = webhook.secret;
    let refusals = 2;
    receiver.respond = (_request, response, received) => {
      const ok = received.verified && refusals-- <= 0;
      response.statusCode = ok ? 200 : 503;
      response.end(ok ? '{"ok":true}' : 'busy');
    };
    await playQuizWithLead(server.client(), quiz.id, { name: 'Cy', email: 'cy@example.com' });
    const [delivery] = await waitForDeliveries(server, webhook.id, 'delivered');
    expect(delivery!.attempts).toBe(3);
    expect(receiver.received).toHaveLength(3);
    expect(new Set(receiver.received.map((hook) => hook.headers['webhook-id']))).toEqual(new Set([delivery!.id]));
    expect(new Set(receiver.received.map((hook) => hook.body)).size).toBe(1);
    const attempts = await db().select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, delivery!.id));
    expect(attempts.map((attempt) => [attempt.number, attempt.ok]).sort()).toEqual([
      [1, false],
      [2, false],
      [3, true],
    ]);
    expect(attempts.find((attempt) => !attempt.ok)!.exchange[0]!.response).toMatchObject({ status: 503, body: 'busy' });
    receiver.close();
  });

  it('a bad CRM key goes dead at once with the provider’s message', async () => {
    const { account, quiz } = await ownerWithQuiz();
    const crm = await addCrmDestination(server, account.id, 'brevo', { api_key: 'wrong-key' });
    await playQuizWithLead(server.client(), quiz.id, { name: 'Di', email: 'di@example.com' });
    const [delivery] = await waitForDeliveries(server, crm.id, 'dead');
    expect(delivery!.attempts).toBe(1);
    expect(delivery!.lastError).toMatch(/Key not found|unauthorized/i);
  });

  it('an endpoint down for every attempt leaves the delivery dead and visible, and Replay then delivers it once', async () => {
    const { account, quiz, client } = await ownerWithQuiz();
    const receiver = await WebhookReceiver.start('');
    const port = receiver.port;
    await receiver.close();
    const webhook = await addWebhookDestination(server, account.id, `http://127.0.0.1:${port}/leads`);
    await playQuizWithLead(server.client(), quiz.id, { name: 'Ed', email: 'ed@example.com' });
    const [dead] = await waitForDeliveries(server, webhook.id, 'dead');
    expect(dead!.attempts).toBe(3);
    expect(dead!.lastError).toMatch(/Could not reach the endpoint: ECONNREFUSED\. Gave up after 3 attempts\./);

    const back = await WebhookReceiver.start(webhook.secret, port);
    const replayed = await client.post(`/api/v1/deliveries/${dead!.id}/replay`);
    expect(replayed.status).toBe(200);
    const [delivered] = await waitForDeliveries(server, webhook.id, 'delivered');
    expect(delivered!.id).toBe(dead!.id);
    expect(back.received).toHaveLength(1);
    expect(back.received[0]!.verified).toBe(true);
    expect(back.received[0]!.headers['webhook-id']).toBe(dead!.id);
    await back.close();
  });
});

describe('switching destinations off', () => {
  it('after 5 days of failures: the destination is switched off, its owner emailed, and new leads skip it', async () => {
    const { account, email: ownerEmail, quiz } = await ownerWithQuiz();
    const receiver = await WebhookReceiver.start('');
    const webhook = await addWebhookDestination(server, account.id, receiver.url());
    receiver.respond = (_request, response) => {
      response.statusCode = 500;
      response.end('down for maintenance');
    };
    await db()
      .update(destinations)
      .set({ failingSince: new Date(Date.now() - 5 * 24 * 3600_000 - 60_000) })
      .where(eq(destinations.id, webhook.id));
    await playQuizWithLead(server.client(), quiz.id, { name: 'Fi', email: 'fi@example.com' });
    const mail = await server.waitForMail(ownerEmail, /no longer sent/);
    expect(mail.text).toContain(receiver.url());
    const [row] = await db().select().from(destinations).where(eq(destinations.id, webhook.id));
    expect(row!.disabledReason).toBe(deliveryMessages.disabledAfterFailing);
    await waitForDeliveries(server, webhook.id, 'dead');

    await playQuizWithLead(server.client(), quiz.id, { name: 'Gus', email: 'gus@example.com' });
    expect(await deliveriesOf(server, webhook.id)).toHaveLength(1);
    receiver.close();
  });

  it('a webhook answering 410 Gone is switched off at once', async () => {
    const { account, quiz } = await ownerWithQuiz();
    const receiver = await WebhookReceiver.start('');
    const webhook = await addWebhookDestination(server, account.id, receiver.url());
    receiver.respond = (_request, response) => {
      response.statusCode = 410;
      response.end();
    };
    await playQuizWithLead(server.client(), quiz.id, { name: 'Hal', email: 'hal@example.com' });
    await waitForDeliveries(server, webhook.id, 'dead');
    const [row] = await db().select().from(destinations).where(eq(destinations.id, webhook.id));
    expect(row!.disabledReason).toBe(deliveryMessages.endpointGone);
    receiver.close();
  });
});

describe('notification emails', () => {
  it('an hourly digest waits for the top of the hour and sends every waiting lead in one mail', async () => {
    const { account, email: ownerEmail, quiz } = await ownerWithQuiz();
    const mail = await addEmailDestination(server, account.id, { mode: 'digest' });
    await playQuizWithLead(server.client(), quiz.id, { name: 'Ivy', email: 'ivy@example.com' });
    await playQuizWithLead(server.client(), quiz.id, { name: 'Jo', email: 'jo@example.com' });
    const waiting = await deliveriesOf(server, mail.id);
    expect(waiting.map((row) => row.status)).toEqual(['pending', 'pending']);
    const topOfHour = new Date(Date.now() + 3600_000);
    topOfHour.setUTCMinutes(0, 0, 0);
    expect(waiting.every((row) => row.nextAttemptAt.getTime() === topOfHour.getTime())).toBe(true);

    // The hour comes: both are due, and the first one's job sends them together.
    await db().update(deliveries).set({ nextAttemptAt: new Date() }).where(eq(deliveries.destinationId, mail.id));
    await deliveryAttempter({ servicesReady: Promise.resolve(server.services), deliveryId: waiting[0]!.id });
    const sent = await waitForDeliveries(server, mail.id, 'delivered', { count: 2 });
    expect(sent).toHaveLength(2);
    const digest = await server.waitForMail(ownerEmail, /2 new leads/);
    expect(digest.text).toContain('ivy@example.com');
    expect(digest.text).toContain('jo@example.com');
    expect((await server.mailbox.list()).filter((item) => item.to === ownerEmail)).toHaveLength(1);
  });

  it('goes to the additional recipients only while their switch is on, less those who unsubscribed', async () => {
    const { account, email: ownerEmail, quiz } = await ownerWithQuiz();
    const mail = await addEmailDestination(server, account.id, {
      additionalEnabled: true,
      additional: ['sales@example.com', 'left@example.com'],
      unsubscribed: ['left@example.com'],
    });
    await playQuizWithLead(server.client(), quiz.id, { name: 'Kit', email: 'kit@example.com' });
    await waitForDeliveries(server, mail.id, 'delivered');
    await server.waitForMail(ownerEmail, /kit@example.com/);
    await server.waitForMail('sales@example.com', /kit@example.com/);
    expect((await server.mailbox.list()).some((item) => item.to === 'left@example.com')).toBe(false);
  });
});

describe('the sweep', () => {
  it('wakes a delivery whose worker died mid-attempt once its claim lapses', async () => {
    const { account, quiz } = await ownerWithQuiz();
    const receiver = await WebhookReceiver.start('');
    const webhook = await addWebhookDestination(server, account.id, receiver.url());
    receiver.verifyWith = webhook.secret;
    // Switched off while the lead arrives, so the delivery is made but not attempted; then it looks
    // like a claim left by a worker that was killed.
    await db().update(destinations).set({ enabled: false }).where(eq(destinations.id, webhook.id));
    await playQuizWithLead(server.client(), quiz.id, { name: 'Lu', email: 'lu@example.com' });
    expect(await deliveriesOf(server, webhook.id)).toHaveLength(0);
    await db().update(destinations).set({ enabled: true }).where(eq(destinations.id, webhook.id));
    await playQuizWithLead(server.client(), quiz.id, { name: 'Mo', email: 'mo@example.com' });
    await waitForDeliveries(server, webhook.id, 'delivered');
    const [delivery] = await deliveriesOf(server, webhook.id);
    await db()
      .update(deliveries)
      .set({ status: 'delivering', leaseUntil: new Date(Date.now() - 1000) })
      .where(and(eq(deliveries.id, delivery!.id)));
    expect(await deliverySweeper({ services: server.services })).toBeGreaterThanOrEqual(1);
    await waitForDeliveries(server, webhook.id, 'delivered');
    expect(receiver.received.map((hook) => hook.headers['webhook-id'])).toEqual([delivery!.id, delivery!.id]);
    receiver.close();
  });
});

describe('nextAttemptDelayMs', () => {
  it('follows the schedule with up to 20% jitter, waits at least Retry-After (capped at a day) and ends after the last step', () => {
    const schedule = [0, 5, 300];
    expect(nextAttemptDelayMs(1, undefined, schedule, () => 0)).toBe(5000);
    expect(nextAttemptDelayMs(1, undefined, schedule, () => 1)).toBe(6000);
    expect(nextAttemptDelayMs(2, undefined, schedule, () => 0.5)).toBe(330_000);
    expect(nextAttemptDelayMs(1, 60_000, schedule, () => 0)).toBe(60_000);
    expect(nextAttemptDelayMs(1, 10 * 24 * 3600_000, schedule, () => 0)).toBe(24 * 3600_000);
    expect(nextAttemptDelayMs(3, undefined, schedule)).toBeUndefined();
  });
});
