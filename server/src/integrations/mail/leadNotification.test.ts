import { describe, expect, it } from 'vitest';
import { ownerAdminLink } from '../../lib/adminLinks.ts';
import type { Lead } from '../crm/crmProvider.ts';
import {
  digestLeadsPerItem,
  leadDigestMail,
  leadNotificationMail,
  notificationRecipients,
  reportScreen,
  shortText,
  unsubscribeToken,
  unsubscribeUrl,
  verifyUnsubscribeToken,
} from './leadNotification.ts';

const appUrl = 'https://app.quizlead.test';
const secret = 'test-session-secret';
const hostile = '<img src=x onerror=alert(1)>';
const answers: Lead['answers'] = [
  {
    key: 'roast',
    question: 'How do you like your roast?',
    type: 'choice',
    value: 'Dark',
    optionIds: ['a1'],
    tags: [],
    segment: false,
  },
  {
    key: 'brew',
    question: 'How do you brew?',
    type: 'choices',
    value: ['Espresso', 'Pour-over'],
    optionIds: ['b1', 'b2'],
    tags: [],
    segment: false,
  },
  { key: 'cups', question: 'Cups a day', type: 'number', value: 3, optionIds: [], tags: [], segment: false },
  { key: 'note', question: `Note ${hostile}`, type: 'text', value: `${hostile} & more`, optionIds: [], tags: [], segment: false },
];

const lead = (overrides: Partial<Lead> = {}): Lead => ({
  email: 'ann@example.com',
  name: 'Ann Lee',
  tool: 'quiz',
  item: { id: 'quiz-1', title: 'Which coffee suits you?' },
  result: { outcome: 'The Adventurer', personality: 'Adventurer', score: 8, percentage: 80 },
  itemKey: 'which_coffee_suits_you',
  answers: [],
  consent: true,
  smsConsent: false,
  tags: ['quizlead-personality-adventurer'],
  capturedAt: '2026-11-23T10:05:00.000Z',
  ...overrides,
});

const standaloneLink = ownerAdminLink(
  { APP_URL: appUrl, SHOPIFY_APP_HANDLE: 'quizlead' },
  { kind: 'standalone', shopDomain: null },
);
const shopLink = ownerAdminLink(
  { APP_URL: appUrl, SHOPIFY_APP_HANDLE: 'quizlead' },
  { kind: 'shopify', shopDomain: 'olive-oils.myshopify.com' },
);

const links = (recipient = 'owner@example.com', adminLink = standaloneLink) => ({
  adminLink,
  unsubscribeUrl: unsubscribeUrl(appUrl, secret, { accountId: 'acc-1', recipient }),
});

describe('unsubscribe token', () => {
  it('round-trips the account and the recipient (lower-cased)', () => {
    const token = unsubscribeToken(secret, { accountId: 'acc-1', recipient: 'Owner@Example.com' });
    expect(verifyUnsubscribeToken(secret, token)).toEqual({ accountId: 'acc-1', recipient: 'owner@example.com' });
    const url = new URL(links().unsubscribeUrl);
    expect(url.origin + url.pathname).toBe(`${appUrl}/notifications/unsubscribe`);
    expect(verifyUnsubscribeToken(secret, url.searchParams.get('token')!)).toEqual({
      accountId: 'acc-1',
      recipient: 'owner@example.com',
    });
  });

  it('refuses a tampered payload or signature, another secret and garbage', () => {
    const token = unsubscribeToken(secret, { accountId: 'acc-1', recipient: 'owner@example.com' });
    const [payload, signature] = token.split('.') as [string, string];
    const otherPayload = Buffer.from(JSON.stringify(['acc-2', 'owner@example.com'])).toString('base64url');
    expect(verifyUnsubscribeToken(secret, `${otherPayload}.${signature}`)).toBeUndefined();
    const flipped = signature.slice(0, -1) + (signature.endsWith('0') ? '1' : '0');
    expect(verifyUnsubscribeToken(secret, `${payload}.${flipped}`)).toBeUndefined();
    expect(verifyUnsubscribeToken('another-secret', token)).toBeUndefined();
    for (const bad of ['', '.', 'abc', `${payload}.`, `.${signature}`])
      expect(verifyUnsubscribeToken(secret, bad)).toBeUndefined();
  });

  it('gives each recipient their own token', () => {
    expect(unsubscribeToken(secret, { accountId: 'acc-1', recipient: 'a@example.com' })).not.toBe(
      unsubscribeToken(secret, { accountId: 'acc-1', recipient: 'b@example.com' }),
    );
  });
});

