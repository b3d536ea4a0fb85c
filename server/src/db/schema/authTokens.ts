import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './users.ts';

/**
 * Single-use secrets sent by email: sign-up verification codes and password reset links.
 * Only a keyed hash is stored; a token is spent by setting used_at.
 * Not a tenant table: a sign-up token exists before its account does.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose', { enum: ['signup', 'password_reset'] }).notNull(),
    /** Lower-cased email the token was sent to. */
    email: text('email').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    /** Wrong guesses against this token; it is spent after too many. */
    failedAttempts: integer('failed_attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [
    index('auth_tokens_purpose_email_idx').on(table.purpose, table.email),
    index('auth_tokens_token_hash_idx').on(table.tokenHash),
    check('auth_tokens_purpose_check', sql`${table.purpose} in ('signup', 'password_reset')`),
  ],
);
