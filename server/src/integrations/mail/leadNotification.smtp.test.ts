import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ownerAdminLink } from '../../lib/adminLinks.ts';
import { createLogger } from '../../logger.ts';
import { startSmtpPeer } from '../../test/smtpPeer.ts';
import type { Lead } from '../crm/crmProvider.ts';
import { leadNotificationMail, unsubscribeUrl, verifyUnsubscribeToken } from './leadNotification.ts';
import { createMailer } from './mailer.ts';

// A real SMTP peer on a free port: the notification really crosses the wire.
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  peer = await startSmtpPeer();
});
afterAll(() => peer.close());

const qp = (text: string) =>
  Buffer.from(
    text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');

/** Folded header lines joined, and UTF-8 Q encoded words (RFC 2047) decoded. */
const unfold = (headers: string) =>
  headers
    .replace(/\r?\n[ \t]+/g, ' ')
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_, word: string) => qp(word.replace(/_/g, ' ')));

interface Part {
  contentType: string;
  body: string;
}

/** The decoded parts of a multipart/alternative message (quoted-printable, base64 or plain). */
function mimeParts(raw: string): { headers: string; parts: Part[] } {
  const [folded = '', ...rest] = raw.split(/\r?\n\r?\n/);
  const headers = unfold(folded);
  const body = rest.join('\r\n\r\n');
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers)?.[1];
  if (!boundary) return { headers, parts: [] };
  const parts = body
    .split(`--${boundary}`)
    .slice(1)
    .filter((chunk) => !chunk.startsWith('--'))
    .map((chunk) => {
      const [partHeaders = '', ...partBody] = chunk.replace(/^\r?\n/, '').split(/\r?\n\r?\n/);
      const content = partBody.join('\r\n\r\n').replace(/\r?\n$/, '');
      const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(partHeaders)?.[1]?.toLowerCase();
      const bytes =
        encoding === 'base64'
          ? Buffer.from(content, 'base64')
          : Buffer.from(encoding === 'quoted-printable' ? qp(content) : content, 'utf8');
      return { contentType: /content-type:\s*([^;\r\n]+)/i.exec(partHeaders)?.[1]?.trim() ?? '', body: bytes.toString('utf8') };
    });
  return { headers, parts };
}

describe('lead notification over SMTP', () => {
  it('reaches the SMTP peer with a text part, an escaped HTML part and an unsubscribe link and header', async () => {
    const appUrl = 'https://app.quizlead.test';
    const secret = 'smtp-test-secret';
    const to = `owner-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const lead: Lead = {
      email: 'visitor@example.com',
      name: '<img src=x onerror=alert(1)>',
      tool: 'quiz',
      item: { id: 'quiz-42', title: 'Which coffee suits you?' },
      result: { personality: 'Adventurer', score: 8 },
      itemKey: 'which_coffee_suits_you',
      answers: [],
      consent: true,
      smsConsent: false,
      tags: [],
      capturedAt: '2026-11-23T10:05:00.000Z',
    };
    const unsubscribe = unsubscribeUrl(appUrl, secret, { accountId: 'acc-1', recipient: to });
    const mailer = createMailer({
      smtpUrl: peer.url,
      from: 'Quizlead <hello@quizlead.test>',
      mailboxDir: '/nonexistent',
      logger: createLogger('silent'),
    });
    try {
      await mailer.send({
        to,
        ...leadNotificationMail(lead, {
          adminLink: ownerAdminLink(
            { APP_URL: appUrl, SHOPIFY_APP_HANDLE: 'quizlead' },
            { kind: 'standalone', shopDomain: null },
          ),
          unsubscribeUrl: unsubscribe,
        }),
      });
    } finally {
      mailer.close();
    }

    const mail = peer.received.find((item) => item.to.includes(to));
    expect(mail).toBeDefined();
    const { headers, parts } = mimeParts(mail!.raw);
    expect(headers).toMatch(/content-type:\s*multipart\/alternative/i);
    expect(headers).toMatch(/^Subject: New lead from “Which coffee suits you\?”: visitor@example\.com$/m);
    expect(headers).toMatch(/^List-Unsubscribe: <https:\/\/app\.quizlead\.test\/notifications\/unsubscribe\?token=/m);
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    expect(parts.map((part) => part.contentType)).toEqual(['text/plain', 'text/html']);

    const [text, html] = parts as [Part, Part];
    expect(text.body).toContain('Name: <img src=x onerror=alert(1)>');
    expect(text.body).toContain('Email: visitor@example.com');
    expect(text.body).toContain('Personality: Adventurer');
    expect(text.body).toContain(`See the report: ${appUrl}/app/Quiz/Analytics/quiz-42`);
    expect(html.body).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(html.body).not.toContain('<img');
    expect(html.body).toContain('New lead from “Which coffee suits you?”');

    const token = new URL(/Unsubscribe from these emails: (\S+)/.exec(text.body)![1]!).searchParams.get('token')!;
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ accountId: 'acc-1', recipient: to });
  });
});
