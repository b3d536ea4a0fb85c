import { inArray, isNull } from 'drizzle-orm';
import type { TProductMarket, TRecommendedProduct } from '@quizlead/shared/schemas/products.ts';
import type { Db } from '../../../db/client.ts';
import { products, shopInstallations } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import type { Logger } from '../../../logger.ts';
import type { Secrets } from '../../../lib/secrets.ts';
import { shopifyProductRefs } from '../products/shopifyProducts.ts';
import { storefrontProducts, type StorefrontMoney, type StorefrontProduct } from './storefrontApi.ts';

/** What a market changes on a recommended product. */
type MarketFields = Pick<TRecommendedProduct, 'title' | 'price' | 'currency'>;

/** A shop's Storefront access, or null for an account with none (not a shop, uninstalled, no token yet). */
type StorefrontAccess = { shop: string; token: string } | null;

interface MarketEntry {
  loadedAt: number;
  /** By the app's product id; null: the market does not list it (the synced product is shown). */
  products: Map<string, MarketFields | null>;
  /** A failed read is not tried again before this moment (a broken token must not cost every play a call). */
  retryAt: number;
  /** The read under way, which concurrent plays wait for instead of asking again. */
  loading?: Promise<void>;
}

/** How long a market's titles and prices are kept: translations and market prices change without a webhook. */
export const marketTtlMs = 10 * 60_000;
/** After a failed Storefront read, the market shows the synced products this long before asking again. */
export const marketRetryMs = 60_000;
const maxMarkets = 2000;
/** Accounts whose Storefront access (or lack of one) is kept. */
const maxAccounts = 10_000;
const maxProductsPerMarket = 1000;

export interface MarketProductsOptions {
  db: Db;
  secrets: Secrets;
  logger: Logger;
  now?: () => number;
  /** Tells the other server processes that a shop's markets are stale (PostgreSQL NOTIFY). */
  broadcast?: (accountId: string) => Promise<void>;
}

/**
 * The recommended products of a Shopify shop's quiz as the shopper's market and language sell them
 * (issue 34): title, price and currency from the Storefront API under `@inContext` (storefrontApi.ts),
 * kept per (shop, country, language) for `marketTtlMs` and dropped when the shop's products change
 * (products/* webhooks, a sync), its token is made or it uninstalls. A cached market costs a play no
 * Storefront call and no query. Anything that goes wrong (no token yet, Shopify refusing it, a timeout,
 * a product the market does not list) shows the synced products in the shop's currency, logged, never
 * an error to the visitor. In memory per process; what one process forgets it tells the others
 * (`broadcast`, received with `received`), as the published quizzes' cache does.
 */
export class MarketProducts {
  readonly #db: Db;
  readonly #secrets: Secrets;
  readonly #logger: Logger;
  readonly #now: () => number;
  readonly #broadcast: (accountId: string) => Promise<void>;
  readonly #markets = new Map<string, MarketEntry>();
  readonly #access = new Map<string, { loadedAt: number; access: Promise<StorefrontAccess> }>();

  constructor(options: MarketProductsOptions) {
    this.#db = options.db;
    this.#secrets = options.secrets;
    this.#logger = options.logger;
    this.#now = options.now ?? Date.now;
    this.#broadcast = options.broadcast ?? (async () => undefined);
  }

  /** `shown` with each product's title, price and currency of the market, where the market lists it. */
  async localized(accountId: string, market: TProductMarket, shown: TRecommendedProduct[]): Promise<TRecommendedProduct[]> {
    if (shown.length === 0 || (!market.country && !market.language)) return shown;
    try {
      const access = await this.#storefrontOf(accountId);
      if (!access) return shown;
      const entry = this.#entry(accountId, market);
      await this.#load(entry, accountId, access, market, shown);
      return shown.map((product) => {
        const fields = entry.products.get(product.id);
        return fields ? { ...product, ...fields } : product;
      });
    } catch (error) {
      this.#logger.warn({ err: error, accountId, market }, 'market products failed: the synced products are shown');
      return shown;
    }
  }

