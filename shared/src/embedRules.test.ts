import { describe, expect, it } from 'vitest';
import {
  audienceAllows,
  cartAllows,
  countryAllows,
  embedHistoryKey,
  frequencyAllows,
  noteHistory,
  readEmbedRules,
  readHistory,
  sessionStart,
  writeEmbedRules,
  type VisitorFacts,
} from './embedRules.ts';

const facts: VisitorFacts = {
  visitor: 'new',
  device: 'desktop',
  customer: '',
  landing: new URL('https://shop.test/collections/sale?utm_source=Newsletter&utm_medium=email&utm_campaign=spring'),
  referrer: 'https://mail.google.com/mail/u/0/',
  tags: '',
  now: Date.parse('2026-12-10T12:00:00Z'),
};

function memory(): Storage {
  const map = new Map<string, string>();
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  } as Storage;
}

const day = 86_400_000;

describe('the rules attribute', () => {
  it('writes the rules in a fixed order, values encoded, and reads them back', () => {
    const text = writeEmbedRules({ every: '7', visitor: 'returning', utm_campaign: 'a;b=c', landing: '' });
    expect(text).toBe('visitor=returning;utm_campaign=a%3Bb%3Dc;every=7');
    expect(readEmbedRules(text)).toEqual({ visitor: 'returning', utm_campaign: 'a;b=c', every: '7' });
  });

  it('sets no rule for an empty value, ignores unknown names, and throws on a broken escape', () => {
    const rules = readEmbedRules('colour=red;device=;=x;device=mobile');
    expect(rules).toMatchObject({ colour: 'red', device: 'mobile' });
    expect(audienceAllows(rules, { ...facts, device: 'mobile' })).toBe(true);
    expect(audienceAllows(readEmbedRules('device='), facts)).toBe(true);
    expect(readEmbedRules(null)).toEqual({ '': undefined });
    expect(() => readEmbedRules('country=%E0%A4%A')).toThrow(URIError);
  });
});

describe('audienceAllows', () => {
  it('lets everyone in without rules', () => expect(audienceAllows({}, facts)).toBe(true));

  it('checks new or returning visitors', () => {
    expect(audienceAllows({ visitor: 'returning' }, facts)).toBe(false);
    expect(audienceAllows({ visitor: 'returning' }, { ...facts, visitor: 'returning' })).toBe(true);
    expect(audienceAllows({ visitor: 'new' }, facts)).toBe(true);
    expect(audienceAllows({ visitor: 'new' }, { ...facts, visitor: 'returning' })).toBe(false);
  });

  it('checks the device', () => {
    expect(audienceAllows({ device: 'mobile' }, facts)).toBe(false);
    expect(audienceAllows({ device: 'mobile' }, { ...facts, device: 'mobile' })).toBe(true);
    expect(audienceAllows({ device: 'desktop' }, facts)).toBe(true);
  });

  it('checks the UTM parameters case-insensitively', () => {
    expect(audienceAllows({ utm_source: 'newsletter', utm_medium: 'EMAIL', utm_campaign: 'spring' }, facts)).toBe(true);
    expect(audienceAllows({ utm_source: 'facebook' }, facts)).toBe(false);
    expect(audienceAllows({ utm_medium: 'cpc' }, facts)).toBe(false);
    expect(audienceAllows({ utm_campaign: 'summer' }, facts)).toBe(false);
  });

  it('checks the referrer domain and its subdomains', () => {
    expect(audienceAllows({ referrer: 'google.com' }, facts)).toBe(true);
    expect(audienceAllows({ referrer: 'www.google.com' }, { ...facts, referrer: 'https://google.com/' })).toBe(true);
    expect(audienceAllows({ referrer: 'oogle.com' }, facts)).toBe(false);
    expect(audienceAllows({ referrer: 'google.com' }, { ...facts, referrer: '' })).toBe(false);
  });

  it('checks the landing page, exactly or by prefix', () => {
    expect(audienceAllows({ landing: '/collections/sale' }, facts)).toBe(true);
    expect(audienceAllows({ landing: '/collections/*' }, facts)).toBe(true);
    expect(audienceAllows({ landing: '/collections' }, facts)).toBe(false);
    expect(audienceAllows({ landing: '/products/*' }, facts)).toBe(false);
  });

  it('checks the schedule: from included, until excluded', () => {
    expect(audienceAllows({ from: '2026-12-10T12:00:00Z' }, facts)).toBe(true);
    expect(audienceAllows({ from: '2026-12-10T12:00:01Z' }, facts)).toBe(false);
    expect(audienceAllows({ until: '2026-12-10T12:00:01Z' }, facts)).toBe(true);
    expect(audienceAllows({ until: '2026-12-10T12:00:00Z' }, facts)).toBe(false);
    expect(audienceAllows({ from: 'soon' }, facts)).toBe(true);
    // Seconds since 1970, as the Shopify app embed writes them.
    expect(audienceAllows({ from: String(facts.now / 1000) }, facts)).toBe(true);
    expect(audienceAllows({ until: String(facts.now / 1000) }, facts)).toBe(false);
  });

  it('checks Shopify customers and their tags', () => {
    expect(audienceAllows({ customer: 'logged_in' }, facts)).toBe(false);
    expect(audienceAllows({ customer: 'logged_in' }, { ...facts, customer: 'logged_in' })).toBe(true);
    expect(audienceAllows({ customer: 'guest' }, { ...facts, customer: 'guest' })).toBe(true);
    expect(audienceAllows({ customer: 'guest' }, { ...facts, customer: 'logged_in' })).toBe(false);
    expect(audienceAllows({ tags: 'VIP, wholesale' }, { ...facts, tags: 'vip' })).toBe(true);
    expect(audienceAllows({ tags: 'vip' }, { ...facts, tags: '' })).toBe(false);
  });

  it('ANDs the rules', () => {
    const rules = { visitor: 'returning', device: 'mobile', utm_campaign: 'spring' };
    expect(audienceAllows(rules, { ...facts, visitor: 'returning', device: 'mobile' })).toBe(true);
    expect(audienceAllows(rules, { ...facts, visitor: 'returning' })).toBe(false);
    expect(audienceAllows(rules, { ...facts, device: 'mobile' })).toBe(false);
  });
});

