/**
 * Audience targeting and frequency of an embed (issue 35; docs/api.md, "Embedding", `data-rules`): which
 * visitors a pop-up, slide-in or inline item shows to, and how often. The rules travel in one attribute,
 * `data-rules`, as `name=value` pairs separated by `;`, each value URI-encoded:
 *
 *   visitor=returning;device=mobile;utm_campaign=newsletter;every=7;converted=stop
 *
 * Every rule present must hold (AND); an unknown name or an unreadable value is ignored. The embed script
 * (web/src/widgets/embed.ts) evaluates them with these pure functions before it fetches anything: only
 * a country rule costs one request (the visitor's country, kept for the session) and only a cart rule
 * reads the storefront's `cart.js`, and each only once every other rule has let the visitor in.
 * Frequency lives in the visitor's own localStorage, no cookie. A module without imports: the loader
 * carries all of it.
 */

/** The rules by name, as the attribute spells them; each value a string as written. */
export const embedRuleNames = [
  'visitor',
  'device',
  'utm_source',
  'utm_medium',
  'utm_campaign',
  'referrer',
  'landing',
  'country',
  'from',
  'until',
  'customer',
  'tags',
  'cart',
  'items',
  'every',
  'converted',
  'dismissals',
] as const;
export type EmbedRuleName = (typeof embedRuleNames)[number];

/**
 * - visitor: `new` (first session on this browser) or `returning`;
 * - device: `mobile` or `desktop`;
 * - utm_source, utm_medium, utm_campaign: the session's first page's UTM parameter (case-insensitive);
 * - referrer: the domain the session came from (its subdomains too);
 * - landing: the session's first page's path, a trailing `*` for every path under it;
 * - country: ISO country codes separated by commas;
 * - from, until: the instants the item shows between (until excluded): ISO 8601 (2026-12-01T08:00:00.000Z,
 *   as the share page writes) or seconds since 1970 (as the Shopify app embed's Liquid writes);
 * - customer (Shopify): `logged_in` or `guest`; tags (Shopify): customer tags, any one of them;
 * - cart, items (Shopify): `min-max` of the cart's total (in its currency) or item count, either end open;
 * - every: at most once every this many days; converted=stop: never again after a lead, vote or spin;
 *   dismissals: never again after this many closes.
 */
export type EmbedRules = Partial<Record<EmbedRuleName, string>>;

/** The attribute's text: the rules set, in a fixed order, values URI-encoded. */
export function writeEmbedRules(rules: EmbedRules): string {
  return embedRuleNames
    .filter((name) => rules[name])
    .map((name) => `${name}=${encodeURIComponent(rules[name]!)}`)
    .join(';');
}

/**
 * The rules an attribute names (empty when none); an empty value sets no rule, and a name no rule reads
 * is ignored. A broken escape throws: the embed script then leaves that element alone. Kept small: the
 * loader carries it.
 */
export const readEmbedRules = (text: string | null): EmbedRules =>
  Object.fromEntries((text || '').split(';').map((pair) => pair.split('=').map(decodeURIComponent)));

/** What the loader knows of the visitor without asking anyone. */
export interface VisitorFacts {
  /** `returning` after a session before this one on this browser. */
  visitor: 'new' | 'returning';
  device: 'mobile' | 'desktop';
  /** Shopify: `logged_in` or `guest` (written by Liquid only for a customer rule); elsewhere empty. */
  customer: string;
  /** The session's first page (its path and UTM parameters), and the address it came from. */
  landing: URL;
  referrer: string;
  /** Shopify: those of the merchant's chosen tags the customer has, separated by commas (Liquid writes no others). */
  tags: string;
  now: number;
}

/** The rules a fact answers exactly (case-insensitively): the visitor's, else the first page's parameter of that name. */
const exactRules = ['visitor', 'device', 'customer', 'utm_source', 'utm_medium', 'utm_campaign'] as const;

const lower = (value: string | null = '') => (value || '').toLowerCase();
const list = (value = '') =>
  lower(value)
    .trim()
    .split(/\s*,\s*/);
const domain = (value = '') => `.${lower(value).replace(/^www\./, '')}`;

/** An instant of a rule in milliseconds (NaN when unreadable: that bound is open). */
const instant = (value = '') => (/^\d+$/.test(value) ? Number(value) * 1000 : Date.parse(value));