  /** The shop's products, token or installation changed: every market of it is read again, in every process. */
  forgetAccount(accountId: string): void {
    this.#forget(accountId);
    this.#broadcast(accountId).catch((error: unknown) =>
      this.#logger.warn({ err: error, accountId }, 'market products: other processes were not told'),
    );
  }

  /** Another process forgot a shop (`payload`: its account id); anything unreadable drops everything. */
  received(payload: string): void {
    if (/^[0-9a-f-]{36}$/i.test(payload)) this.#forget(payload);
    else this.clear();
  }

  /** Whatever other processes said may have been missed (the connection dropped): start afresh. */
  clear(): void {
    this.#markets.clear();
    this.#access.clear();
  }

  #forget(accountId: string): void {
    this.#access.delete(accountId);
    const prefix = `${accountId}|`;
    for (const key of this.#markets.keys()) if (key.startsWith(prefix)) this.#markets.delete(key);
  }

  /** How many markets are kept (tests). */
  get size(): number {
    return this.#markets.size;
  }

  #entry(accountId: string, market: TProductMarket): MarketEntry {
    const key = `${accountId}|${market.country ?? ''}|${market.language ?? ''}`;
    const now = this.#now();
    let entry = this.#markets.get(key);
    if (entry && now - entry.loadedAt > marketTtlMs) entry = undefined;
    // Re-inserting marks it as recently used; the least recently used market goes first.
    this.#markets.delete(key);
    entry ??= { loadedAt: now, products: new Map(), retryAt: 0 };
    this.#markets.set(key, entry);
    if (this.#markets.size > maxMarkets) this.#markets.delete(this.#markets.keys().next().value!);
    return entry;
  }

  async #load(
    entry: MarketEntry,
    accountId: string,
    access: NonNullable<StorefrontAccess>,
    market: TProductMarket,
    shown: readonly TRecommendedProduct[],
  ): Promise<void> {
    for (;;) {
      const missing = shown.filter((product) => !entry.products.has(product.id));
      if (missing.length === 0 || this.#now() < entry.retryAt) return;
      if (!entry.loading) {
        entry.loading = this.#read(entry, accountId, access, market, missing).finally(() => (entry.loading = undefined));
        return entry.loading;
      }
      await entry.loading;
    }
  }

  async #read(
    entry: MarketEntry,
    accountId: string,
    access: NonNullable<StorefrontAccess>,
    market: TProductMarket,
    missing: readonly TRecommendedProduct[],
  ): Promise<void> {
    const rows = await shopifyProductRefs(
      this.#db,
      accountId,
      inArray(
        products.id,
        missing.map((product) => product.id),
      ),
    );
    const gids = new Map(rows.flatMap((row) => (row.externalId ? [[row.externalId, row.id] as const] : [])));
    try {
      const answer =
        gids.size === 0
          ? { products: [], context: {} }
          : await storefrontProducts({ shop: access.shop, token: access.token, ids: [...gids.keys()], context: market });
      const byId = new Map(answer.products.map((product) => [gids.get(product.id), product]));
      if (entry.products.size + missing.length > maxProductsPerMarket) entry.products.clear();
      for (const product of missing) {
        const found = byId.get(product.id);
        entry.products.set(product.id, found ? marketFields(found, product.variantId) : null);
      }
      this.#logger.debug({ shop: access.shop, asked: market, used: answer.context, read: gids.size }, 'market products read');
    } catch (error) {
      entry.retryAt = this.#now() + marketRetryMs;
      this.#logger.warn({ err: error, shop: access.shop, market }, 'Storefront API read failed: the synced products are shown');
    }
  }

  #storefrontOf(accountId: string): Promise<StorefrontAccess> {
    const now = this.#now();
    const cached = this.#access.get(accountId);
    if (cached && now - cached.loadedAt <= marketTtlMs) return cached.access;
    const access = this.#readAccess(accountId);
    this.#access.delete(accountId);
    this.#access.set(accountId, { loadedAt: now, access });
    if (this.#access.size > maxAccounts) this.#access.delete(this.#access.keys().next().value!);
    access.catch(() => this.#access.delete(accountId));
    return access;
  }

  async #readAccess(accountId: string): Promise<StorefrontAccess> {
    const [row] = await this.#db
      .select({
        shop: shopInstallations.shop,
        token: shopInstallations.storefrontToken,
        keyId: shopInstallations.storefrontTokenKeyId,
      })
      .from(shopInstallations)
      .where(scoped(shopInstallations, accountId, isNull(shopInstallations.uninstalledAt)))
      .limit(1);
    if (!row?.token || !row.keyId || !this.#secrets.knows(row.keyId)) return null;
    return { shop: row.shop, token: this.#secrets.open({ ciphertext: row.token, keyId: row.keyId }) };
  }
}

/**
 * The market's title and price of a product: the price of the variant Add to cart takes (the synced
 * one, by its numeric id), else of the first variant for sale, else the lowest; the currency is the
 * market's.
 */
export function marketFields(product: StorefrontProduct, variantId: string | null): MarketFields {
  const variants = product.variants.nodes;
  const price: StorefrontMoney =
    (variantId ? variants.find((variant) => variant.id === `gid://shopify/ProductVariant/${variantId}`)?.price : undefined) ??
    variants.find((variant) => variant.availableForSale)?.price ??
    product.priceRange.minVariantPrice;
  return { title: product.title, price: price.amount, currency: price.currencyCode };
}