describe('helpers', () => {
  it('links each tool to its report page', () => {
    expect(standaloneLink(reportScreen('quiz', 'q 1'))).toBe(`${appUrl}/app/Quiz/Analytics/q%201`);
    const slashed = ownerAdminLink(
      { APP_URL: `${appUrl}/`, SHOPIFY_APP_HANDLE: 'quizlead' },
      { kind: 'standalone', shopDomain: null },
    );
    expect(slashed(reportScreen('poll', 'p1'))).toBe(`${appUrl}/app/poll/vote/p1`);
    expect(standaloneLink(reportScreen('feedback', 'f1'))).toBe(`${appUrl}/app/Feedback/response/f1`);
    expect(standaloneLink(reportScreen('wheel', 'w1'))).toBe(`${appUrl}/app/wheelspin/response/w1`);
  });

  it('links a shop’s owner to the report inside Shopify’s admin, where Shopify signs them in', () => {
    const inShop = 'https://admin.shopify.com/store/olive-oils/apps/quizlead/shopify/app';
    expect(shopLink(reportScreen('quiz', 'q 1'))).toBe(`${inShop}/Quiz/Analytics/q%201`);
    const mail = leadNotificationMail(lead(), links('owner@example.com', shopLink));
    expect(mail.text).toContain(`See the report: ${inShop}/Quiz/Analytics/quiz-1`);
    expect(mail.html).toContain(`href="${inShop}/Quiz/Analytics/quiz-1"`);
    expect(mail.text).not.toContain(`${appUrl}/app/`);
    const digest = leadDigestMail(
      [lead(), lead({ tool: 'poll', item: { id: 'p1', title: 'Tea?' } })],
      links('o@example.com', shopLink),
    );
    expect(digest.text).toContain(`See the report: ${inShop}/poll/vote/p1`);
  });

  it('keeps untrusted text on one short line', () => {
    expect(shortText('a\r\nBcc: x@example.com')).toBe('a Bcc: x@example.com');
    expect(shortText('x'.repeat(200))).toHaveLength(80);
    expect(shortText('x'.repeat(200)).endsWith('…')).toBe(true);
  });

  it('puts the owner first and each address once', () => {
    expect(notificationRecipients('owner@example.com', ['OWNER@example.com', 'team@example.com', 'Team@example.com'])).toEqual([
      'owner@example.com',
      'team@example.com',
    ]);
  });
});

