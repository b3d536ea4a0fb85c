import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { TDeliveryStatus } from '@quizlead/shared/schemas/deliveries.ts';
import { deliveries, destinations } from '../db/schema/index.ts';
import { findCrmProvider } from '../integrations/crm/providers.ts';
import { sealCrmSecrets, splitCrmSettings } from '../integrations/destinations/crmDestination.ts';
import type { TEmailDestinationSettings } from '../integrations/destinations/emailDestination.ts';
import { sealSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import { generateWebhookSecret } from '../integrations/webhooks/signing.ts';
import type { TestClient, TestServer } from './getTestServer.ts';
import { newPlayKey } from './quizFactory.ts';

/**
 * Test helpers for the leads pipeline: destinations written straight to the database (sealed as the
 * Settings routes seal them), a quiz played to its lead by a visitor, and waiting for deliveries.
 */

export async function addWebhookDestination(server: TestServer, accountId: string, url: string) {
  const secret = generateWebhookSecret();
  const [row] = await server.services.database.db
    .insert(destinations)
    .values({ accountId, kind: 'webhook', url, sealed: sealSigningSecrets(server.services.secrets, { current: secret }) })
    .returning();
  return { id: row!.id, secret };
}

export async function addCrmDestination(
  server: TestServer,
  accountId: string,
  provider: string,
  settings: Record<string, unknown>,
) {
  const { open, secret } = splitCrmSettings(findCrmProvider(provider)!, settings);
  const [row] = await server.services.database.db
    .insert(destinations)
    .values({ accountId, kind: 'crm', provider, settings: open, sealed: sealCrmSecrets(server.services.secrets, secret) })
    .returning();
  return { id: row!.id };
}

export async function addEmailDestination(
  server: TestServer,
  accountId: string,
  settings: Partial<TEmailDestinationSettings> = {},
) {
  const [row] = await server.services.database.db.insert(destinations).values({ accountId, kind: 'email', settings }).returning();
  return { id: row!.id };
}

/** A visitor plays a published quiz, picking each question's first answer, and leaves a lead. */
export async function playQuizWithLead(
  client: TestClient,
  quizId: string,
  lead: { name: string; email: string; consent?: boolean } | undefined,
) {
  const quiz = (await client.get(`/api/v1/public/quizzes/${quizId}`)).body.data;
  const playId = randomUUID();
  const started = await client.post(`/api/v1/public/quizzes/${quizId}/plays`, { playId, playKey: newPlayKey() });
  if (started.status !== 201) throw new Error(JSON.stringify(started.body));
  const auth = { authorization: `Bearer ${started.body.data.playToken}` };
  const answers = Object.fromEntries(
    (quiz.questions as { id: string; answers: { id: string }[] }[]).map((question) => [question.id, [question.answers[0]!.id]]),
  );
  const answered = await client.request('POST', `/api/v1/public/plays/${playId}/answers`, { answers }, auth);
  if (answered.status !== 200) throw new Error(JSON.stringify(answered.body));
  const sendLead = (body: typeof lead) =>
    client.request('POST', `/api/v1/public/plays/${playId}/lead`, { consent: false, ...body }, auth);
  if (!lead) return { playId, answered, sendLead };
  return { playId, answered, sendLead, led: await sendLead(lead) };
}

export async function deliveriesOf(server: TestServer, destinationId: string) {
  return server.services.database.db.select().from(deliveries).where(eq(deliveries.destinationId, destinationId));
}

/** Waits until every delivery to the destination is in `status` (at least `count` of them). */
export async function waitForDeliveries(
  server: TestServer,
  destinationId: string,
  status: TDeliveryStatus,
  options: { count?: number; timeoutMs?: number } = {},
) {
  const deadline = Date.now() + (options.timeoutMs ?? 15_000);
  let rows = await deliveriesOf(server, destinationId);
  while (Date.now() < deadline) {
    if (rows.length >= (options.count ?? 1) && rows.every((row) => row.status === status)) return rows;
    await new Promise((done) => setTimeout(done, 100));
    rows = await deliveriesOf(server, destinationId);
  }
  throw new Error(
    `deliveries to ${destinationId} did not all become ${status}: ${JSON.stringify(rows.map((row) => [row.status, row.lastError]))}`,
  );
}
