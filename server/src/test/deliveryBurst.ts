import { randomUUID } from 'node:crypto';
import type { TDomainEvent } from '@quizlead/shared/schemas/events.ts';
import { eventsRecorder } from '../commands/eventRecorder.ts';
import { WebhookReceiver } from './fakes/webhookReceiver.ts';
import type { TestServer } from './getTestServer.ts';
import { addWebhookDestination } from './leadsPipelineKit.ts';

/**
 * A burst of leads to a webhook endpoint that answers slowly, for the delivery concurrency test and
 * bench/deliveries.ts: the receiver records when each delivery's first request came and how many
 * requests it held at once.
 */
export interface PacedReceiver {
  receiver: WebhookReceiver;
  destinationId: string;
  /** When each delivery (its webhook-id) was first received, in ms since the epoch. */
  firstSeen: Map<string, number>;
  /** Requests answered so far. */
  answered(): number;
  /** The most requests it held at once. */
  maxInFlight(): number;
  /** The requests it holds now. */
  inFlight(): number;
  /** Stops answering: every request from now on waits until the connection is closed. */
  hang(): void;
}

/** A signed webhook destination of the account at a local receiver that answers `status` after `delayMs`. */
export async function pacedWebhookDestination(
  server: TestServer,
  accountId: string,
  options: { delayMs: number; answer?: (index: number) => { status: number; headers?: Record<string, string> } },
): Promise<PacedReceiver> {
  const receiver = await WebhookReceiver.start('');
  const destination = await addWebhookDestination(server, accountId, receiver.url('/leads'));
  receiver.verifyWith = destination.secret;
  const firstSeen = new Map<string, number>();
  let inFlight = 0;
  let most = 0;
  let answered = 0;
  let hanging = false;
  let index = 0;
  receiver.respond = (request, response, received) => {
    const id = String(received.headers['webhook-id']);
    if (!firstSeen.has(id)) firstSeen.set(id, Date.now());
    inFlight += 1;
    most = Math.max(most, inFlight);
    response.on('close', () => (inFlight -= 1));
    if (hanging) return;
    const answer = options.answer?.(index++) ?? { status: received.verified ? 200 : 400 };
    setTimeout(() => {
      answered += 1;
      response.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      response.end('{}');
    }, options.delayMs);
  };
  return {
    receiver,
    destinationId: destination.id,
    firstSeen,
    answered: () => answered,
    maxInFlight: () => most,
    inFlight: () => inFlight,
    hang: () => (hanging = true),
  };
}

export function leadEvent(accountId: string, email: string): TDomainEvent {
  return {
    type: 'lead.captured',
    version: 1,
    answers: [],
    occurredAt: new Date().toISOString(),
    accountId,
    item: { tool: 'quiz', id: randomUUID(), title: 'Burst quiz' },
    visitor: { email, name: 'Burst', consent: true },
    result: { score: 3 },
  };
}

/**
 * `count` leads of the account recorded as submissions record them (each in its own transaction, with
 * its deliveries and jobs), `concurrency` at a time; answers when each was recorded (ms since the epoch).
 */
export async function recordLeadBurst(server: TestServer, accountId: string, count: number, concurrency = 8) {
  const recordedAt: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        await server.services.database.db.transaction((db) =>
          eventsRecorder({ db, queue: server.services.queue, events: [leadEvent(accountId, `lead${index}@example.com`)] }),
        );
        recordedAt.push(Date.now());
      }
    }),
  );
  return recordedAt;
}
