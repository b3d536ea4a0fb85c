import { describe, expect, it } from 'vitest';
import { messages } from '../validations.ts';
import { z } from 'zod';
import { checkEmail } from '../email.ts';
import { engagementEmail } from './engagement.ts';
import { parseRecipientList } from './notifications.ts';
import { normalizeCompanyUrl, uploadedFileIdOf, ZCompanyUrl, ZEmail, ZImageRef, ZSingleLine } from './common.ts';

describe('normalizeCompanyUrl', () => {
  it('prepends https:// unless the url starts with http:// or https:// in any case', () => {
    expect(normalizeCompanyUrl('example.com')).toBe('https://example.com');
    expect(normalizeCompanyUrl('  example.com/path ')).toBe('https://example.com/path');
    expect(normalizeCompanyUrl('http://example.com')).toBe('http://example.com');
    expect(normalizeCompanyUrl('HTTPS://example.com')).toBe('HTTPS://example.com');
    expect(normalizeCompanyUrl('')).toBe('');
  });

  it('refuses what is not a url even with https:// in front', () => {
    expect(ZCompanyUrl.safeParse('exa mple').success).toBe(false);
  });
});

describe('ZEmail', () => {
  it('trims and checks', () => {
    expect(ZEmail.parse('  a@b.co ')).toBe('a@b.co');
    expect(ZEmail.safeParse('a b@c.co').success).toBe(false);
  });

  it('takes a domain in any script and answers it in punycode, as node:url’s domainToASCII does', () => {
    // The values node:url's domainToASCII gives (shared has no Node types to call it here).
    const ascii = {
      'bücher.de': 'xn--bcher-kva.de',
      'пример.рф': 'xn--e1afmkfd.xn--p1ai',
      '例子.中国': 'xn--fsqu00a.xn--fiqs8s',
      'BÜCHER.de': 'xn--bcher-kva.de',
      'straße.de': 'xn--strae-oqa.de',
    };
    for (const [domain, expected] of Object.entries(ascii)) expect(ZEmail.parse(`mia@${domain}`)).toBe(`mia@${expected}`);
    expect(ZEmail.parse('Mia.Mail+tag@Example.COM')).toBe('Mia.Mail+tag@Example.COM');
    expect(checkEmail('mia@xn--e1afmkfd.xn--p1ai')).toEqual({ ok: true, email: 'mia@xn--e1afmkfd.xn--p1ai' });
  });

  it('says what is wrong with a part before the @ in another script, and refuses the rest as before', () => {
    for (const email of ['jürgen@example.com', 'почта@пример.рф', '用户@例子.中国']) {
      expect(ZEmail.safeParse(email).error?.issues[0]?.message).toBe(messages.email.localPartNotLatin);
    }
    for (const email of [
      'mia@',
      '@example.com',
      'mia@bücher',
      'mia@exa mple.com',
      'mia@bü/cher.de',
      'a..b@example.com',
      `${'a'.repeat(250)}@bücher.de`,
    ]) {
      expect(ZEmail.safeParse(email).error?.issues[0]?.message, email).toBe(messages.auth.invalidEmail);
    }
  });
});

describe('ZSingleLine', () => {
  it('refuses control characters and line separators, naming the field; takes any script', () => {
    const name = ZSingleLine(z.string().trim(), 'Full Name');
    for (const value of [
      'Ann\nLee',
      'Ann\rLee',
      'Ann\tLee',
      'Ann\u0000',
      'Ann\u007f',
      'Ann\u0085',
      'Ann\u2028Lee',
      'Ann\u2029Lee',
    ])
      expect(name.safeParse(value).error?.issues[0]?.message, JSON.stringify(value)).toBe(messages.text.singleLine('Full Name'));
    for (const value of ['Zoë O’Brien-Łukasz', '山田 太郎', 'محمد', ' Ann \n']) expect(name.safeParse(value).success).toBe(true);
  });
});

describe('ZImageRef', () => {
  const id = '0b7e3f52-5c1e-4a8e-9a35-3f1d2c4b5a69';

  it('takes null, an upload’s url, a template illustration or an https address', () => {
    const image = ZImageRef();
    expect(image.parse(undefined)).toBeNull();
    for (const url of [`/files/${id}`, '/template-images/coffee-light.svg', 'https://cdn.example.com/a.png?w=2#x']) {
      expect(image.parse(` ${url} `)).toBe(url);
    }
    expect(uploadedFileIdOf(`/files/${id}`)).toBe(id);
    expect(uploadedFileIdOf('https://cdn.example.com/files/x')).toBeUndefined();
  });

  it('refuses every other scheme, spelling and character with the message it is given', () => {
    const urls = [
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      'http://cdn.example.com/a.png',
      'data:image/png;base64,AAAA',
      'blob:https://example.com/x',
      '//cdn.example.com/a.png',
      'https://',
      'https:///path',
      'https://cdn.example.com/a b.png',
      'https://cdn.example.com/a.png")',
      "https://cdn.example.com/a.png'",
      'https://cdn.example.com/<svg>',
      `/files/${id.toUpperCase()}`,
      `/files/${id}/`,
      `/files/${id}?x`,
      '/files/../etc/passwd',
      '/template-images/../secret.svg',
      '/template-images/a.png',
      `https://cdn.example.com/${'a'.repeat(2048)}`,
    ];
    for (const url of urls) {
      const result = ZImageRef('Nope').safeParse(url);
      expect(result.success, url).toBe(false);
      expect(result.error?.issues[0]?.message, url).toBe('Nope');
    }
    expect(ZImageRef().safeParse(42).error?.issues[0]?.message).toBe(messages.images.invalid);
  });
});

describe('engagementEmail and the notification recipients: the same email rule', () => {
  const rules = { required: true, requiredMessage: 'required', invalidMessage: 'invalid' };

  it('take a Unicode domain in punycode and say what is wrong with a non-Latin local part', () => {
    expect(engagementEmail(' vote@bücher.de ', rules)).toEqual({ email: 'vote@xn--bcher-kva.de' });
    expect(engagementEmail('jürgen@example.com', rules)).toEqual({ error: messages.email.localPartNotLatin });
    expect(engagementEmail('nope@', rules)).toEqual({ error: 'invalid' });
    expect(parseRecipientList('a@bücher.de, A@XN--BCHER-KVA.DE')).toEqual({ ok: true, recipients: ['a@xn--bcher-kva.de'] });
    expect(parseRecipientList('jürgen@example.com')).toMatchObject({
      ok: false,
      error: `"jürgen@example.com": ${messages.email.localPartNotLatin}`,
    });
  });
});
