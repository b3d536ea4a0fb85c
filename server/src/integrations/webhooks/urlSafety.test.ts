import { describe, expect, it } from 'vitest';
import {
  blockedAddressReason,
  mappedIpv4,
  resolveWebhookTarget,
  validateWebhookUrl,
  zWebhookUrl,
  type WebhookLookup,
} from './urlSafety.ts';

/** A DNS where every name is public unless listed. */
function dns(records: Record<string, string[]>): WebhookLookup & { calls: string[] } {
  const calls: string[] = [];
  const lookup = async (hostname: string) => {
    calls.push(hostname);
    const addresses = records[hostname] ?? ['93.184.215.14'];
    if (addresses.length === 0) throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(lookup, { calls });
}

const refusedLiterals = [
  ['http://127.0.0.1/hook', /127\.0\.0\.1: it is a loopback address/],
  ['http://127.1.2.3:8080/hook', /loopback/],
  ['https://10.0.0.1/hook', /10\.0\.0\.1: it is a private address/],
  ['https://172.16.5.4/', /private/],
  ['https://192.168.1.1/', /private/],
  ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254: it is a link-local address/],
  ['http://100.64.0.1/', /carrier-grade NAT/],
  ['http://0.0.0.0/', /unspecified/],
  ['http://224.0.0.1/', /multicast/],
  ['http://255.255.255.255/', /broadcast/],
  ['http://[::1]/hook', /::1: it is a loopback address/],
  ['http://[::]/hook', /unspecified/],
  ['http://[fc00::1]/hook', /fc00::1: it is a unique local/],
  ['http://[fd12:3456::1]/hook', /unique local/],
  ['http://[fe80::1]/hook', /link-local/],
  ['http://[ff02::1]/hook', /multicast/],
  ['http://[::ffff:127.0.0.1]/hook', /IPv4-mapped address of 127\.0\.0\.1, a loopback address/],
  ['http://[::ffff:a9fe:a9fe]/hook', /IPv4-mapped address of 169\.254\.169\.254, a link-local/],
  ['http://[0:0:0:0:0:ffff:10.0.0.1]/hook', /IPv4-mapped address of 10\.0\.0\.1, a private address/],
  // Other spellings of loopback the URL parser normalises.
  ['http://2130706433/hook', /127\.0\.0\.1: it is a loopback/],
  ['http://0x7f.1/hook', /127\.0\.0\.1: it is a loopback/],
] as const;

describe('blockedAddressReason', () => {
  it('names the range of every blocked address and passes public ones', () => {
    expect(blockedAddressReason('8.8.8.8')).toBeUndefined();
    expect(blockedAddressReason('2606:4700:4700::1111')).toBeUndefined();
    expect(blockedAddressReason('::ffff:8.8.8.8')).toBeUndefined();
    expect(blockedAddressReason('172.32.0.1')).toBeUndefined();
    expect(blockedAddressReason('100.128.0.1')).toBeUndefined();
    expect(blockedAddressReason('172.31.255.255')).toMatch(/private/);
    expect(blockedAddressReason('[::1]')).toMatch(/loopback/);
    expect(blockedAddressReason('fe80::1%eth0')).toMatch(/link-local/);
    expect(blockedAddressReason('example.com')).toBe('example.com is not an IP address');
    expect(blockedAddressReason('[::ffff:7f00:1]')).toBe(
      '::ffff:7f00:1 is an IPv4-mapped address of 127.0.0.1, a loopback address',
    );
    expect(mappedIpv4('::ffff:7f00:1')).toBe('127.0.0.1');
    expect(mappedIpv4('::ffff:127.0.0.1')).toBe('127.0.0.1');
    expect(mappedIpv4('::1')).toBeUndefined();
  });
});

