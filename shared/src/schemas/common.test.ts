import { describe, expect, it } from 'vitest';
import { normalizeCompanyUrl, ZCompanyUrl, ZEmail } from './common.ts';

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
