import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    email: text('email').notNull(),
    fullName: text('full_name').notNull().default(''),
    usertype: text('usertype', { enum: ['email', 'social', 'shopifyuser'] })
      .notNull()
      .default('email'),
    /** argon2id; null for users who never had a password (social, Shopify). */
    passwordHash: text('password_hash'),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    /** Set by a platform administrator: the user cannot sign in and their sessions are gone. */
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${table.email})`),
    index('users_account_id_idx').on(table.accountId),
    check('users_usertype_check', sql`${table.usertype} in ('email', 'social', 'shopifyuser')`),
  ],
);
