import { eq, sql, type SQL } from 'drizzle-orm';
import { isImageRef } from '@quizlead/shared/schemas/common.ts';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';

/**
 * The shop's products as the app keeps them (products, source 'shopify'): what the Admin API answers
 * (shopify.md 7; non-deprecated fields only: featuredMedia, priceRangeV2) and one upsert that every
 * path writes through (the sync, a refresh of one product, products/* webhooks).
 */

/** Variants read per product: a product whose first 10 are all sold out is taken as sold out. */
const variantsRead = 10;
/** Collections read per product (an outcome may draw from a collection; a product in more is found by its first 10). */
export const collectionsRead = 10;

const productFields = `
  id title handle status tags onlineStoreUrl updatedAt
  featuredMedia { preview { image { url } } }
  priceRangeV2 { minVariantPrice { amount currencyCode } }
  variants(first: ${variantsRead}) { nodes { id legacyResourceId price availableForSale } }
  collections(first: ${collectionsRead}) { nodes { id title } }`;

/** One page of the shop's active products, in id order (stable while products change during the sync). */
export const productsPageQuery = `query ProductsPage($first: Int!, $after: String, $query: String!) {
  products(first: $first, after: $after, query: $query, sortKey: ID) {
    nodes { ${productFields} }
    pageInfo { hasNextPage endCursor }
  }
}`;

/** One product again (after a webhook that did not say enough). */
export const productQuery = `query ProductRefresh($id: ID!) {
  product(id: $id) { ${productFields} }
}`;

export interface AdminProduct {
  id: string;
  title: string;
  handle: string;
  status: string;
  tags: string[];
  onlineStoreUrl: string | null;
  updatedAt: string;
  featuredMedia: { preview: { image: { url: string } | null } | null } | null;
  priceRangeV2: { minVariantPrice: { amount: string; currencyCode: string } };
  variants: { nodes: { id: string; legacyResourceId: string; price: string; availableForSale: boolean }[] };
  collections: { nodes: { id: string; title: string }[] };
}

/** A shop product's columns, with the moment Shopify last changed it (newer writes win). */
export interface ShopifyProductValues {
  externalId: string;
  variantId: string | null;
  title: string;
  handle: string;
  url: string;
  imageUrl: string | null;
  price: string;
  currency: string;
  tags: string[];
  available: boolean;
  /** Known from the Admin API only: a webhook's payload leaves the stored ones as they are. */
  collections?: { id: string; title: string }[];
  updatedAt: Date;
}

/** Only https pages and images are kept (the player shows them; the rule every image field follows). */
export const httpsOrEmpty = (url: string | null | undefined) => (url && isImageRef(url) && url.startsWith('https://') ? url : '');
export const imageOrNull = (url: string | null | undefined) => httpsOrEmpty(url) || null;

/**
 * Available = active and a variant for sale; Add to cart takes the first such variant, and the price
 * shown is that variant's (the lowest price when none is for sale).
 */
export function valuesOfAdminProduct(product: AdminProduct): ShopifyProductValues {
  const forSale = product.variants.nodes.find((variant) => variant.availableForSale);
  const lowest = product.priceRangeV2.minVariantPrice;
  return {
    externalId: product.id,
    variantId: forSale?.legacyResourceId ?? null,
    title: product.title,
    handle: product.handle,
    url: httpsOrEmpty(product.onlineStoreUrl),
    imageUrl: imageOrNull(product.featuredMedia?.preview?.image?.url),
    price: forSale?.price ?? lowest.amount,
    currency: lowest.currencyCode,
    tags: product.tags,
    available: product.status === 'ACTIVE' && Boolean(forSale),
    collections: product.collections.nodes.map((collection) => ({ id: collection.id, title: collection.title })),
    updatedAt: new Date(product.updatedAt),
  };
}

const copiedColumns = [
  'variantId',
  'title',
  'handle',
  'url',
  'imageUrl',
  'price',
  'currency',
  'tags',
  'available',
  'updatedAt',
] as const;

/**
 * Inserts or updates shop products by their gid, in one statement. A row already holding a newer state
 * than the one written (a webhook applied while a sync page was on its way) is left as it is: Shopify
 * delivers webhooks out of order and retries old ones.
 */
export async function shopifyProductsUpserter(db: Db, accountId: string, rows: readonly ShopifyProductValues[]): Promise<void> {
  if (rows.length === 0) return;
  // Rows read from the Admin API bring their collections; a webhook's rows keep the stored ones.
  const columns = rows.every((row) => row.collections) ? [...copiedColumns, 'collections' as const] : copiedColumns;
  await db
    .insert(products)
    .values(rows.map((row) => ({ ...row, accountId, source: 'shopify' as const })))
    .onConflictDoUpdate({
      target: [products.accountId, products.externalId],
      targetWhere: sql`${products.externalId} is not null`,
      set: Object.fromEntries(columns.map((key) => [key, sql.raw(`excluded.${products[key].name}`)])),
      setWhere: sql`${products.source} = 'shopify' and ${products.updatedAt} <= excluded.${sql.raw(products.updatedAt.name)}`,
    });
}

/** The app's id and the shop's gid of the account's shop products (not its manual ones) that match `conditions`. */
export function shopifyProductRefs(db: Db, accountId: string, ...conditions: SQL[]) {
  return db
    .select({ id: products.id, externalId: products.externalId })
    .from(products)
    .where(scoped(products, accountId, eq(products.source, 'shopify'), ...conditions));
}