describe('validateWebhookUrl (when an endpoint is saved)', () => {
  it.each(refusedLiterals)('refuses %s', async (url, reason) => {
    const lookup = dns({});
    expect(await validateWebhookUrl(url, { lookup })).toMatch(reason);
    expect(lookup.calls).toEqual([]);
  });

  it('refuses a hostname that resolves to loopback, and localhost by name whatever DNS says', async () => {
    const lookup = dns({ 'hooks.evil.test': ['127.0.0.1'], localhost: ['93.184.215.14'] });
    expect(await validateWebhookUrl('https://hooks.evil.test/x', { lookup })).toBe(
      'Webhooks cannot be sent to hooks.evil.test: it resolves to 127.0.0.1, a loopback address',
    );
    expect(await validateWebhookUrl('http://localhost:3000/x', { lookup })).toMatch(/localhost: it names this machine/);
    expect(await validateWebhookUrl('http://LOCALHOST./x', { lookup })).toMatch(/localhost: it names this machine/);
    expect(await validateWebhookUrl('http://app.localhost/x', { lookup })).toMatch(/names this machine/);
    expect(await validateWebhookUrl('http://metadata.google.internal/x', { lookup })).toMatch(/internal service/);
  });

  it('with the real DNS, localhost is refused too', async () => {
    expect(await validateWebhookUrl('http://localhost/x')).toMatch(/localhost/);
  });

  it('checks every resolved address, not only the first', async () => {
    const lookup = dns({ 'mixed.example': ['93.184.215.14', '2606:2800::1', 'fd00::7'] });
    expect(await validateWebhookUrl('https://mixed.example/hook', { lookup })).toMatch(
      /mixed\.example: it resolves to fd00::7, a unique local/,
    );
    const mapped = dns({ 'mapped.example': ['::ffff:10.1.2.3'] });
    expect(await validateWebhookUrl('https://mapped.example/hook', { lookup: mapped })).toMatch(
      /resolves to ::ffff:10\.1\.2\.3, an IPv4-mapped address of 10\.1\.2\.3, a private address/,
    );
  });

  it('refuses schemes other than http and https, credentials in the URL, and what is not a URL', async () => {
    expect(await validateWebhookUrl('ftp://example.com/x')).toMatch(/Only http and https URLs.*not ftp/);
    expect(await validateWebhookUrl('file:///etc/passwd')).toMatch(/not file/);
    expect(await validateWebhookUrl('javascript:alert(1)')).toMatch(/not javascript/);
    expect(await validateWebhookUrl('https://user:pass@example.com/x', { lookup: dns({}) })).toMatch(/user name or password/);
    expect(await validateWebhookUrl('https://token@example.com/x', { lookup: dns({}) })).toMatch(/user name or password/);
    expect(await validateWebhookUrl('example.com/hook')).toMatch(/full URL/);
  });

  it('passes a public https URL, and says when a name does not resolve', async () => {
    const lookup = dns({ 'nowhere.example': [] });
    expect(await validateWebhookUrl('https://hooks.example.com/in?x=1', { lookup })).toBeUndefined();
    expect(await validateWebhookUrl('http://93.184.215.14:8080/in', { lookup })).toBeUndefined();
    expect(await validateWebhookUrl('https://nowhere.example/', { lookup })).toMatch(
      /nowhere\.example could not be resolved \(ENOTFOUND\)/,
    );
    const slow: WebhookLookup = () => new Promise(() => {});
    expect(await validateWebhookUrl('https://slow.example/', { lookup: slow, lookupTimeoutMs: 50 })).toMatch(
      /DNS did not answer in time/,
    );
  });

  it('WEBHOOKS_ALLOW_PRIVATE lets private addresses through (development and tests)', async () => {
    const lookup = dns({ 'hooks.evil.test': ['127.0.0.1'] });
    expect(await validateWebhookUrl('http://127.0.0.1:4000/x', { allowPrivate: true })).toBeUndefined();
    expect(await validateWebhookUrl('http://hooks.evil.test/x', { allowPrivate: true, lookup })).toBeUndefined();
    expect(await validateWebhookUrl('ftp://127.0.0.1/x', { allowPrivate: true })).toMatch(/Only http and https/);
  });

  it('resolveWebhookTarget gives the address to pin: the first, once all passed', async () => {
    const lookup = dns({ 'two.example': ['93.184.215.14', '93.184.215.15'] });
    const target = await resolveWebhookTarget('https://two.example/x', { lookup });
    expect(target).toMatchObject({ ok: true, hostname: 'two.example', pinned: { address: '93.184.215.14', family: 4 } });
  });

  it('zWebhookUrl puts the reason on the field', async () => {
    const result = await zWebhookUrl({ lookup: dns({}) }).safeParseAsync('http://[::1]/x');
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toMatch(/::1: it is a loopback address/);
    expect((await zWebhookUrl({ lookup: dns({}) }).safeParseAsync(' https://hooks.example.com/x ')).data).toBe(
      'https://hooks.example.com/x',
    );
    expect((await zWebhookUrl().safeParseAsync('')).error!.issues[0]!.message).toMatch(/Enter the URL/);
  });
});
