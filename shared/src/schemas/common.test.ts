import { describe, expect, it } from 'vitest';
import { messages } from '../validations.ts';
import { normalizeCompanyUrl, uploadedFileIdOf, ZCompanyUrl, ZEmail, ZImageRef } from './common.ts';

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
