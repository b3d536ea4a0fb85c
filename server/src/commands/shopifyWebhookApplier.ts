import { and, eq, inArray, or } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../db/client.ts';
import {
  accounts,
  postPurchaseAnswers,
  shopInstallations,
  shopifyDataRequests,
  shopifyWebhookReceipts,
  shopPlans,
} from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { accountDeleter } from './accountDeleter.ts';
import { inTransaction, type ChangeListener, type CommitHooks } from './commitHooks.ts';
import { customerDataCollector } from './customerDataCollector.ts';
import { customerDataRedactor } from './customerDataRedactor.ts';
import { orderAttributor } from './orderAttributor.ts';
import { shopOrderRecorder, type ShopOrderFacts } from './shopOrderRecorder.ts';
import { shopUninstaller } from './shopInstaller.ts';
import { shopPlanRecorder } from './shopPlanRecorder.ts';
import { shopEmailRecorder } from './shopEmailSyncer.ts';
import type { Services } from '../context.ts';
import { createStorefrontTokenTask } from '../jobs/tasks/CreateStorefrontTokenTask.ts';
import { notifyDataRequestTask } from '../jobs/tasks/NotifyDataRequestTask.ts';
import { syncProductsTask } from '../jobs/tasks/SyncProductsTask.ts';
import type { Logger } from '../logger.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import type { webhookTopics, WebhookTopic } from '../integrations/shopify/webhookPayloads.ts';
import { shopifyProductDeleteApplier, shopifyProductWebhookApplier } from '../integrations/shopify/products/productWebhooks.ts';
import { storefrontScope } from '../integrations/shopify/storefront/storefrontApi.ts';

/** What applying a webhook needs: given to the job's worker. */
export interface ShopifyWebhookDeps {
  db: Db;
  storage: FileStorage;
  /** Published quizzes in memory: dropped when their account is deleted or changes plan. */
  quizCache: ChangeListener;
  /** The shop's products in each shopper's market (Storefront API): dropped when its products change. */
  marketProducts: { forgetAccount(accountId: string): void };
  logger: Logger;
  /** Every service, once the server listens: for work after the commit that needs the job queue. */
  servicesReady: Promise<Services>;
}

/** One delivery, verified and parsed by the receiver (the payload has only the fields the app uses). */
export interface VerifiedWebhook<T extends WebhookTopic = WebhookTopic> {
  webhookId: string;
  topic: T;
  shop: string;
  /** X-Shopify-Triggered-At, when Shopify sent it. */
  triggeredAt: Date | null;
  payload: z.infer<(typeof webhookTopics)[T]>;
}

type Handler<T extends WebhookTopic> = (
  tx: Db,
  webhook: VerifiedWebhook<T>,
  account: { id: string; status: string } | undefined,
  deps: ShopifyWebhookDeps,
  hooks: CommitHooks,
) => Promise<void>;

/**
 * Applies a delivery in one transaction with marking its receipt processed. Every handler is
 * idempotent: a job retried after a failure, or a delivery that finds its shop already gone (Shopify
 * may send app/uninstalled again, and privacy webhooks after the data is deleted), changes nothing
 * twice. Logs name the topic and the shop, never the customer.
 */
export async function applyShopifyWebhook(deps: ShopifyWebhookDeps, webhook: VerifiedWebhook): Promise<void> {
  const handler = handlers[webhook.topic] as Handler<WebhookTopic>;
  await inTransaction(deps, async (tx, hooks) => {
    const account = await shopAccount(tx, webhook.shop, { lock: true });
    await handler(tx, webhook, account, deps, hooks);
    await tx
      .update(shopifyWebhookReceipts)
      .set({ processedAt: new Date() })
      .where(eq(shopifyWebhookReceipts.webhookId, webhook.webhookId));
  });
}

async function shopAccount(db: Db, shop: string, options: { lock?: boolean } = {}) {
  const query = db
    .select({ id: accounts.id, status: accounts.status })
    .from(accounts)
    .where(and(eq(accounts.kind, 'shopify'), eq(accounts.shopDomain, shop)))
    .limit(1);
  const [account] = options.lock ? await query.for('update') : await query;
  return account;
}

/**
 * products/create and products/update: applied from the payload; when it cannot settle the product
 * (productWebhooks.ts), the product is read again by a job once this commits.
 */
const productChanged: Handler<'PRODUCTS_CREATE' | 'PRODUCTS_UPDATE'> = async (tx, webhook, account, deps, hooks) => {
  if (!account) return;
  const productId = webhook.payload.admin_graphql_api_id;
  const { refresh } = await shopifyProductWebhookApplier({ db: tx, accountId: account.id, payload: webhook.payload });
  // Its title or price may have changed in any market: the markets read it again.
  hooks.afterCommit(async () => deps.marketProducts.forgetAccount(account.id));
  if (refresh)
    hooks.afterCommit(async () => {
      const services = await deps.servicesReady;
      await services.queue.enqueue(services.database.db, syncProductsTask, { accountId: account.id, productId });
    });
};

