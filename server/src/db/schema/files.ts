import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountIdColumn } from './columns.ts';

/** Images owners upload: company logo, question, answer and background images. The bytes live in file storage. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    accountId: accountIdColumn(),
    contentType: text('content_type').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    /** Where the bytes are in file storage (integrations/storage). */
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('files_account_id_idx').on(table.accountId, table.createdAt)],
);
