import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { startSmtpPeer } from '../../test/smtpPeer.ts';

// A real SMTP peer on a free port: the app's mail really crosses the wire.
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: TestServer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await getTestServer({ SMTP_URL: peer.url, MAIL_FROM: 'Quizlead <hello@quizlead.test>' });
});
afterAll(async () => {
  await server.stop();
  await peer.close();
});

describe('mail over SMTP', () => {
  it('delivers the sign-up verification mail to the SMTP peer', async () => {
    const to = `smtp-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await server.client().post('/api/v1/signup/token', { fullName: 'Mia Mail', email: to });
    expect(response.status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!peer.received.some((mail) => mail.to.includes(to)) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 100));
    const mail = peer.received.find((item) => item.to.includes(to));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@quizlead.test');
    expect(mail!.raw).toMatch(/^Subject: Your Quizlead verification token: \d{6}\r$/m);
    // Written by the product: no vacation responder answers it (RFC 3834).
    expect(mail!.raw).toMatch(/^Auto-Submitted: auto-generated\r$/m);
    // Nothing the requester typed goes to an address nobody has proved.
    expect(mail!.raw).not.toMatch(/Mia Mail/);
  });

  it('has no dev mailbox page while SMTP is configured', async () => {
    expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
  });
});
