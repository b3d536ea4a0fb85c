import { sql } from 'drizzle-orm';
import { check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { accountRoles, type AccountRole } from '@quizlead/shared/permissions.ts';
import { accountIdColumn } from './columns.ts';
import { oneOf } from './checks.ts';
import { users } from './users.ts';

/**
 * Who belongs to an account and with which role (shared/src/permissions.ts says what each role may
 * do). Every user has a membership in the account they signed up with or installed; a session is
 * for one membership, and a user whose membership is removed is signed out of that account.
 */
export const memberships = pgTable(
  'memberships',
  {
    accountId: accountIdColumn(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role').$type<AccountRole>().notNull().default('owner'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.accountId, table.userId] }),
    index('memberships_user_id_idx').on(table.userId),
    check('memberships_role_check', oneOf('role', accountRoles)),
  ],
);

/**
 * Platform administrators run the product from /app/Admin. Kept apart from account roles: being an
 * administrator grants nothing inside anyone's account, and an account owner is never an
 * administrator by owning.
 */
export const platformAdmins = pgTable('platform_admins', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  grantedBy: uuid('granted_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * An owner's invitation to join their account with a role. The link carries a random token; only its
 * keyed hash is kept. Accepting it creates the user and the membership and spends the invitation; one
 * open invitation per address and account (inviting again replaces it).
 */
export const memberInvitations = pgTable(
  'member_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    /** Lower-cased. */
    email: text('email').notNull(),
    role: text('role').$type<AccountRole>().notNull().default('member'),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('member_invitations_account_email_open_key')
      .on(table.accountId, table.email)
      .where(sql`${table.acceptedAt} is null`),
    index('member_invitations_token_hash_idx').on(table.tokenHash),
    check('member_invitations_role_check', oneOf('role', accountRoles)),
  ],
);