describe('immediate lead notification', () => {
  it('has the subject, the lead, its result, consent, time, report and unsubscribe links in both bodies', () => {
    const mail = leadNotificationMail(lead(), links());
    expect(mail.subject).toBe('New lead from “Which coffee suits you?”: ann@example.com');
    for (const body of [mail.text, mail.html!]) {
      expect(body).toContain('Ann Lee');
      expect(body).toContain('ann@example.com');
      expect(body).toContain('Which coffee suits you?');
      expect(body).toContain('The Adventurer');
      expect(body).toContain('Adventurer');
      expect(body).toContain('80%');
      expect(body).toContain('Yes, agreed to hear from you');
      expect(body).toContain('2026-11-23 10:05 UTC');
    }
    expect(mail.text).toContain('Quiz: Which coffee suits you?');
    expect(mail.text).toContain('Score: 8');
    expect(mail.text).toContain(`See the report: ${appUrl}/app/Quiz/Analytics/quiz-1`);
    expect(mail.text).toContain(`Unsubscribe from these emails: ${links().unsubscribeUrl}`);
    expect(mail.html).toContain(`href="${appUrl}/app/Quiz/Analytics/quiz-1"`);
    expect(mail.html).toContain(`href="${links().unsubscribeUrl}"`);
    expect(mail.html).toContain('href="mailto:ann@example.com"');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links().unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('shows each tool’s result', () => {
    const vote = leadNotificationMail(
      lead({ tool: 'poll', item: { id: 'p1', title: 'Tea?' }, result: { vote: 'Tea' } }),
      links(),
    );
    expect(vote.text).toContain('Poll: Tea?');
    expect(vote.text).toContain('Vote: Tea');
    expect(vote.text).not.toContain('Score');
    expect(vote.text).toContain(`${appUrl}/app/poll/vote/p1`);
    const rating = leadNotificationMail(
      lead({ tool: 'feedback', item: { id: 'f1', title: 'Us' }, result: { rating: '4' } }),
      links(),
    );
    expect(rating.text).toContain('Web Response: Us');
    expect(rating.text).toContain('Rating: 4');
    const spin = leadNotificationMail(
      lead({ tool: 'wheel', item: { id: 'w1', title: 'Spin' }, result: { prize: '10% off' }, consent: false }),
      links(),
    );
    expect(spin.text).toContain('Prize: 10% off');
    expect(spin.text).toContain('Consent: No');
    expect(spin.html).toContain(`${appUrl}/app/wheelspin/response/w1`);
    const shopping = leadNotificationMail(
      lead({ result: { personality: 'Calm', prize: 'WIN-7KD2', products: 'Green tea, Teapot' } }),
      links(),
    );
    expect(shopping.text).toContain('Prize: WIN-7KD2');
    expect(shopping.text).toContain('Products: Green tea, Teapot');
  });

  it('escapes a hostile name, title and result, and keeps them short', () => {
    const mail = leadNotificationMail(
      lead({
        name: hostile,
        item: { id: 'q1', title: `${hostile}"` },
        result: { outcome: hostile, vote: `x${'y'.repeat(500)}` },
      }),
      links(),
    );
    expect(mail.html).not.toContain('<img');
    expect(mail.html).not.toMatch(/onerror=alert\(1\)>/);
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).not.toContain('y'.repeat(100));
    expect(mail.text).toContain(`Name: ${hostile}`);
    expect(mail.text).not.toContain('y'.repeat(100));
    expect(mail.subject).not.toMatch(/[\r\n]/);
  });

  it('lists the answers, question → answer, escaped in the HTML', () => {
    const mail = leadNotificationMail(lead({ answers }), links());
    expect(mail.text).toContain(
      [
        'Answers:',
        '- How do you like your roast?: Dark',
        '- How do you brew?: Espresso, Pour-over',
        '- Cups a day: 3',
        `- Note ${hostile}: ${hostile} & more`,
      ].join('\n'),
    );
    expect(mail.html).toContain('>Answers</h2>');
    expect(mail.html).toMatch(/How do you brew\?<\/th><td[^>]*>Espresso, Pour-over<\/td>/);
    expect(mail.html).toMatch(/Cups a day<\/th><td[^>]*>3<\/td>/);
    expect(mail.html).toContain('Note &lt;img src=x onerror=alert(1)&gt;</th>');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; more</td>');
    expect(mail.html).not.toContain('<img');
    expect(leadNotificationMail(lead(), links()).text).not.toContain('Answers:');
  });

  it('names a lead without a name plainly', () => {
    expect(leadNotificationMail(lead({ name: '  ' }), links()).text).toContain('Name: (no name given)');
  });
});

describe('hourly digest', () => {
  const leads = [
    lead({ email: 'b@example.com', capturedAt: '2026-11-23T10:20:00.000Z' }),
    lead({ tool: 'poll', item: { id: 'p1', title: 'Tea or coffee?' }, result: { vote: 'Tea' }, email: 'c@example.com' }),
    lead({ email: 'a@example.com', capturedAt: '2026-11-23T10:10:00.000Z', name: hostile }),
  ];

  it('groups by item, busiest first, with counts and each item’s report', () => {
    const mail = leadDigestMail(leads, links());
    expect(mail.subject).toBe('3 new leads in the last hour from 2 items');
    expect(mail.text).toContain('Quiz “Which coffee suits you?”: 2 leads');
    expect(mail.text).toContain('Poll “Tea or coffee?”: 1 lead');
    expect(mail.text.indexOf('Quiz “')).toBeLessThan(mail.text.indexOf('Poll “'));
    expect(mail.text.indexOf('a@example.com')).toBeLessThan(mail.text.indexOf('b@example.com'));
    expect(mail.text).toContain('Vote: Tea');
    expect(mail.text).toContain(`See the report: ${appUrl}/app/Quiz/Analytics/quiz-1`);
    expect(mail.text).toContain(`See the report: ${appUrl}/app/poll/vote/p1`);
    expect(mail.text).toContain(`Unsubscribe from these emails: ${links().unsubscribeUrl}`);
    expect(mail.html).toContain(`href="${appUrl}/app/poll/vote/p1"`);
    expect(mail.html).toContain(`href="${links().unsubscribeUrl}"`);
    expect(mail.html).not.toContain('<img');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.headers).toEqual({
      'List-Unsubscribe': `<${links().unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it(`lists at most ${digestLeadsPerItem} leads an item and counts the rest`, () => {
    const many = Array.from({ length: digestLeadsPerItem + 5 }, (_, index) => lead({ email: `u${index}@example.com` }));
    const mail = leadDigestMail(many, links());
    expect(mail.subject).toBe(`${digestLeadsPerItem + 5} new leads in the last hour from 1 item`);
    expect(mail.text).toContain('and 5 more');
    expect(mail.html).toContain('and 5 more');
    expect(mail.text.match(/^- .*<u\d+@example.com>/gm)).toHaveLength(digestLeadsPerItem);
  });

  it('lists each lead’s answers on its line, escaped in the HTML', () => {
    const mail = leadDigestMail([lead({ answers })], links());
    expect(mail.text).toContain('How do you like your roast? → Dark · How do you brew? → Espresso, Pour-over · Cups a day → 3');
    expect(mail.html).toContain('How do you brew? → Espresso, Pour-over');
    expect(mail.html).toContain('Note &lt;img src=x onerror=alert(1)&gt; → &lt;img src=x onerror=alert(1)&gt; &amp; more');
    expect(mail.html).not.toContain('<img');
  });

  it('says 1 new lead for one', () => {
    expect(leadDigestMail([lead()], links()).subject).toBe('1 new lead in the last hour from 1 item');
  });
});
