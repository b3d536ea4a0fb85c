import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { ZDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { events } from '../db/schema/index.ts';
import { WebhookReceiver } from '../test/fakes/webhookReceiver.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { addWebhookDestination, playQuizWithLead, waitForDeliveries } from '../test/leadsPipelineKit.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { createPoll, submission } from '../test/widgetFactory.ts';

/**
 * Issue 33: every answer reaches the webhook under its property key, from the events the submissions
 * recorded; a key renamed afterwards never rewrites what a stored event (and its pending delivery) says.
 */

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer({ WEBHOOKS_ALLOW_PRIVATE: 'true', DELIVERY_RETRY_DELAYS: '0,0.3,0.3,0.3,0.3' });
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

async function receiverFor(accountId: string) {
  const receiver = await WebhookReceiver.start('');
  const webhook = await addWebhookDestination(server, accountId, receiver.url('/leads'));
  receiver.verifyWith = webhook.secret;
  return { receiver, webhook };
}

describe('answers to the webhook', () => {
  it('a play with a lead sends every answer under its key; a key renamed after the play changes nothing already recorded', async () => {
    const { account, client } = await createOwner(server);
    const quiz = await createGradedQuiz(client, { title: 'Maths quiz', questions: 2, publish: true });
    const [first, second] = quiz.questions as TQuestion[];
    const saveQuestions = (questions: TQuestion[]) => client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions });
    // The owner names the first question and gives its first option a value and a tag; the second keeps its default key.
    const keyed = (propertyKey: string): TQuestion => ({
      ...first!,
      propertyKey,
      segment: true,
      answers: first!.answers.map((answer, index) => (index === 0 ? { ...answer, value: 'four', tags: ['maths-fan'] } : answer)),
    });
    expect((await saveQuestions([keyed('sum_answer'), second!])).status).toBe(200);

    const { receiver, webhook } = await receiverFor(account.id);
    // The receiver refuses until the key has been renamed: the delivery is retried from the stored event.
    let renamed = false;
    receiver.respond = (_request, response, received) => {
      const ok = received.verified && renamed;
      response.statusCode = ok ? 200 : 503;
      response.end(ok ? '{"ok":true}' : 'busy');
    };
    const { led } = await playQuizWithLead(server.client(), quiz.id, { name: 'Ann', email: 'ann.answers@example.com' });
    expect(led!.status).toBe(200);
    await waitForReceived(receiver, 1);

    expect((await saveQuestions([keyed('total'), second!])).status).toBe(200);
    renamed = true;
    await waitForDeliveries(server, webhook.id, 'delivered');

    const delivered = receiver.received.filter((hook) => hook.verified);
    expect(new Set(delivered.map((hook) => hook.body)).size).toBe(1);
    const payload = delivered.at(-1)!.payload as { type: string; data: Record<string, unknown> };
    expect(payload.type).toBe('lead.captured');
    expect(payload.data).toMatchObject({
      email: 'ann.answers@example.com',
      answers: { sum_answer: 'four', question_2: '4' },
      questions: [
        { key: 'sum_answer', text: 'Question 1', type: 'choice', optionIds: ['a1'] },
        { key: 'question_2', text: 'Question 2', type: 'choice', optionIds: ['a1'] },
      ],
    });
    expect(payload.data.tags).toContain('maths-fan');

    // Both stored events keep the key the play was sent under.
    const stored = await db().select().from(events).where(eq(events.accountId, account.id));
    expect(stored.map((row) => row.type).sort()).toEqual(['lead.captured', 'play.completed']);
    for (const row of stored) {
      const event = ZDomainEvent.parse(row.payload);
      expect(event.answers.map((answer) => [answer.key, answer.value, answer.tags, answer.segment])).toEqual([
        ['sum_answer', 'four', ['maths-fan'], true],
        ['question_2', '4', [], false],
      ]);
    }

    // The next play is sent under the new key.
    receiver.received.splice(0);
    await playQuizWithLead(server.client(), quiz.id, { name: 'Bo', email: 'bo.answers@example.com' });
    await waitForDeliveries(server, webhook.id, 'delivered', { count: 2 });
    expect((receiver.received.at(-1)!.payload as { data: { answers: unknown } }).data.answers).toEqual({
      total: 'four',
      question_2: '4',
    });
    receiver.close();
  });

  it('a poll vote sends its answer under the slug of the poll’s question', async () => {
    const { account, client } = await createOwner(server);
    const poll = await createPoll(client, { collectEmail: true });
    const { receiver, webhook } = await receiverFor(account.id);
    const vote = { submissionId: submission(), option: 1, email: 'voter.answers@example.com' };
    expect((await server.client().post(`/api/v1/public/polls/${poll.id}/votes`, vote)).status).toBe(201);
    await waitForDeliveries(server, webhook.id, 'delivered');
    const [hook] = receiver.received;
    expect(hook!.verified).toBe(true);
    expect(hook!.payload).toMatchObject({
      type: 'poll.voted',
      data: {
        answers: { tea_or_coffee: 'Coffee' },
        questions: [{ key: 'tea_or_coffee', text: 'Tea or coffee?', type: 'choice', optionIds: ['1'] }],
      },
    });
    receiver.close();
  });
});

async function waitForReceived(receiver: WebhookReceiver, count: number) {
  const deadline = Date.now() + 15_000;
  while (receiver.received.length < count) {
    if (Date.now() > deadline) throw new Error(`the receiver got ${receiver.received.length} of ${count} requests`);
    await new Promise((done) => setTimeout(done, 50));
  }
}
