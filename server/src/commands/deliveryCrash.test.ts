import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client.ts';
import { destinations } from '../db/schema/index.ts';
import { parseEnv } from '../env.ts';
import { Secrets } from '../lib/secrets.ts';
import { sealSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import { generateWebhookSecret } from '../integrations/webhooks/signing.ts';
import { WebhookReceiver } from '../test/fakes/webhookReceiver.ts';
import { TestClient } from '../test/getTestServer.ts';
import { playQuizWithLead } from '../test/leadsPipelineKit.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { serverProcesses } from '../test/serverProcess.ts';

/**
 * Nothing acknowledged is lost: the server process is killed with SIGKILL right after a visitor's lead
 * got its 2xx and before any worker looked at the delivery (the first server polls for jobs only every
 * 30 s). A second server on the same database delivers it, once.
 */

const processes = serverProcesses({ LOG_LEVEL: 'silent', WEBHOOKS_ALLOW_PRIVATE: 'true' });
afterAll(() => processes.stopAll());

/** An owner with a session and a webhook endpoint, written before any server runs (PGlite has one process). */
async function prepare(receiverUrl: string) {
  const owner = await processes.seedOwner('Crash Co');
  const env = parseEnv(processes.env);
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, pgliteDir: join(processes.dataDir, 'pglite') });
  try {
    const secret = generateWebhookSecret();
    await database.db.insert(destinations).values({
      accountId: owner.accountId,
      kind: 'webhook',
      url: receiverUrl,
      sealed: sealSigningSecrets(new Secrets(env.encryptionKeys), { current: secret }),
    });
    return { ...owner, secret };
  } finally {
    await database.close();
  }
}

describe('kill -9 between a lead’s 2xx and its delivery', () => {
  it('delivers the lead after a restart: 0 lost, 0 duplicated', { timeout: 120_000 }, async () => {
    const receiver = await WebhookReceiver.start('');
    const owner = await prepare(receiver.url('/leads'));
    receiver.verifyWith = owner.secret;

    const first = await processes.start({ JOB_POLL_SECONDS: '30' });
    const quiz = await createGradedQuiz(processes.ownerClient(first.url, owner), {
      title: 'Crash quiz',
      questions: 1,
      publish: true,
    });
    const { led } = await playQuizWithLead(new TestClient(first.url), quiz.id, { name: 'Kim', email: 'kim.crash@example.com' });
    expect(led!.status).toBe(200);
    await processes.kill(first, 'SIGKILL');
    expect(receiver.received).toHaveLength(0);

    const second = await processes.start({ JOB_POLL_SECONDS: '0.5' });
    const deadline = Date.now() + 30_000;
    while (receiver.received.length === 0 && Date.now() < deadline) await new Promise((done) => setTimeout(done, 200));
    // Time for a duplicate to show up, if there were one.
    await new Promise((done) => setTimeout(done, 2000));
    expect(receiver.received).toHaveLength(1);
    expect(receiver.received[0]!.verified).toBe(true);
    expect(receiver.received[0]!.payload).toMatchObject({ type: 'lead.captured', data: { email: 'kim.crash@example.com' } });

    const log = await processes.ownerClient(second.url, owner).get('/api/v1/deliveries');
    expect(log.status).toBe(200);
    expect(log.body.data.items).toMatchObject([
      { id: receiver.received[0]!.headers['webhook-id'], status: 'delivered', attempts: 1 },
    ]);
    await processes.kill(second, 'SIGTERM');
    await receiver.close();
  });
});
