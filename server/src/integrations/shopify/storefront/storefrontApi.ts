import type { VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { externalFetch } from '../../external/externalFetch.ts';
import { shopifyApiVersion } from '../shopifyApp.ts';

/**
 * The Storefront API of one shop, read with the app's Storefront access token
 * (marketing-stack-and-languages.md D3): `POST https://{shop}/api/{version}/graphql.json` with the
 * `X-Shopify-Storefront-Access-Token` header, the query under `@inContext(country:, language:)` so
 * titles come translated and prices in the market's currency. Shopify falls back to supported values
 * for a country or language it does not sell in; the context it used comes back in
 * `extensions.context`. Through externalFetch like every Shopify call (tests: the fake Shopify,
 * server/src/test/fakes/shopify/fakeStorefront.ts).
 */

/** The scope the app's Storefront token needs to read products and their prices (shopify.app.toml). */
export const storefrontScope = 'unauthenticated_read_product_listings';

/** The visitor's path waits at most this long; a slower answer falls back to the synced products. */
const storefrontTimeoutMs = 3000;
/** Variants read per product: the one Add to cart takes is among the first 10, as in the sync. */
const variantsRead = 10;

export interface StorefrontMoney {
  amount: string;
  currencyCode: string;
}

export interface StorefrontProduct {
  id: string;
  title: string;
  priceRange: { minVariantPrice: StorefrontMoney };
  variants: { nodes: { id: string; availableForSale: boolean; price: StorefrontMoney }[] };
}

/** The market and language a read asks for: Storefront's CountryCode and LanguageCode values. */
export interface StorefrontContext {
  country?: string;
  language?: VisitorLanguage;
}

/** Shopify did not answer, refused the token, or answered GraphQL errors. */
export class StorefrontError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StorefrontError';
  }
}

/** `pt-BR` → `PT_BR`, `fr` → `FR`: the Storefront LanguageCode of a visitor language. */
export function storefrontLanguageCode(language: VisitorLanguage): string {
  return language.toUpperCase().replace('-', '_');
}

/** The products by gid, in the market and language asked, with only the directive arguments given. */
export function localizedProductsQuery(context: StorefrontContext): string {
  const variables = [
    '$ids: [ID!]!',
    ...(context.country ? ['$country: CountryCode!'] : []),
    ...(context.language ? ['$language: LanguageCode!'] : []),
  ];
  const directive = [...(context.country ? ['country: $country'] : []), ...(context.language ? ['language: $language'] : [])];
  const inContext = directive.length > 0 ? ` @inContext(${directive.join(', ')})` : '';
  return `query LocalizedProducts(${variables.join(', ')})${inContext} {
  nodes(ids: $ids) {
    ... on Product {
      id title
      priceRange { minVariantPrice { amount currencyCode } }
      variants(first: ${variantsRead}) { nodes { id availableForSale price { amount currencyCode } } }
    }
  }
}`;
}

interface StorefrontAnswer {
  data?: { nodes?: (Partial<StorefrontProduct> | null)[] } | null;
  errors?: unknown;
  extensions?: { context?: { country?: unknown; language?: unknown } };
}

/**
 * The products `ids` names as the market and language sell them (a product the storefront does not
 * list there is missing from the answer), with the context Shopify actually used.
 */
export async function storefrontProducts(props: {
  shop: string;
  token: string;
  ids: readonly string[];
  context: StorefrontContext;
}): Promise<{ products: StorefrontProduct[]; context: { country?: string; language?: string } }> {
  const { shop, token, ids, context } = props;
  const response = await externalFetch(`https://${shop}/api/${shopifyApiVersion}/graphql.json`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json',
      'X-Shopify-Storefront-Access-Token': token,
    },
    body: JSON.stringify({
      query: localizedProductsQuery(context),
      variables: {
        ids,
        ...(context.country ? { country: context.country } : {}),
        ...(context.language ? { language: storefrontLanguageCode(context.language) } : {}),
      },
    }),
    signal: AbortSignal.timeout(storefrontTimeoutMs),
  }).catch((error: unknown) => {
    throw new StorefrontError(`the Storefront API of ${shop} did not answer: ${String(error)}`);
  });
  const answer = (await response.json().catch(() => null)) as StorefrontAnswer | null;
  if (!response.ok) throw new StorefrontError(`the Storefront API of ${shop} answered ${response.status}`);
  if (!answer || answer.errors || !Array.isArray(answer.data?.nodes)) {
    throw new StorefrontError(`the Storefront API of ${shop} refused the read: ${JSON.stringify(answer?.errors ?? answer)}`);
  }
  const products = answer.data.nodes.filter((node): node is StorefrontProduct =>
    Boolean(node && typeof node.id === 'string' && typeof node.title === 'string' && node.priceRange && node.variants),
  );
  const used = answer.extensions?.context;
  return {
    products,
    context: {
      ...(typeof used?.country === 'string' ? { country: used.country } : {}),
      ...(typeof used?.language === 'string' ? { language: used.language } : {}),
    },
  };
}