/**
 * The post-purchase survey's answers of a customer (by Shopify's customer id) or of the orders they asked
 * about, for their data request: what they answered, where and when.
 */
async function postPurchaseAnswersFor(db: Db, accountId: string, asked: { customerId: string | null; orderIds: string[] }) {
  const byCustomer = asked.customerId
    ? eq(postPurchaseAnswers.customerId, `gid://shopify/Customer/${asked.customerId}`)
    : undefined;
  const byOrder = asked.orderIds.length > 0 ? inArray(postPurchaseAnswers.orderId, asked.orderIds) : undefined;
  if (!byCustomer && !byOrder) return [];
  const rows = await db
    .select({
      orderId: postPurchaseAnswers.orderId,
      surface: postPurchaseAnswers.surface,
      answer: postPurchaseAnswers.answerLabel,
      otherText: postPurchaseAnswers.otherText,
      answeredAt: postPurchaseAnswers.createdAt,
    })
    .from(postPurchaseAnswers)
    .where(scoped(postPurchaseAnswers, accountId, or(byCustomer, byOrder)))
    .orderBy(postPurchaseAnswers.createdAt);
  return rows.map((row) => ({ ...row, answeredAt: row.answeredAt.toISOString() }));
}

/** The order facts both order topics carry, as shopOrderRecorder takes them. */
function orderFacts(order: VerifiedWebhook<'ORDERS_PAID'>['payload']): ShopOrderFacts {
  return {
    orderId: order.admin_graphql_api_id,
    orderName: order.name ?? '',
    orderedAt: new Date(order.created_at),
    // The schema holds one of them.
    total: (order.current_total_price ?? order.total_price)!,
    currency: order.currency,
    sourceName: order.source_name ?? '',
    financialStatus: order.financial_status ?? '',
    customerOrdersCount: order.customer?.orders_count ?? null,
  };
}

