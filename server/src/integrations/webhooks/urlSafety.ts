import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/**
 * SSRF defences for owner-supplied webhook URLs (reference B4; Formbricks' validate-webhook-url is the model),
 * and the same for every call to a third-party API whose address settings decide (external/externalFetch.ts:
 * CRMs' account URLs, data centres, domains), with `httpsOnly` outside development.
 * Checked when an endpoint is saved (`validateWebhookUrl`) and again before every send (`resolveWebhookTarget`,
 * whose checked address the sender then pins, so a DNS rebind between check and connect cannot swap it):
 * - http and https only, no credentials in the URL;
 * - the hostname resolved, and **every** address checked against the ranges below (an IPv4-mapped IPv6
 *   address is checked as the IPv4 it carries);
 * - private addresses only with WEBHOOKS_ALLOW_PRIVATE=true (refused in production by env.ts).
 */

/** A resolved address, as node's dns.lookup({ all: true }) gives it. */
export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Resolves a hostname to all its addresses. Tests pass their own; the default is node's dns.lookup. */
export type WebhookLookup = (hostname: string) => Promise<ResolvedAddress[]>;

export const defaultWebhookLookup: WebhookLookup = (hostname) => dnsLookup(hostname, { all: true });

export interface UrlSafetyOptions {
  /** WEBHOOKS_ALLOW_PRIVATE: development and tests only. */
  allowPrivate?: boolean;
  lookup?: WebhookLookup;
  /** Gives up on DNS after this long (default 3 s). */
  lookupTimeoutMs?: number;
  /** Only https (third-party APIs outside development); webhooks take http too. */
  httpsOnly?: boolean;
  /** What is refused, for the message: 'Webhooks' (the default) or e.g. 'Calls to ActiveCampaign'. */
  refused?: string;
}

type Range = readonly [network: string, prefix: number, kind: string];

/** Every range a webhook may not reach, with the words the owner is shown. */
const ipv4Ranges: readonly Range[] = [
  ['0.0.0.0', 8, 'an unspecified ("this network") address'],
  ['10.0.0.0', 8, 'a private address'],
  ['100.64.0.0', 10, 'a carrier-grade NAT (shared) address'],
  ['127.0.0.0', 8, 'a loopback address'],
  ['169.254.0.0', 16, 'a link-local address (cloud metadata lives there)'],
  ['172.16.0.0', 12, 'a private address'],
  ['192.0.0.0', 24, 'an IETF protocol-assignment address'],
  ['192.0.2.0', 24, 'a documentation address'],
  ['192.168.0.0', 16, 'a private address'],
  ['198.18.0.0', 15, 'a benchmarking address'],
  ['198.51.100.0', 24, 'a documentation address'],
  ['203.0.113.0', 24, 'a documentation address'],
  ['224.0.0.0', 4, 'a multicast address'],
  ['240.0.0.0', 4, 'a reserved or broadcast address'],
];

const ipv6Ranges: readonly Range[] = [
  ['::', 128, 'an unspecified address'],
  ['::1', 128, 'a loopback address'],
  // The rest of ::/96: the deprecated IPv4-compatible form (::127.0.0.1).
  ['::', 96, 'an IPv4-compatible address'],
  ['64:ff9b::', 96, 'a NAT64 address'],
  ['64:ff9b:1::', 48, 'a NAT64 address'],
  ['100::', 64, 'a discard-only address'],
  ['2001:db8::', 32, 'a documentation address'],
  ['2002::', 16, 'a 6to4 address'],
  ['fc00::', 7, 'a unique local (private) address'],
  ['fe80::', 10, 'a link-local address'],
  ['fec0::', 10, 'a site-local (private) address'],
  ['ff00::', 8, 'a multicast address'],
];

const blockLists = [
  ...ipv4Ranges.map(([network, prefix, kind]) => ({ kind, list: subnet(network, prefix, 'ipv4') })),
  ...ipv6Ranges.map(([network, prefix, kind]) => ({ kind, list: subnet(network, prefix, 'ipv6') })),
];

function subnet(network: string, prefix: number, type: 'ipv4' | 'ipv6'): BlockList {
  const list = new BlockList();
  list.addSubnet(network, prefix, type);
  return list;
}

/** Names that mean this machine or the cloud's metadata service whatever DNS says. */
const blockedHostnames = new Set([
  'localhost',
  'localhost.localdomain',
  'ip6-localhost',
  'ip6-loopback',
  'metadata.google.internal',
  'metadata',
]);

