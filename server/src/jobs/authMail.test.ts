import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createOwner, uniqueEmail } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { startSmtpPeer } from '../test/smtpPeer.ts';
import { sendEmailTask } from './tasks/SendEmailTask.ts';

// A relay that takes 150 ms a mail, as real ones do: a backlog of other mail takes seconds to drain.
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: TestServer;
beforeAll(async () => {
  peer = await startSmtpPeer({ delayMs: 150 });
  server = await getTestServer({ SMTP_URL: peer.url, MAIL_FROM: 'Quizlead <hello@quizlead.test>' });
});
afterAll(async () => {
  await server.stop();
  await peer.close();
});

const delivered = (to: string) => peer.received.some((mail) => mail.to.includes(to));

it('sign-up codes, reset links and team invitations overtake a backlog of other mail, and go out several at once', async () => {
  const owners = await Promise.all(Array.from({ length: 5 }, () => createOwner(server)));
  const backlog = Array.from({ length: 30 }, (_, index) => `notified-${index}-${randomUUID().slice(0, 8)}@example.com`);
  for (const to of backlog) {
    await server.services.queue.enqueue(server.services.database.db, sendEmailTask, {
      to,
      subject: 'New lead',
      text: 'Someone played your quiz.',
    });
  }

  const newcomer = uniqueEmail('newcomer');
  const invitee = uniqueEmail('invitee');
  const visitor = server.client();
  const requests = await Promise.all([
    ...owners.map((owner) => visitor.post('/api/v1/password/forgot', { email: owner.email })),
    visitor.post('/api/v1/signup/token', { fullName: 'Nia Newcomer', email: newcomer }),
    owners[0]!.client.post('/api/v1/team/invitations', { email: invitee, role: 'member' }),
  ]);
  expect(requests.map((response) => response.status)).toEqual([200, 200, 200, 200, 200, 200, 201]);

  const authMail = [...owners.map((owner) => owner.email), newcomer, invitee];
  await expect.poll(() => authMail.filter(delivered), { timeout: 40_000, interval: 50 }).toEqual(authMail);
  // Before the backlog drained, though it was queued first.
  expect(backlog.filter(delivered).length).toBeLessThan(backlog.length);
  // And the resets not one after another: some were on the wire together.
  const resets = peer.received.filter((mail) => owners.some((owner) => mail.to.includes(owner.email)));
  const together = resets.some((one) =>
    resets.some((other) => other !== one && other.startedAt < one.answeredAt && one.startedAt < other.answeredAt),
  );
  expect(together).toBe(true);
  // The backlog still goes out, all of it.
  await expect.poll(() => backlog.filter(delivered).length, { timeout: 40_000 }).toBe(backlog.length);
}, 90_000);