/** `min-max`, either end open; a bound that is not a number is open. */
function inRange(range: string, value: number): boolean {
  const [min, max] = range.split('-').map((end) => (end.trim() ? Number(end) : NaN));
  return !(value < min!) && !(value > max!);
}

/** The rules the loader can check at once (all but country and cart), ANDed. */
export function audienceAllows(rules: EmbedRules, facts: VisitorFacts): boolean {
  const landing = lower(rules.landing);
  const path = lower(facts.landing.pathname);
  return (
    exactRules.every(
      (name) =>
        !rules[name] ||
        lower(rules[name]) === lower((facts as unknown as Record<string, string>)[name] ?? facts.landing.searchParams.get(name)),
    ) &&
    // The host the session came from, and its subdomains.
    (!rules.referrer || domain(facts.referrer.split('/')[2]).endsWith(domain(rules.referrer))) &&
    (!landing || (landing.slice(-1) === '*' ? path.indexOf(landing.slice(0, -1)) === 0 : path === landing)) &&
    !(facts.now < instant(rules.from)) &&
    !(facts.now >= instant(rules.until)) &&
    (!rules.tags || list(rules.tags).some((tag) => list(facts.tags).indexOf(tag) >= 0))
  );
}

/** A country rule and the visitor's country (empty when unknown: excluded). */
export const countryAllows = (rules: EmbedRules, country: string): boolean =>
  !rules.country || list(rules.country).indexOf(lower(country)) >= 0;

/** The storefront's cart as `cart.js` answers it: the total in the currency's cents. */
export interface CartFacts {
  total_price: number;
  item_count: number;
}

export const cartAllows = (rules: EmbedRules, cart: CartFacts): boolean =>
  (!rules.cart || inRange(rules.cart, cart.total_price / 100)) && (!rules.items || inRange(rules.items, cart.item_count));

/** What the visitor's storage keeps per item: when it last showed, how often it was closed, a conversion. */
export interface EmbedHistory {
  shown?: number;
  dismissed?: number;
  converted?: number;
}

/** The frequency rules against the item's history on this browser. */
export function frequencyAllows(rules: EmbedRules, history: EmbedHistory, now: number): boolean {
  return (
    !(history.shown! + Number(rules.every) * 86_400_000 > now) &&
    !(rules.converted === 'stop' && history.converted) &&
    !(history.dismissed! >= Number(rules.dismissals))
  );
}

/** The localStorage key of an item's history. */
export const embedHistoryKey = (kind: string, id: string) => `quizlead:history:${kind}:${id}`;

type Store = Pick<Storage, 'getItem' | 'setItem'> | null;

/** The item's history (empty when there is none, or storage refuses). */
export function readHistory(storage: Store, key: string): EmbedHistory {
  try {
    return (JSON.parse(storage!.getItem(key)!) as EmbedHistory | null) || {};
  } catch {
    return {};
  }
}

/** Notes a show (`shown`: the time), a close or a conversion; storage that refuses keeps nothing. */
export function noteHistory(storage: Store, key: string, event: keyof EmbedHistory, now: number): void {
  const history = readHistory(storage, key);
  history[event] = event === 'dismissed' ? (history.dismissed || 0) + 1 : now;
  try {
    storage!.setItem(key, JSON.stringify(history));
  } catch {
    // Nothing to remember with.
  }
}

/** What a session remembers of its first page: its address, where it came from, the visitor. */
export type SessionStart = [page: string, referrer: string, visitor: VisitorFacts['visitor']];

/**
 * The session's first page, kept in sessionStorage: read back on later pages; on the first, this page's
 * address and referrer, and whether this browser has had a session before (localStorage), which it then
 * marks. Storage that refuses keeps nothing: each page is then a new visitor's first.
 */
export function sessionStart(session: Store, local: Store, page: string, referrer: string, now: number): SessionStart {
  try {
    let start = JSON.parse(session!.getItem('quizlead:session')!) as SessionStart | null;
    if (!start) {
      start = [page, referrer, local!.getItem('quizlead:visitor') ? 'returning' : 'new'];
      local!.setItem('quizlead:visitor', String(now));
      session!.setItem('quizlead:session', JSON.stringify(start));
    }
    return start;
  } catch {
    return [page, referrer, 'new'];
  }
}