/** The IPv4 address inside an IPv4-mapped IPv6 address (::ffff:a.b.c.d or ::ffff:hhhh:hhhh), else undefined. */
export function mappedIpv4(address: string): string | undefined {
  const canonical = canonicalIpv6(address);
  const dotted = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(canonical);
  if (dotted) return dotted[1];
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(canonical);
  if (!hex) return undefined;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/** The WHATWG URL parser's canonical spelling of an IPv6 address (lower case, zeros compressed). */
function canonicalIpv6(address: string): string {
  try {
    return new URL(`http://[${address.replace(/%.*$/, '')}]/`).hostname.slice(1, -1);
  } catch {
    return address.toLowerCase();
  }
}

/** The kind of blocked range `address` (an IP literal) is in, in words; undefined for a public address. */
function blockedKind(address: string): string | undefined {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(bare);
  if (family === 0) return 'not an IP address';
  if (family === 6) {
    const v4 = mappedIpv4(bare);
    if (v4 !== undefined) {
      const inner = blockedKind(v4);
      return inner && `an IPv4-mapped address of ${v4}, ${inner}`;
    }
  }
  const type = family === 4 ? 'ipv4' : 'ipv6';
  return blockLists.find(({ list }) => list.check(bare, type))?.kind;
}

/** Why a webhook may not be sent to `address` (an IP literal), e.g. '10.0.0.1 is a private address'; undefined when public. */
export function blockedAddressReason(address: string): string | undefined {
  const kind = blockedKind(address);
  return kind && `${address.replace(/^\[|\]$/g, '')} is ${kind}`;
}

export type UrlCheck = { ok: true; url: URL } | { ok: false; message: string };

/** The checks that need no DNS: scheme, credentials, a hostname at all. */
export function checkWebhookUrlSyntax(text: string): UrlCheck {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return { ok: false, message: 'Enter a full URL starting with https:// (or http://)' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return { ok: false, message: `Only http and https URLs can receive webhooks, not ${url.protocol.replace(/:$/, '')}` };
  if (url.username || url.password)
    return { ok: false, message: 'The URL may not contain a user name or password: use the signing secret instead' };
  if (!url.hostname) return { ok: false, message: 'The URL has no host' };
  return { ok: true, url };
}

/** The URL's host without IPv6 brackets or a trailing root dot, lower case. */
export function bareHostname(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.$/, '')
    .toLowerCase();
}

export type TargetCheck =
  | { ok: true; url: URL; hostname: string; addresses: ResolvedAddress[]; pinned: ResolvedAddress }
  | { ok: false; message: string; /** DNS did not answer: worth trying again later. */ transient?: boolean };

class LookupTimeout extends Error {}

/**
 * Every check, DNS included: the address to connect to (`pinned`, the first resolved one) once every
 * resolved address has passed. Called at save and before each send.
 */
export async function resolveWebhookTarget(text: string, options: UrlSafetyOptions = {}): Promise<TargetCheck> {
  const syntax = checkWebhookUrlSyntax(text);
  if (!syntax.ok) return syntax;
  const { url } = syntax;
  const refused = options.refused ?? 'Webhooks';
  if (options.httpsOnly && url.protocol !== 'https:')
    return { ok: false, message: `${refused} must use https, not ${url.protocol.replace(/:$/, '')}` };
  const hostname = bareHostname(url);
  const allowPrivate = options.allowPrivate === true;
  const literal = isIP(hostname);
  if (literal) {
    const kind = allowPrivate ? undefined : blockedKind(hostname);
    if (kind) return { ok: false, message: `${refused} cannot be sent to ${hostname}: it is ${kind}` };
    const address = { address: hostname, family: literal };
    return { ok: true, url, hostname, addresses: [address], pinned: address };
  }
  if (!allowPrivate && (blockedHostnames.has(hostname) || hostname.endsWith('.localhost')))
    return { ok: false, message: `${refused} cannot be sent to ${hostname}: it names this machine or an internal service` };
  let addresses: ResolvedAddress[];
  let timer: NodeJS.Timeout | undefined;
  try {
    const lookup = options.lookup ?? defaultWebhookLookup;
    addresses = await Promise.race([
      lookup(hostname),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new LookupTimeout()), options.lookupTimeoutMs ?? 3000);
      }),
    ]);
  } catch (error) {
    const why =
      error instanceof LookupTimeout ? 'DNS did not answer in time' : ((error as { code?: string }).code ?? 'DNS error');
    return { ok: false, message: `${hostname} could not be resolved (${why})`, transient: true };
  } finally {
    clearTimeout(timer);
  }
  if (addresses.length === 0) return { ok: false, message: `${hostname} has no addresses`, transient: true };
  if (!allowPrivate)
    for (const { address } of addresses) {
      const kind = blockedKind(address);
      if (kind) return { ok: false, message: `${refused} cannot be sent to ${hostname}: it resolves to ${address}, ${kind}` };
    }
  return { ok: true, url, hostname, addresses, pinned: addresses[0]! };
}

/**
 * For saving an endpoint: undefined when the URL may receive webhooks, else the reason in words for
 * the form, e.g. `ctx.addIssue({ code: 'custom', message })` in a zod superRefine.
 */
export async function validateWebhookUrl(text: string, options: UrlSafetyOptions = {}): Promise<string | undefined> {
  const check = await resolveWebhookTarget(text, options);
  return check.ok ? undefined : check.message;
}

/** A zod field for an endpoint's URL in a settings form (parse with parseAsync / safeParseAsync). */
export function zWebhookUrl(options: UrlSafetyOptions = {}) {
  return z
    .string()
    .trim()
    .min(1, 'Enter the URL that should receive the webhooks')
    .superRefine(async (text, ctx) => {
      const message = await validateWebhookUrl(text, options);
      if (message) ctx.addIssue({ code: 'custom', message });
    });
}
