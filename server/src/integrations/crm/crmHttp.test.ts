import { describe, expect, it } from 'vitest';
import { CrmCall, leadTags, resultFields, retryAfterHeader, retryAfterOr, splitName } from './crmHttp.ts';
import { quizLead } from '../../test/fakes/crm/leadKit.ts';

describe('crmHttp', () => {
  it('splits a name into first and the rest', () => {
    expect(splitName('  Ann  Lee Smith ')).toEqual({ first: 'Ann', last: 'Lee Smith' });
    expect(splitName('Ann')).toEqual({ first: 'Ann', last: '' });
    expect(splitName('')).toEqual({ first: '', last: '' });
  });

  it('puts the account tag first, then the lead’s tags, once each', () => {
    expect(leadTags(quizLead({ tags: ['a', ' b ', 'a', ''] }), 'b')).toEqual(['b', 'a']);
    expect(leadTags(quizLead({ tags: ['a'] }), undefined)).toEqual(['a']);
  });

  it('labels the result for custom fields', () => {
    expect(resultFields(quizLead({ result: { score: 0, prize: '10% off', vote: '', products: 'Green tea, Teapot' } }))).toEqual([
      { name: 'Source', value: 'quiz: Which trip suits you?' },
      { name: 'Score', value: '0' },
      { name: 'Prize', value: '10% off' },
      { name: 'Products', value: 'Green tea, Teapot' },
    ]);
  });

  it("waits a 429's Retry-After, else the provider's own pause", () => {
    const answer = (headers: Record<string, string>) => ({
      status: 429,
      headers: new Headers(headers),
      text: '',
      json: undefined,
    });
    expect(retryAfterOr(30_000)(answer({ 'retry-after': '2' }))).toBe(2000);
    expect(retryAfterOr(30_000)(answer({}))).toBe(30_000);
  });

  it('reads Retry-After as seconds or as an HTTP date', () => {
    expect(retryAfterHeader(new Headers({ 'retry-after': '7' }))).toBe(7000);
    const date = new Date(Date.now() + 60_000).toUTCString();
    expect(retryAfterHeader(new Headers({ 'retry-after': date }))).toBeGreaterThan(55_000);
    expect(retryAfterHeader(new Headers())).toBeUndefined();
  });

  it('redacts secrets in clear, URL-encoded and in credential headers; a network error is retryable', async () => {
    const secret = 'se/cret+key==';
    const call = new CrmCall(
      () => Promise.reject(new TypeError('fetch failed', { cause: new Error(`connect ECONNREFUSED ${secret}`) })),
      [secret, '', undefined],
    );
    const outcome = await call.send('POST', `https://x.test/?k=${encodeURIComponent(secret)}`, {
      headers: { Authorization: `Basic ${secret}`, 'X-Other': secret },
      body: `{"key":"${secret}"}`,
      messageOf: () => undefined,
    });
    expect(outcome).toMatchObject({ ok: false, outcome: { ok: false, retryable: true } });
    const text = JSON.stringify(call.exchange) + (outcome.ok ? '' : outcome.outcome.message);
    expect(text).not.toContain(secret);
    expect(text).not.toContain(encodeURIComponent(secret));
    expect(call.exchange[0]!.request.headers).toEqual({ authorization: 'Basic [redacted]', 'x-other': '[redacted]' });
  });
});
