import { sql } from 'drizzle-orm';
import { pgTable, text, timestamp, uuid, uniqueIndex, check } from 'drizzle-orm/pg-core';

/** A tenant: a standalone organisation or a Shopify shop. */
export const accounts = pgTable(
  'accounts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    kind: text('kind', { enum: ['standalone', 'shopify'] }).notNull(),
    mode: text('mode', { enum: ['free', 'paid'] })
      .notNull()
      .default('free'),
    /** A Shopify account whose shop removed the app is 'uninstalled' until the shop installs it again. */
    status: text('status', { enum: ['active', 'uninstalled'] })
      .notNull()
      .default('active'),
    companyName: text('company_name').notNull().default(''),
    companyUrl: text('company_url').notNull().default(''),
    /** The company logo, a row of `files` owned by this account. */
    logoFileId: uuid('logo_file_id'),
    /** myshop.myshopify.com for Shopify accounts. */
    shopDomain: text('shop_domain'),
    /**
     * A shop's own address as Shopify reports it (Admin API `shop.email`, else `shop.contactEmail`; the
     * shop/update webhook keeps it current). '' once read with none; null before the first read.
     */
    shopEmail: text('shop_email'),
    /** The address the owner chose for the mail the app sends them (lead notifications…); null: the default. */
    notificationEmail: text('notification_email'),
    /** The owner's affiliate code (Settings → Affiliate url), made on first read. */
    affiliateCode: text('affiliate_code'),
    /** The account's default ad pixel ids (Settings → Ad pixels, issue 35); '' for none. A quiz's own id wins. */
    metaPixelId: text('meta_pixel_id').notNull().default(''),
    tiktokPixelId: text('tiktok_pixel_id').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('accounts_shop_domain_key').on(table.shopDomain),
    uniqueIndex('accounts_affiliate_code_key').on(table.affiliateCode),
    check('accounts_kind_check', sql`${table.kind} in ('standalone', 'shopify')`),
    check('accounts_mode_check', sql`${table.mode} in ('free', 'paid')`),
    check('accounts_status_check', sql`${table.status} in ('active', 'uninstalled')`),
  ],
);
