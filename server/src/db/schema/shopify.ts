import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * A shop's installation of the app: one per Shopify account. Access and refresh tokens are
 * ciphertext (lib/secrets.ts) with the id of the key that sealed them, so keys can rotate.
 * Tokens are cleared when the shop uninstalls; a reinstall fills them again on the same account.
 */
export const shopInstallations = pgTable(
  'shop_installations',
  {
    accountId: uuid('account_id')
      .primaryKey()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** {name}.myshopify.com */
    shop: text('shop').notNull(),
    accessToken: text('access_token'),
    accessTokenKeyId: text('access_token_key_id'),
    /** Expiring offline tokens live an hour; null only for a token issued without expiry. */
    accessExpiresAt: timestamp('access_expires_at', { withTimezone: true }),
    refreshToken: text('refresh_token'),
    refreshTokenKeyId: text('refresh_token_key_id'),
    refreshExpiresAt: timestamp('refresh_expires_at', { withTimezone: true }),
    /**
     * The app's Storefront API token for this shop (Admin storefrontAccessTokenCreate, made once after the
     * install or once unauthenticated_read_product_listings is granted), sealed like the others: the
     * product recommendations read titles and prices in the shopper's market and language with it
     * (integrations/shopify/storefront).
     */
    storefrontToken: text('storefront_token'),
    storefrontTokenKeyId: text('storefront_token_key_id'),
    /** The scopes Shopify granted, comma-separated as it reports them. */
    scopes: text('scopes').notNull().default(''),
    /**
     * The last sync of the shop's products (the Products page shows it): queued, running, done or failed,
     * with the reason it failed (a key of productSyncMessages) and when it last changed.
     */
    productsSyncState: text('products_sync_state', { enum: ['queued', 'running', 'done', 'failed'] }),
    productsSyncFailure: text('products_sync_failure'),
    productsSyncAt: timestamp('products_sync_at', { withTimezone: true }),
    installedAt: timestamp('installed_at', { withTimezone: true }).notNull().defaultNow(),
    uninstalledAt: timestamp('uninstalled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('shop_installations_shop_key').on(table.shop)],
);

/**
 * Webhook deliveries already taken in, keyed by X-Shopify-Webhook-Id: Shopify retries a delivery
 * with the same id, so a second insert finds the first and the work is not done twice. Keyed by
 * shop, not account: privacy webhooks may arrive after the account is gone.
 */
export const shopifyWebhookReceipts = pgTable(
  'shopify_webhook_receipts',
  {
    webhookId: text('webhook_id').primaryKey(),
    topic: text('topic').notNull(),
    shop: text('shop').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    processedAt: timestamp('processed_at', { withTimezone: true }),
  },
  (table) => [index('shopify_webhook_receipts_shop_idx').on(table.shop)],
);
