/**
 * A stand-in for what Shopify gives a UI extension (the `shopify` global of the Thank you and Order status
 * targets: session token, storage, order, i18n with the extension's own locale files) and for the app behind
 * fetch. Each request is recorded with its headers and body; each response is scripted by the test.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { vi } from 'vitest';
import type { SignalLike } from '../host.ts';

// A path, not a URL: happy-dom's URL is not one node:fs takes.
const localesDir = fileURLToPath(import.meta.resolve('../../locales/'));
export const readLocale = (file: string) => JSON.parse(readFileSync(`${localesDir}${file}`, 'utf8')) as Record<string, string>;

/** A subscribable value like Shopify's, which the test can change. */
export function signal<T>(initial: T): SignalLike<T> & { set(value: T): void } {
  let value = initial;
  const listeners = new Set<(value: T) => void>();
  return {
    get value() {
      return value;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    set(next) {
      value = next;
      for (const listener of listeners) listener(next);
    },
  };
}

export const TOKEN = 'header.payload.signature';
export const CONFIRMATION_ID = 'gid://shopify/OrderIdentity/5550001';
export const ORDER_ID = 'gid://shopify/Order/5550001';

export function shopifyStandIn(options: { stored?: Record<string, unknown>; locale?: string } = {}) {
  const stored = new Map(Object.entries(options.stored ?? {}));
  const messages = readLocale('en.default.json');
  return {
    sessionToken: { get: vi.fn(async () => TOKEN) },
    storage: {
      read: vi.fn(async (key: string) => stored.get(key) ?? null),
      write: vi.fn(async (key: string, value: unknown) => {
        stored.set(key, value);
      }),
    },
    i18n: {
      // Shopify's lookup with the default locale file: a key missing from it is a bug, so it throws here.
      translate: (key: string, replacements: Record<string, string | number> = {}) => {
        const message = messages[key];
        if (message === undefined) throw new Error(`locales/en.default.json has no "${key}"`);
        return message.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(replacements[name]));
      },
    },
    localization: { language: signal({ isoCode: options.locale ?? 'fr-CA' }) },
    orderConfirmation: signal({ order: { id: CONFIRMATION_ID }, number: 'X7KD2Q', isFirstOrder: true }),
    order: signal<{ id: string; name: string } | undefined>({ id: ORDER_ID, name: '#1001' }),
    stored,
  };
}

export interface RecordedRequest {
  url: URL;
  method: string;
  headers: Headers;
  body: unknown;
  signal: AbortSignal | undefined;
}

type Reply = { status: number; body?: unknown } | 'never' | 'network-error';

/** A fetch that answers each request with the next reply for its method (the last one repeats). */
export function appStandIn(replies: { GET?: Reply[]; POST?: Reply[] }) {
  const requests: RecordedRequest[] = [];
  const pending = { GET: [...(replies.GET ?? [])], POST: [...(replies.POST ?? [])] };
  const fetch = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET') as 'GET' | 'POST';
    requests.push({
      url: new URL(String(input)),
      method,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      signal: init.signal ?? undefined,
    });
    const queue = pending[method];
    const reply = (queue.length > 1 ? queue.shift() : queue[0]) ?? { status: 500 };
    // A slow app: the request is never answered, whatever its signal says.
    if (reply === 'never') return new Promise<Response>(() => undefined);
    if (reply === 'network-error') throw new TypeError('Failed to fetch');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  return { fetch, requests };
}
