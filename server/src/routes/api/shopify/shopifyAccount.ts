import { desc } from 'drizzle-orm';
import {
  ZDataRequestListResponse,
  ZDataRequestParams,
  ZShopifyPlanResponse,
  type TShopifyPlan,
} from '@quizlead/shared/schemas/shopifyAccount.ts';
import { ZShopNotificationEmailRequest, ZShopNotificationEmailResponse } from '@quizlead/shared/schemas/shopNotificationEmail.ts';
import { shopifyDataRequestMessages, shopifyPlanMessages, shopifyPlanPageUrl } from '@quizlead/shared/shopify.ts';
import { notificationEmailSetter } from '../../../commands/notificationEmailSetter.ts';
import { shopPlanSyncer } from '../../../commands/shopPlanSyncer.ts';
import { ownerEmail } from '../../../db/queries/owner.ts';
import { shopifyDataRequests, shopPlans } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { findOwnDataRequest, findOwnShop } from '../../../policies/shop.ts';
import { presentShopNotificationEmail } from '../../../presenters/shopNotificationEmail.ts';
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

  api.route({
    method: 'get',
    path: '/shopify/notification-email',
    summary: 'Where the app’s mail to the merchant goes: the address they chose, else the store’s own address from Shopify',
    tags: ['shopify'],
    access: 'owner',
    can: 'account.read',
    responses: { 200: ZShopNotificationEmailResponse, 404: 'Not a Shopify account' },
    handler: async ({ ctx, db, auth }) => {
      const shop = await findOwnShop(db, auth);
      ctx.set('Cache-Control', 'no-store');
      ctx.body = { data: presentShopNotificationEmail(shop, (await ownerEmail(db, auth.accountId)) ?? '') };
    },
  });

  api.route({
    method: 'put',
    path: '/shopify/notification-email',
    summary: 'Choose the address the app’s mail to the merchant goes to; an empty one sends it to the store’s own address again',
    tags: ['shopify'],
    access: 'owner',
    can: 'account.manage',
    body: ZShopNotificationEmailRequest,
    transaction: true,
    responses: { 200: ZShopNotificationEmailResponse, 400: 'email', 404: 'Not a Shopify account' },
    handler: async ({ ctx, db, auth, body }) => {
      await findOwnShop(db, auth);
      await notificationEmailSetter({ db, accountId: auth.accountId, email: body.email });
      const shop = await findOwnShop(db, auth);
      ctx.body = { data: presentShopNotificationEmail(shop, (await ownerEmail(db, auth.accountId)) ?? '') };
    },
  });
}
