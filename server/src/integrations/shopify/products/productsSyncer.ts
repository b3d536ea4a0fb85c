import { GraphqlQueryError } from '@shopify/shopify-api';
import { and, eq, inArray, lt } from 'drizzle-orm';
import type { Services } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { shopifyAdmin, type ShopifyAdmin } from '../adminApi.ts';
import {
  productQuery,
  productsPageQuery,
  shopifyProductRefs,
  shopifyProductsUpserter,
  valuesOfAdminProduct,
  type AdminProduct,
} from './shopifyProducts.ts';

/**
 * Products per page: with 10 variants and 10 collections each, a page costs about 35 × (1 + 10 + 10) ≈ 735
 * of the 1,000 points a query may cost.
 */
export const productsPageSize = 35;
/** 10,000 pages of 50: a catalogue larger than Shopify allows a shop; a cursor that never ends stops here. */
const maxPages = 10_000;
/** THROTTLED answers waited out per call before the job gives up and pg-boss retries it later. */
const maxThrottledWaits = 5;
const maxThrottleWaitMs = 10_000;
/** Rows marked unavailable per statement. */
const markChunk = 500;

interface ProductsPage {
  products: { nodes: AdminProduct[]; pageInfo: { hasNextPage: boolean; endCursor: string | null } };
}

/**
 * The shop's catalogue copied into the account's products: every active product, page by page
 * (scope read_products), inserted or updated by its gid; then every shop product the pages did not
 * return (archived, draft or deleted since) is marked unavailable, unless it changed after the sync
 * began (a webhook for a product made meanwhile). Rows are kept, so quizzes that named them keep
 * their references. Safe to run again at any time, and alongside webhooks: the newer state wins.
 * Throws what shopifyAdmin throws (ShopNotInstalledError, Shopify errors) for the job to retry.
 */
export async function shopifyProductsSyncer(props: { services: Services; accountId: string }): Promise<{ synced: number }> {
  const { services, accountId } = props;
  const db = services.database.db;
  const admin = await shopifyAdmin(services, accountId);
  const startedAt = new Date();
  const seen = new Set<string>();
  let after: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const answer: ProductsPage = await read(admin, productsPageQuery, { first: productsPageSize, after, query: 'status:active' });
    await shopifyProductsUpserter(db, accountId, answer.products.nodes.map(valuesOfAdminProduct));
    for (const node of answer.products.nodes) seen.add(node.id);
    after = answer.products.pageInfo.hasNextPage ? answer.products.pageInfo.endCursor : null;
    if (!after) {
      await missingMarker(db, accountId, seen, startedAt);
      services.logger.info({ shop: admin.shop, synced: seen.size }, 'Shopify products synced');
      return { synced: seen.size };
    }
  }
  throw new Error(`the products of ${admin.shop} did not end within ${maxPages} pages`);
}

/**
 * One product read again and written (a products/* webhook whose payload could not settle whether it
 * is for sale, or a product new to the app: the payload has no storefront URL or currency). A product
 * the shop no longer has is marked unavailable.
 */
export async function shopifyProductRefresher(props: { services: Services; accountId: string; productId: string }) {
  const { services, accountId, productId } = props;
  const db = services.database.db;
  const admin = await shopifyAdmin(services, accountId);
  const readAt = new Date();
  const { product } = await read<{ product: AdminProduct | null }>(admin, productQuery, { id: productId });
  if (product) return shopifyProductsUpserter(db, accountId, [valuesOfAdminProduct(product)]);
  await db
    .update(products)
    .set({ available: false, updatedAt: readAt })
    .where(
      scoped(
        products,
        accountId,
        eq(products.source, 'shopify'),
        eq(products.externalId, productId),
        lt(products.updatedAt, readAt),
      ),
    );
}

async function missingMarker(db: Db, accountId: string, seen: ReadonlySet<string>, startedAt: Date): Promise<void> {
  const listed = await shopifyProductRefs(db, accountId, eq(products.available, true), lt(products.updatedAt, startedAt));
  const missing = listed.filter((row) => !row.externalId || !seen.has(row.externalId)).map((row) => row.id);
  for (let start = 0; start < missing.length; start += markChunk) {
    await db
      .update(products)
      .set({ available: false, updatedAt: startedAt })
      .where(
        scoped(
          products,
          accountId,
          and(inArray(products.id, missing.slice(start, start + markChunk)), lt(products.updatedAt, startedAt)),
        ),
      );
  }
}

/**
 * An Admin API read that waits out THROTTLED answers (the cost bucket refills at restoreRate points a
 * second; https://shopify.dev/docs/api/usage/limits#rate-limits) a few times before it gives up.
 */
async function read<T>(admin: ShopifyAdmin, query: string, variables: Record<string, unknown>): Promise<T> {
  for (let waited = 0; ; waited++) {
    try {
      return await admin.graphql<T>(query, variables);
    } catch (error) {
      const waitMs = throttledFor(error);
      if (waitMs === undefined || waited >= maxThrottledWaits) throw error;
      await new Promise((done) => setTimeout(done, waitMs));
    }
  }
}

interface GraphqlErrorBody {
  errors?: { graphQLErrors?: { extensions?: { code?: string } }[] };
  extensions?: { cost?: { requestedQueryCost?: number; throttleStatus?: { currentlyAvailable?: number; restoreRate?: number } } };
}

/** How long a THROTTLED answer asks to wait, else undefined. */
function throttledFor(error: unknown): number | undefined {
  if (!(error instanceof GraphqlQueryError)) return undefined;
  const body = (error.body ?? {}) as GraphqlErrorBody;
  if (!body.errors?.graphQLErrors?.some((entry) => entry.extensions?.code === 'THROTTLED')) return undefined;
  const cost = body.extensions?.cost;
  const missing = (cost?.requestedQueryCost ?? 0) - (cost?.throttleStatus?.currentlyAvailable ?? 0);
  const rate = cost?.throttleStatus?.restoreRate;
  return Math.min(maxThrottleWaitMs, rate && missing > 0 ? Math.ceil((missing / rate) * 1000) : 1000);
}

/** Shopify refused the read for a scope the installation lacks (read_products not yet granted). */
export function isAccessDenied(error: unknown): boolean {
  if (!(error instanceof GraphqlQueryError)) return false;
  const body = (error.body ?? {}) as GraphqlErrorBody;
  return Boolean(body.errors?.graphQLErrors?.some((entry) => entry.extensions?.code === 'ACCESS_DENIED'));
}
