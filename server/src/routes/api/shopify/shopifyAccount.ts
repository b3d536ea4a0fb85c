import { desc } from 'drizzle-orm';
import {
  ZDataRequestListResponse,
  ZDataRequestParams,
  ZShopifyPlanResponse,
  type TShopifyPlan,
} from '@quizlead/shared/schemas/shopifyAccount.ts';
import { shopifyDataRequestMessages, shopifyPlanMessages, shopifyPlanPageUrl } from '@quizlead/shared/shopify.ts';
import { shopPlanSyncer } from '../../../commands/shopPlanSyncer.ts';
import { shopifyDataRequests, shopPlans } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { findOwnDataRequest, findOwnShop } from '../../../policies/shop.ts';
import { presentDataRequestRow } from '../../../presenters/shopifyDataRequest.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { planFeatures } from '@quizlead/shared/planFeatures.ts';

/** Data request documents listed at most, newest first: Shopify forwards a request per customer who asks. */
const dataRequestListLimit = 200;

/** A Shopify account's plan (billed by Shopify, never the payment provider) and its customer data requests. */
export function shopifyAccountRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/shopify/plan',
    summary: 'The shop’s plan as Shopify bills it (App Pricing), read from Shopify now, and the link to Shopify’s plan page',
    tags: ['shopify'],
    access: 'owner',
    can: 'billing.read',
    responses: { 200: ZShopifyPlanResponse, 404: 'Not a Shopify account' },
    handler: async ({ ctx, db, auth, services }) => {
      await findOwnShop(db, auth);
      let live = true;
      try {
        await shopPlanSyncer(services, auth.accountId);
      } catch (error) {
        // Uninstalled, or Shopify not answering: the plan last recorded, marked as such.
        live = false;
        ctx.state.log.warn({ kind: (error as Error).constructor.name }, 'could not read the plan from Shopify');
      }
      const shop = await findOwnShop(db, auth);
      const [plan] = await db.select().from(shopPlans).where(scoped(shopPlans, auth.accountId)).limit(1);
      const data: TShopifyPlan = {
        mode: shop.mode,
        planName: plan?.subscriptionId && plan.name ? plan.name : shopifyPlanMessages.freePlan,
        status: plan?.status ?? null,
        test: plan?.test ?? false,
        currentPeriodEnd: plan?.currentPeriodEnd?.toISOString() ?? null,
        planPageUrl: shopifyPlanPageUrl(shop.shopDomain, services.env.SHOPIFY_APP_HANDLE),
        live,
        features: planFeatures(shop.mode),
      };
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data };
    },
  });

  api.route({
    method: 'get',
    path: '/shopify/data-requests',
    summary: 'Customer data requests Shopify forwarded (customers/data_request), newest first, each a document to download',
    tags: ['shopify'],
    access: 'owner',
    can: 'account.read',
    responses: { 200: ZDataRequestListResponse, 404: 'Not a Shopify account' },
    handler: async ({ ctx, db, auth }) => {
      await findOwnShop(db, auth);
      const rows = await db
        .select()
        .from(shopifyDataRequests)
        .where(scoped(shopifyDataRequests, auth.accountId))
        .orderBy(desc(shopifyDataRequests.createdAt))
        .limit(dataRequestListLimit);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: rows.map(presentDataRequestRow) };
    },
  });

  api.route({
    method: 'get',
    path: '/shopify/data-requests/:id',
    summary: 'One customer data request: the JSON document of what the app holds about the customer (attachment)',
    tags: ['shopify'],
    access: 'owner',
    can: 'account.read',
    params: ZDataRequestParams,
    responses: { 200: 'The JSON document (attachment)', 404: 'No such data request in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const row = await findOwnDataRequest(db, auth, params.id);
      ctx.set('Cache-Control', 'no-store');
      ctx.attachment(shopifyDataRequestMessages.fileName(row.id));
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = JSON.stringify(row.document, null, 2);
    },
  });
}
