import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../logger.ts';
import { startSmtpPeer } from '../../test/smtpPeer.ts';
import { DevMailbox } from './devMailbox.ts';
import { createMailer, type MailMessage } from './mailer.ts';

/**
 * The mail layer's own defence (issue 32, item 5): whatever a caller puts in a header, it leaves on one
 * line, over SMTP (a real peer) and in the dev mailbox alike; and automatic mail says so (RFC 3834).
 */
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let mailboxDir: string;
beforeAll(async () => {
  peer = await startSmtpPeer();
  mailboxDir = await mkdtemp(join(tmpdir(), 'quizlead-mailer-'));
});
afterAll(async () => {
  await peer.close();
  await rm(mailboxDir, { recursive: true, force: true });
});

const logger = createLogger('silent');
const smtpMailer = () => createMailer({ smtpUrl: peer.url, from: 'Quizlead <hello@quizlead.test>', mailboxDir, logger });
const devMailer = () => createMailer({ from: 'Quizlead <hello@quizlead.test>', mailboxDir, logger });

/** The header block of a raw message, unfolded: one entry per header. */
function headerLines(raw: string): string[] {
  const head = raw.split(/\r\n\r\n/)[0] ?? '';
  return head.replace(/\r\n[ \t]+/g, ' ').split('\r\n');
}

async function sendOverSmtp(message: MailMessage) {
  const mailer = smtpMailer();
  try {
    await mailer.send(message);
  } finally {
    mailer.close();
  }
  const mail = peer.received.find((item) => item.to.includes(message.to));
  expect(mail).toBeDefined();
  return headerLines(mail!.raw);
}

const hostile = {
  subject: 'Contact Us message from Mia\r\nBcc: victim@example.com\nX-Spam:\u2028yes\u0085',
  headers: { 'X-Note': 'one\r\nBcc: other@example.com', 'List-Id': 'tab\there' },
};

describe('mail headers', () => {
  it('leave on one line over SMTP: no header a caller’s line break could start', async () => {
    const to = `one-line-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const lines = await sendOverSmtp({ to, text: 'Hello', ...hostile });
    for (const line of lines) expect(line).toMatch(/^[A-Za-z-]+: /);
    expect(lines.some((line) => /^(bcc|x-spam):/i.test(line))).toBe(false);
    expect(lines).toContain('Subject: Contact Us message from Mia Bcc: victim@example.com X-Spam: yes');
    expect(lines).toContain('X-Note: one Bcc: other@example.com');
  });

  it('are kept on one line in the dev mailbox too', async () => {
    const to = `dev-${crypto.randomUUID().slice(0, 8)}@example.com`;
    await devMailer().send({ to, text: 'Hello', ...hostile });
    const stored = (await new DevMailbox(mailboxDir).list()).find((mail) => mail.to === to)!;
    expect(stored.subject).toBe('Contact Us message from Mia Bcc: victim@example.com X-Spam: yes');
    expect(stored.headers).toEqual({
      'X-Note': 'one Bcc: other@example.com',
      'List-Id': 'tab here',
      'Auto-Submitted': 'auto-generated',
    });
    for (const value of [stored.subject, ...Object.values(stored.headers ?? {})]) expect(value).not.toMatch(/[\r\n]/);
  });

  it('refuse an address with a line break rather than mend it, and a header name that is not one', async () => {
    const mailer = devMailer();
    await expect(mailer.send({ to: 'a@example.com\r\nBcc: b@example.com', subject: 'Hi', text: '' })).rejects.toThrow(
      /To address/,
    );
    await expect(mailer.send({ to: 'a@example.com', replyTo: 'c@example.com\n', subject: 'Hi', text: '' })).rejects.toThrow(
      /Reply-To address/,
    );
    await expect(
      mailer.send({ to: 'a@example.com', subject: 'Hi', text: '', headers: { 'Bcc: b@example.com\r\nX': 'y' } }),
    ).rejects.toThrow(/header name/);
  });
});

describe('Auto-Submitted (RFC 3834)', () => {
  it('marks mail the product writes, and not a person’s own words relayed, with Reply-To to them', async () => {
    const automatic = `auto-${crypto.randomUUID().slice(0, 8)}@example.com`;
    expect(await sendOverSmtp({ to: automatic, subject: 'Your plan ends tomorrow', text: '.' })).toContain(
      'Auto-Submitted: auto-generated',
    );
    const relayed = `relayed-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const lines = await sendOverSmtp({
      to: relayed,
      subject: 'Contact Us message from Mia',
      text: '.',
      replyTo: 'mia@example.com',
      automatic: false,
    });
    expect(lines.some((line) => /^auto-submitted:/i.test(line))).toBe(false);
    expect(lines).toContain('Reply-To: mia@example.com');
  });
});
