import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
  /** When the peer began to receive it and when it answered (ms since the epoch). */
  startedAt: number;
  answeredAt: number;
}

/**
 * A real SMTP peer on a free port of 127.0.0.1: mail in tests really crosses the wire. `delayMs` makes
 * it answer each mail that much later, the way a real relay takes its time.
 */
export async function startSmtpPeer(options: { delayMs?: number } = {}) {
  const received: ReceivedMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      const startedAt = Date.now();
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        setTimeout(() => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
            raw: Buffer.concat(chunks).toString('utf8'),
            startedAt,
            answeredAt: Date.now(),
          });
          done();
        }, options.delayMs ?? 0);
      });
    },
  });
  await new Promise<void>((done) => smtp.listen(0, '127.0.0.1', done));
  const { port } = smtp.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${port}`,
    close: () => new Promise<void>((done) => smtp.close(done)),
  };
}
