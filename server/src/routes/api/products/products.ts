import { asc, desc, eq, ilike, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import {
  productLimits,
  productMessages,
  ZProductListQuery,
  ZProductListResponse,
  ZProductRequest,
  ZProductResponse,
  ZProductCollectionsResponse,
  ZProductSyncResponse,
} from '@quizlead/shared/schemas/products.ts';
import { ZProductSyncStatusResponse } from '@quizlead/shared/schemas/productSync.ts';
import { productDeleter } from '../../../commands/productDeleter.ts';
import { productSaver } from '../../../commands/productSaver.ts';
import { productSyncQueuer } from '../../../commands/productSyncQueuer.ts';
import type { Auth } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { accounts, products, shopInstallations } from '../../../db/schema/index.ts';
import { pageOf } from '../../../db/queries/pagination.ts';
import { scoped } from '../../../db/scope.ts';
import { ValidationError } from '../../../errors.ts';
import { likePattern } from '../../../lib/likePattern.ts';
import { findOwnProduct } from '../../../policies/product.ts';
import { presentProduct, presentProductSync } from '../../../presenters/product.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const ZProductParams = z.object({ id: ZId });

async function accountKind(db: Db, auth: Pick<Auth, 'accountId'>) {
  const [account] = await db.select({ kind: accounts.kind }).from(accounts).where(eq(accounts.id, auth.accountId)).limit(1);
  return account?.kind;
}

export function productRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/products',
    summary: `The account’s products: available first, then by title, ${productLimits.pageSize} a page; search matches the title or a tag`,
    tags: ['products'],
    access: 'owner',
    can: 'product.read',
    query: ZProductListQuery,
    responses: { 200: ZProductListResponse, 400: 'The first query parameter that is wrong' },
    handler: async ({ ctx, db, auth, query }) => {
      const pageSize = productLimits.pageSize;
      const pattern = query.search ? likePattern(query.search) : undefined;
      const where = scoped(
        products,
        auth.accountId,
        pattern
          ? or(
              ilike(products.title, pattern),
              sql`exists (select 1 from unnest(${products.tags}) as tag where tag ilike ${pattern})`,
            )
          : undefined,
      );
      const rows = db
        .select()
        .from(products)
        .where(where)
        .orderBy(desc(products.available), asc(sql`lower(${products.title})`), asc(products.id));
      const page = await pageOf(db, rows, { from: products, where }, query.page, pageSize);
      ctx.body = { data: { ...page, items: page.items.map(presentProduct) } };
    },
  });

  api.route({
    method: 'get',
    path: '/products/collections',
    summary: 'The shop collections the account’s products are in (from the last sync), by title, with how many products each',
    tags: ['products'],
    access: 'owner',
    can: 'product.read',
    responses: { 200: ZProductCollectionsResponse },
    handler: async ({ ctx, db, auth }) => {
      const rows = await db
        .select({
          id: sql<string>`c.value->>'id'`,
          title: sql<string>`min(c.value->>'title')`,
          products: sql<number>`count(*)::int`,
        })
        .from(products)
        .innerJoin(sql`jsonb_array_elements(${products.collections}) as c(value)`, sql`true`)
        .where(scoped(products, auth.accountId))
        .groupBy(sql`c.value->>'id'`)
        .orderBy(sql`lower(min(c.value->>'title'))`, sql`c.value->>'id'`);
      ctx.body = { data: rows };
    },
  });

  api.route({
    method: 'get',
    path: '/products/sync',
    summary: 'How the last sync of the shop’s products went: queued, running, done or failed and why (null before the first)',
    tags: ['products'],
    access: 'owner',
    can: 'product.read',
    responses: { 200: ZProductSyncStatusResponse, 400: `'${productMessages.syncShopifyOnly}'` },
    handler: async ({ ctx, db, auth }) => {
      if ((await accountKind(db, auth)) !== 'shopify') throw ValidationError(productMessages.syncShopifyOnly);
      const [row] = await db
        .select({
          state: shopInstallations.productsSyncState,
          failure: shopInstallations.productsSyncFailure,
          at: shopInstallations.productsSyncAt,
        })
        .from(shopInstallations)
        .where(scoped(shopInstallations, auth.accountId))
        .limit(1);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: presentProductSync(row) };
    },
  });

  api.route({
    method: 'post',
    path: '/products/sync',
    summary: 'Copy the shop’s active products in again (queued; the list shows them once it has run). Shopify stores only',
    tags: ['products'],
    access: 'owner',
    can: 'product.write',
    responses: { 202: ZProductSyncResponse, 400: `'${productMessages.syncShopifyOnly}'`, 429: 'Too many syncs' },
    transaction: true,
    handler: async ({ ctx, db, auth, services }) => {
      if ((await accountKind(db, auth)) !== 'shopify') throw ValidationError(productMessages.syncShopifyOnly);
      await services.limiters.productSyncByAccount.hit(auth.accountId);
      await productSyncQueuer({ db, queue: services.queue }, { accountId: auth.accountId });
      ctx.status = 202;
      ctx.body = { data: { queued: true, message: productMessages.syncQueued } };
    },
  });

  api.route({
    method: 'post',
    path: '/products',
    summary: 'Add a product by hand (title, https link, image, price, currency, tags)',
    tags: ['products'],
    access: 'owner',
    can: 'product.write',
    body: ZProductRequest,
    transaction: true,
    responses: { 201: ZProductResponse, 400: 'The first field that is wrong' },
    handler: async ({ ctx, db, auth, body, services, afterCommit }) => {
      const product = await productSaver(
        { db, storage: services.storage, afterCommit },
        { accountId: auth.accountId, product: null, body },
      );
      ctx.status = 201;
      ctx.body = { data: presentProduct(product) };
    },
  });

  api.route({
    method: 'put',
    path: '/products/:id',
    summary: 'Save a product added by hand (the whole product again); a shop product changes in Shopify only (409)',
    tags: ['products'],
    access: 'owner',
    can: 'product.write',
    params: ZProductParams,
    body: ZProductRequest,
    transaction: true,
    responses: {
      200: ZProductResponse,
      400: 'The first field that is wrong',
      404: 'No such product in this account',
      409: `'${productMessages.shopifyManaged}'`,
    },
    handler: async ({ ctx, db, auth, params, body, services, afterCommit }) => {
      const product = await findOwnProduct(db, auth, params.id, { forUpdate: true });
      const stored = await productSaver(
        { db, storage: services.storage, afterCommit },
        { accountId: auth.accountId, product, body },
      );
      ctx.body = { data: presentProduct(stored) };
    },
  });

  api.route({
    method: 'delete',
    path: '/products/:id',
    summary: 'Delete a product added by hand; a shop product is deleted in Shopify only (409)',
    tags: ['products'],
    access: 'owner',
    can: 'product.write',
    params: ZProductParams,
    transaction: true,
    responses: { 200: ZMessageResponse, 404: 'No such product in this account', 409: `'${productMessages.shopifyManaged}'` },
    handler: async ({ ctx, db, auth, params, services, afterCommit }) => {
      const product = await findOwnProduct(db, auth, params.id, { forUpdate: true });
      await productDeleter({ db, storage: services.storage, afterCommit }, { accountId: auth.accountId, product });
      ctx.body = { data: { message: productMessages.deleted } };
    },
  });
}
