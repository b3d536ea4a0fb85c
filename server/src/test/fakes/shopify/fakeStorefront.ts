import { randomBytes } from 'node:crypto';
import type { FakeProduct, FakeProducts } from './fakeProducts.ts';
import { availableForSale } from './fakeProducts.ts';

/**
 * One shop's Storefront API as the app uses it (marketing-stack-and-languages.md D2–D3), behind the
 * fake Shopify's `POST /api/{version}/graphql.json` (fakeShopify.ts checks the token and validates the
 * query against storefrontSchema.ts first):
 *
 * - Tokens come from the Admin `storefrontAccessTokenCreate(input: {title})`; each inherits the app's
 *   unauthenticated_* scopes as granted at the time of the call (so a scope granted later reaches a
 *   token made before); a shop holds at most 100 (the 101st is a userError).
 * - Markets: the shop's primary country sells in the shop's currency and primary language; each added
 *   market has its country, currency, a rate from the shop's prices (or a price set per variant) and the
 *   languages active in it.
 * - `@inContext(country:, language:)`: an unknown country falls back to the primary one, a language not
 *   active in that country to the primary language; what was used comes back in `extensions.context`.
 *   Titles are the product's translation into that language where one exists, else the default title.
 * - Only products active and published to the Online Store (an onlineStoreUrl) are listed; `nodes`
 *   answers null for the others, as for unknown ids.
 */

export interface FakeMarket {
  /** CountryCode, e.g. CA. */
  country: string;
  /** CurrencyCode, e.g. CAD. */
  currency: string;
  /** Market price = shop price × rate, to the cent (unless a price is set for the variant). */
  rate: number;
  /** LanguageCode values active in this market, besides the primary language. */
  languages: string[];
}

export interface FakeStorefrontToken {
  title: string;
}

export interface StorefrontRead {
  asked: { country?: string; language?: string };
  used: { country: string; language: string };
}

const maxTokens = 100;
const numberOf = (gid: string) => gid.split('/').at(-1)!;

export class FakeStorefront {
  /** The shop's own country and language (its primary market). */
  primaryCountry = 'US';
  primaryLanguage = 'EN';
  readonly markets = new Map<string, FakeMarket>();
  readonly tokens = new Map<string, FakeStorefrontToken>();
  /** Every answered read, with the context asked and the one used. */
  readonly reads: StorefrontRead[] = [];
  readonly #products: FakeProducts;
  readonly #grantedScopes: () => string[];
  readonly #translations = new Map<string, Map<string, string>>();
  readonly #prices = new Map<string, string>();

  constructor(products: FakeProducts, grantedScopes: () => string[]) {
    this.#products = products;
    this.#grantedScopes = grantedScopes;
  }

  addMarket(market: FakeMarket): void {
    this.markets.set(market.country, market);
  }

  /** The product's title in `language` (a LanguageCode, e.g. FR). */
  translate(productId: string, language: string, title: string): void {
    const titles = this.#translations.get(productId) ?? new Map<string, string>();
    titles.set(language, title);
    this.#translations.set(productId, titles);
  }

  /** The unauthenticated scopes the app's Storefront tokens have now. */
  scopes(): string[] {
    return this.#grantedScopes().filter((scope) => scope.startsWith('unauthenticated_'));
  }

  /** A variant's own price in a market (instead of the rate's). */
  setPrice(variantId: string, country: string, amount: string): void {
    this.#prices.set(`${variantId}|${country}`, amount);
  }

  /** Shopify deletes the app's tokens when it is uninstalled. */
  revokeTokens(): void {
    this.tokens.clear();
  }

  mutationFields(): Record<string, unknown> {
    return {
      storefrontAccessTokenCreate: (args: { input: { title: string } }) => this.#create(args.input.title),
    };
  }

  /** The context a query gets: what was asked where the shop sells it, else the primary market's. */
  context(asked: { country?: string; language?: string }): { country: string; language: string } {
    const country = asked.country && this.markets.has(asked.country) ? asked.country : this.primaryCountry;
    const active = [this.primaryLanguage, ...(this.markets.get(country)?.languages ?? [])];
    const language = asked.language && active.includes(asked.language) ? asked.language : this.primaryLanguage;
    return { country, language };
  }

  /** The query root for one read in `context`. */
  queryRoot(context: { country: string; language: string }): Record<string, unknown> {
    const present = (id: string) => {
      const product = this.#products.byId(id);
      return product && product.status === 'ACTIVE' && product.onlineStoreUrl ? this.#present(product, context) : null;
    };
    return {
      nodes: (args: { ids: string[] }) => args.ids.map(present),
      node: (args: { id: string }) => present(args.id),
      product: (args: { id?: string; handle?: string }) => {
        const product = args.id
          ? this.#products.byId(args.id)
          : this.#products.all().find((candidate) => candidate.handle === args.handle);
        return product ? present(product.id) : null;
      },
    };
  }

  #create(title: string) {
    if (!title.trim())
      return { storefrontAccessToken: null, userErrors: [{ field: ['input', 'title'], message: 'Title can’t be blank' }] };
    if (this.tokens.size >= maxTokens)
      return {
        storefrontAccessToken: null,
        userErrors: [{ field: ['input'], message: `Shop has reached the maximum of ${maxTokens} storefront access tokens` }],
      };
    const accessToken = randomBytes(16).toString('hex');
    const scopes = this.scopes();
    this.tokens.set(accessToken, { title });
    const now = new Date().toISOString();
    return {
      storefrontAccessToken: {
        id: `gid://shopify/StorefrontAccessToken/${this.tokens.size}`,
        accessToken,
        title,
        accessScopes: scopes.map((handle) => ({ handle, description: handle })),
        createdAt: now,
        updatedAt: now,
      },
      userErrors: [],
    };
  }

  #present(product: FakeProduct, context: { country: string; language: string }) {
    const market = this.markets.get(context.country);
    const currencyCode = market?.currency ?? this.#products.currencyCode;
    const priceOf = (variantId: string, shopPrice: string) =>
      this.#prices.get(`${variantId}|${context.country}`) ?? (Number(shopPrice) * (market?.rate ?? 1)).toFixed(2);
    const variants = product.variants.map((variant) => ({
      __typename: 'ProductVariant',
      id: variant.id,
      title: variant.title,
      availableForSale: availableForSale(variant),
      price: { amount: priceOf(variant.id, variant.price), currencyCode },
    }));
    const amounts = variants.map((variant) => Number(variant.price.amount));
    const money = (amount: number) => ({ amount: amount.toFixed(2), currencyCode });
    return {
      __typename: 'Product',
      id: product.id,
      title: this.#translations.get(product.id)?.get(context.language) ?? product.title,
      handle: product.handle,
      availableForSale: variants.some((variant) => variant.availableForSale),
      onlineStoreUrl: product.onlineStoreUrl,
      priceRange: { minVariantPrice: money(Math.min(...amounts)), maxVariantPrice: money(Math.max(...amounts)) },
      variants: (args: { first?: number | null; last?: number | null }) => {
        if (args.first == null && args.last == null) throw new Error('you must provide one of first or last');
        return { nodes: args.first != null ? variants.slice(0, args.first) : variants.slice(-args.last!) };
      },
      legacyId: numberOf(product.id),
    };
  }
}
