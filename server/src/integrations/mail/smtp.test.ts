import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';

interface Received {
  from: string;
  to: string[];
  raw: string;
}

// A real SMTP peer on a free port: the app's mail really crosses the wire.
const received: Received[] = [];
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, session, done) {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      done();
    });
  },
});

let server: TestServer;
beforeAll(async () => {
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  const { port } = smtp.server.address() as AddressInfo;
  server = await getTestServer({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'Quizlead <hello@quizlead.test>' });
});
afterAll(async () => {
  await server.stop();
  await new Promise<void>((done) => smtp.close(done));
});

describe('mail over SMTP', () => {
  it('delivers the sign-up verification mail to the SMTP peer', async () => {
    const to = `smtp-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const response = await server.client().post('/api/v1/signup/token', { fullName: 'Mia Mail', email: to });
    expect(response.status).toBe(200);
    const deadline = Date.now() + 10_000;
    while (!received.some((mail) => mail.to.includes(to)) && Date.now() < deadline)
      await new Promise((done) => setTimeout(done, 100));
    const mail = received.find((item) => item.to.includes(to));
    expect(mail).toBeDefined();
    expect(mail!.from).toBe('hello@quizlead.test');
    expect(mail!.raw).toMatch(/Subject: Quizlead verification token: \d{6}/);
    expect(mail!.raw).toMatch(/Hello Mia Mail/);
  });

  it('has no dev mailbox page while SMTP is configured', async () => {
    expect((await fetch(`${server.url}/dev/mailbox`)).status).toBe(404);
  });
});
