import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';
import { users } from './users.ts';

/** What owners wrote through Contact Us, kept whether or not the email to support went out. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The sender's address when they wrote (support answers to it). */
    email: text('email').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('contact_messages_created_idx').on(table.createdAt)],
);