const handlers: { [T in WebhookTopic]: Handler<T> } = {
  /**
   * The shop removed the app: its tokens are deleted and the account is marked uninstalled. The data
   * stays until shop/redact (a reinstall within that time finds it). A delivery older than the current
   * installation (sent before a reinstall, delivered after it) is ignored.
   */
  APP_UNINSTALLED: async (tx, webhook, account, deps, hooks) => {
    if (!account) return;
    const [installation] = await tx
      .select({ installedAt: shopInstallations.installedAt })
      .from(shopInstallations)
      .where(scoped(shopInstallations, account.id))
      .limit(1);
    if (installation && webhook.triggeredAt && webhook.triggeredAt < installation.installedAt) {
      deps.logger.info({ shop: webhook.shop }, 'app/uninstalled older than the installation: ignored');
      return;
    }
    await shopUninstaller({ db: tx, shop: webhook.shop });
    // Shopify cancels the app's subscriptions with the app; a reinstall reads the plan again.
    await tx.delete(shopPlans).where(scoped(shopPlans, account.id));
    await tx.update(accounts).set({ mode: 'free', updatedAt: new Date() }).where(eq(accounts.id, account.id));
    hooks.afterCommit(async () => deps.marketProducts.forgetAccount(account.id));
    hooks.changed({ accountId: account.id });
  },

  APP_SCOPES_UPDATE: async (tx, webhook, account, deps) => {
    if (!account) return;
    await tx
      .update(shopInstallations)
      .set({ scopes: webhook.payload.current.join(','), updatedAt: new Date() })
      .where(scoped(shopInstallations, account.id));
    // An install from before the Storefront scope gets its token once the merchant grants it.
    if (webhook.payload.current.includes(storefrontScope)) {
      const services = await deps.servicesReady;
      await services.queue.enqueue(tx, createStorefrontTokenTask, { accountId: account.id });
    }
  },

  APP_SUBSCRIPTIONS_UPDATE: async (tx, webhook, account, _deps, hooks) => {
    if (!account) return;
    const subscription = webhook.payload.app_subscription;
    await shopPlanRecorder({
      db: tx,
      changed: hooks.changed,
      accountId: account.id,
      plan: {
        subscriptionId: subscription.admin_graphql_api_id,
        name: subscription.name,
        status: subscription.status,
        // The webhook does not say; the Admin API read (GET /shopify/plan) fills it in.
        test: false,
        currentPeriodEnd: null,
        changedAt: new Date(subscription.updated_at),
      },
    });
  },

  /**
   * What the app holds about one customer, found by email across every tool, kept as a document the
   * merchant downloads (Settings → Customer data requests). One document per delivery; the shop's owner
   * is told by mail (a job in this transaction, so a request is never left unannounced).
   */
  CUSTOMERS_DATA_REQUEST: async (tx, webhook, account, deps) => {
    if (!account) return;
    const { customer, data_request: request } = webhook.payload;
    const email = customer.email ?? null;
    const data = email ? await customerDataCollector({ db: tx, accountId: account.id, email }) : null;
    const postPurchase = await postPurchaseAnswersFor(tx, account.id, {
      customerId: customer.id ?? null,
      orderIds: webhook.payload.orders_requested ?? [],
    });
    const document = {
      shop: webhook.shop,
      shopifyDataRequestId: request?.id ?? null,
      customer: { shopifyCustomerId: customer.id ?? null, email },
      ordersRequested: webhook.payload.orders_requested ?? [],
      generatedAt: new Date().toISOString(),
      // The app knows visitors by the email they typed; without one there is nothing to match.
      ...(data ?? { quizPlays: [], pollVotes: [], webResponses: [], wheelSpins: [] }),
      postPurchaseAnswers: postPurchase,
    };
    const [stored] = await tx
      .insert(shopifyDataRequests)
      .values({
        accountId: account.id,
        webhookId: webhook.webhookId,
        shopifyRequestId: request?.id ?? null,
        shopifyCustomerId: customer.id ?? null,
        customerEmail: email,
        document,
      })
      .onConflictDoNothing({ target: shopifyDataRequests.webhookId })
      .returning({ id: shopifyDataRequests.id });
    if (!stored) return;
    const services = await deps.servicesReady;
    await services.queue.enqueue(tx, notifyDataRequestTask, { accountId: account.id, dataRequestId: stored.id });
  },

  /** The customer's personal data erased across every tool of the shop; counts and roll-ups stay. */
  CUSTOMERS_REDACT: async (tx, webhook, account, deps) => {
    if (!account) return;
    const { customer } = webhook.payload;
    if (customer.email) {
      const counts = await customerDataRedactor({ db: tx, accountId: account.id, email: customer.email });
      deps.logger.info({ shop: webhook.shop, redacted: counts }, 'customers/redact applied');
    }
    if (customer.id) {
      await tx
        .delete(shopifyDataRequests)
        .where(scoped(shopifyDataRequests, account.id, eq(shopifyDataRequests.shopifyCustomerId, customer.id)));
      // Post-purchase answers stay for the report (answer and order), no longer tied to the customer.
      await tx
        .update(postPurchaseAnswers)
        .set({ customerId: null, otherText: null })
        .where(
          scoped(postPurchaseAnswers, account.id, eq(postPurchaseAnswers.customerId, `gid://shopify/Customer/${customer.id}`)),
        );
    }
  },

  /**
   * The shop's account and all its data deleted (48 hours after it uninstalled). A shop that has
   * installed the app again is live: its data is not deleted.
   */
  SHOP_REDACT: async (tx, webhook, account, deps, hooks) => {
    if (!account) return;
    if (account.status === 'active') {
      deps.logger.warn({ shop: webhook.shop }, 'shop/redact for a shop with the app installed: ignored');
      return;
    }
    await accountDeleter({ db: tx, storage: deps.storage, accountId: account.id });
    hooks.changed({ accountId: account.id });
  },

  /**
   * A new order: its facts kept for the post-purchase survey (shopOrderRecorder), and credited to the
   * quizzes and wheels that brought it (orderAttributor); a repeat counts once.
   */
  ORDERS_CREATE: async (tx, webhook, account, deps) => {
    if (!account) return;
    const order = webhook.payload;
    await shopOrderRecorder({ db: tx, accountId: account.id, order: orderFacts(order) });
    const credited = await orderAttributor({
      db: tx,
      accountId: account.id,
      order: {
        orderId: order.admin_graphql_api_id,
        orderName: order.name ?? '',
        orderedAt: new Date(order.created_at),
        // The schema holds one of them.
        total: (order.current_total_price ?? order.total_price)!,
        currency: order.currency,
        discountCodes: (order.discount_codes ?? []).map((discount) => discount.code),
        lineItems: (order.line_items ?? []).map((item) => item.properties),
      },
    });
    if (credited.length > 0) deps.logger.info({ shop: webhook.shop, credited: credited.length }, 'orders/create credited');
  },

  /** A paid order: its facts kept (or first recorded) with when it was paid, for revenue per survey answer. */
  ORDERS_PAID: async (tx, webhook, account) => {
    if (!account) return;
    await shopOrderRecorder({
      db: tx,
      accountId: account.id,
      order: orderFacts(webhook.payload),
      paidAt: webhook.triggeredAt ?? new Date(),
    });
  },

  /** The shop's address changed in Shopify: mail to the owner follows it (unless they chose another). */
  SHOP_UPDATE: async (tx, webhook, account) => {
    // A body without either field says nothing about them (not that they were removed).
    if (!account || (webhook.payload.email === undefined && webhook.payload.customer_email === undefined)) return;
    await shopEmailRecorder({
      db: tx,
      accountId: account.id,
      email: webhook.payload.email,
      contactEmail: webhook.payload.customer_email,
    });
  },

  PRODUCTS_CREATE: productChanged,
  PRODUCTS_UPDATE: productChanged,

  /** The product is kept for the quizzes that name it, and never recommended again. */
  PRODUCTS_DELETE: async (tx, webhook, account, deps, hooks) => {
    if (!account) return;
    await shopifyProductDeleteApplier({ db: tx, accountId: account.id, productId: webhook.payload.id });
    hooks.afterCommit(async () => deps.marketProducts.forgetAccount(account.id));
  },
};
