import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { socialProviders, type SocialProvider } from '@quizlead/shared/socialSignIn.ts';
import { oneOf } from './checks.ts';
import { users } from './users.ts';

/** A Facebook or Google account that signs a user in: the provider's stable subject, not the email. */
export const socialIdentities = pgTable(
  'social_identities',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<SocialProvider>().notNull(),
    subject: text('subject').notNull(),
    /** The verified address the provider gave when the identity was linked. */
    email: text('email').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('social_identities_provider_subject_key').on(table.provider, table.subject),
    index('social_identities_user_id_idx').on(table.userId),
    check('social_identities_provider_check', oneOf('provider', socialProviders)),
  ],
);