describe('country and cart', () => {
  it('checks the country against the list', () => {
    expect(countryAllows({}, '')).toBe(true);
    expect(countryAllows({ country: 'DE, at' }, 'AT')).toBe(true);
    expect(countryAllows({ country: 'DE' }, 'FR')).toBe(false);
    expect(countryAllows({ country: 'DE' }, '')).toBe(false);
  });

  it('checks the cart total and item count, either end open', () => {
    const cart = { total_price: 5000, item_count: 2 };
    expect(cartAllows({ cart: '50-200' }, cart)).toBe(true);
    expect(cartAllows({ cart: '50.01-' }, cart)).toBe(false);
    expect(cartAllows({ cart: '-49' }, cart)).toBe(false);
    expect(cartAllows({ items: '1-' }, cart)).toBe(true);
    expect(cartAllows({ items: '3-5' }, cart)).toBe(false);
    expect(cartAllows({ cart: '10-100', items: '-1' }, cart)).toBe(false);
  });
});

describe('frequency', () => {
  it('shows at most once every N days, by the clock given', () => {
    const storage = memory();
    const key = embedHistoryKey('quiz', 'q1');
    const start = Date.parse('2026-12-01T00:00:00Z');
    expect(frequencyAllows({ every: '7' }, readHistory(storage, key), start)).toBe(true);
    noteHistory(storage, key, 'shown', start);
    expect(frequencyAllows({ every: '7' }, readHistory(storage, key), start + 7 * day - 1)).toBe(false);
    expect(frequencyAllows({ every: '7' }, readHistory(storage, key), start + 7 * day)).toBe(true);
    expect(frequencyAllows({}, readHistory(storage, key), start + 1)).toBe(true);
  });

  it('counts dismissals and stops after the number set', () => {
    const storage = memory();
    const key = embedHistoryKey('wheel', 'w1');
    noteHistory(storage, key, 'dismissed', 1);
    expect(frequencyAllows({ dismissals: '2' }, readHistory(storage, key), 2)).toBe(true);
    noteHistory(storage, key, 'dismissed', 3);
    expect(readHistory(storage, key).dismissed).toBe(2);
    expect(frequencyAllows({ dismissals: '2' }, readHistory(storage, key), 4)).toBe(false);
    expect(frequencyAllows({}, readHistory(storage, key), 4)).toBe(true);
  });

  it('stops after a conversion when asked', () => {
    const storage = memory();
    const key = embedHistoryKey('poll', 'p1');
    expect(frequencyAllows({ converted: 'stop' }, readHistory(storage, key), 1)).toBe(true);
    noteHistory(storage, key, 'converted', 5);
    expect(frequencyAllows({ converted: 'stop' }, readHistory(storage, key), 6)).toBe(false);
    expect(frequencyAllows({}, readHistory(storage, key), 6)).toBe(true);
  });

  it('treats storage that refuses or holds rubbish as no history', () => {
    const refusing = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    };
    expect(readHistory(refusing, 'k')).toEqual({});
    expect(() => noteHistory(refusing, 'k', 'shown', 1)).not.toThrow();
    const storage = memory();
    storage.setItem('k', '{oops');
    expect(readHistory(storage, 'k')).toEqual({});
    expect(readHistory(null, 'k')).toEqual({});
  });
});

describe('sessionStart', () => {
  it('keeps the first page of the session and knows a returning visitor by an earlier session', () => {
    const local = memory();
    const session = memory();
    const first = sessionStart(session, local, 'https://shop.test/sale?utm_campaign=spring', 'https://www.google.com/search', 1);
    expect(first).toEqual(['https://shop.test/sale?utm_campaign=spring', 'https://www.google.com/search', 'new']);
    // A later page of the same session: the first page's facts stay.
    expect(sessionStart(session, local, 'https://shop.test/cart', 'https://shop.test/sale', 2)).toEqual(first);
    // A new session (another tab, another day) on the same browser: a returning visitor.
    expect(sessionStart(memory(), local, 'https://shop.test/', '', 3)).toEqual(['https://shop.test/', '', 'returning']);
  });

  it('treats every page as a new visitor’s first when storage refuses', () => {
    expect(sessionStart(null, null, 'https://shop.test/', '', 1)).toEqual(['https://shop.test/', '', 'new']);
  });
});
