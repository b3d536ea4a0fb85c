import { describe, expect, it } from 'vitest';
import de from './i18n/catalogue/de.ts';
import { translator } from './i18n/translate.ts';
import { renderResultEmail, safeHttpUrl, type ResultEmailInput } from './resultEmail.ts';

const input = (overrides: Partial<ResultEmailInput> = {}): ResultEmailInput => ({
  subject: 'Your result: {result}',
  body: 'Hi {name}, you are {personality} ({score}).\n{products}\n{prize_code}',
  data: {
    name: 'Ada',
    result: 'Adventurer',
    score: '80%',
    personality: 'Adventurer',
    products: [
      { title: 'Trail boots', url: 'https://shop.example/boots', image: 'https://cdn.example/boots.png', price: '90 EUR' },
    ],
    prize: { code: 'SAVE-10', expiresAt: '2026-12-31T00:00:00.000Z' },
  },
  t: translator('en', undefined),
  language: 'en',
  unsubscribeUrl: 'https://app.example/results/unsubscribe?token=abc',
  poweredBy: { text: 'Powered By Quizlead', url: 'https://app.example/' },
  ...overrides,
});

describe('renderResultEmail', () => {
  it('fills every placeholder in the subject, the text and the HTML', () => {
    const mail = renderResultEmail(input());
    expect(mail.subject).toBe('Your result: Adventurer');
    expect(mail.text).toContain('Hi Ada, you are Adventurer (80%).');
    expect(mail.text).toContain('Trail boots · 90 EUR · https://shop.example/boots');
    expect(mail.text).toContain('Your code: SAVE-10');
    expect(mail.text).toContain('Valid until December 31, 2026');
    expect(mail.html).toContain('<img src="https://cdn.example/boots.png"');
    expect(mail.html).toContain('<a href="https://shop.example/boots" style="color:#1a56db">View</a>');
    expect(mail.html).toContain('<strong>Your code: SAVE-10</strong>');
    expect(mail.html).not.toMatch(/\{(name|result|score|personality|products|prize_code)\}/);
  });

  it('escapes the owner’s text and the visitor’s name in the HTML', () => {
    const mail = renderResultEmail(
      input({
        body: '<script>alert(1)</script> Hello {name}',
        data: { ...input().data, name: '<img src=x onerror=alert(1)>', products: [] },
      }),
    );
    expect(mail.html).not.toContain('<script>');
    expect(mail.html).not.toContain('<img src=x');
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt; Hello &lt;img src=x onerror=alert(1)&gt;');
  });

  it('links products only over http(s)', () => {
    const mail = renderResultEmail(
      input({
        data: {
          ...input().data,
          products: [{ title: 'Bad', url: 'javascript:alert(1)', image: 'data:image/png;base64,AAAA' }],
        },
      }),
    );
    expect(mail.html).not.toContain('javascript:');
    expect(mail.html).not.toContain('data:image');
    expect(mail.html).toContain('<strong>Bad</strong>');
    expect(safeHttpUrl('http://shop.example/a')).toBe('http://shop.example/a');
    expect(safeHttpUrl('ftp://shop.example/a')).toBeUndefined();
    expect(safeHttpUrl('/relative')).toBeUndefined();
  });

  it('uses the visitor language’s defaults and built-in words when the owner left them empty', () => {
    const mail = renderResultEmail(input({ subject: '', body: '', t: translator('de', de), language: 'de' }));
    expect(mail.subject).toBe('Dein Ergebnis: Adventurer');
    expect(mail.text).toContain('Hallo Ada,');
    expect(mail.text).toContain('Gültig bis 31. Dezember 2026');
    expect(mail.html).toContain('>Ansehen</a>');
    expect(mail.html).toContain('>Abmelden</a>');
    expect(mail.html).toContain('<html lang="de" dir="ltr">');
  });

  it('always has the unsubscribe link, and Powered By only for free accounts', () => {
    const free = renderResultEmail(input());
    expect(free.html).toContain('href="https://app.example/results/unsubscribe?token=abc"');
    expect(free.text).toContain('Unsubscribe: https://app.example/results/unsubscribe?token=abc');
    expect(free.html).toContain('Powered By Quizlead');
    const paid = renderResultEmail(input({ poweredBy: null }));
    expect(paid.html).toContain('>Unsubscribe</a>');
    expect(paid.html).not.toContain('Powered By');
    expect(paid.text).not.toContain('Powered By');
  });

  it('keeps the subject on one line', () => {
    const mail = renderResultEmail(input({ subject: 'Result\n{result}' }));
    expect(mail.subject).toBe('Result Adventurer');
  });
});

it('leaves no run of empty lines where a placeholder has nothing to show', () => {
  const mail = renderResultEmail(
    input({ body: 'Hi {name},\n\n{products}\n\n{prize_code}\n\nBye', data: { ...input().data, products: [], prize: undefined } }),
  );
  expect(mail.text.startsWith('Hi Ada,\n\nBye\n')).toBe(true);
  expect(mail.html).toContain('Hi Ada,<br><br>Bye</div>');
});
