import { check, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { oneOf } from './checks.ts';
import { destinations } from './deliveries.ts';

/**
 * The custom fields a CRM destination has made (or found) in the provider, one per answer property
 * (issue 33): the next lead goes straight to the contact upsert, and the unique key makes "created once"
 * hold even when two deliveries race (db/queries/crmFields.ts serialises them with an advisory lock).
 * Saving the CRM settings forgets them (another account or audience may be meant); find-before-create
 * finds them again.
 */
export const crmFields = pgTable(
  'crm_fields',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    destinationId: uuid('destination_id')
      .notNull()
      .references(() => destinations.id, { onDelete: 'cascade' }),
    provider: text('provider').notNull(),
    /** `<item key>.<property key>`. */
    propertyKey: text('property_key').notNull(),
    /** How the provider addresses the field on a contact (merge tag, field id, attribute name, field key). */
    fieldRef: text('field_ref').notNull(),
    fieldName: text('field_name').notNull(),
    fieldType: text('field_type').$type<'number' | 'text'>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('crm_fields_destination_key').on(table.destinationId, table.provider, table.propertyKey),
    check('crm_fields_type_check', oneOf('field_type', ['number', 'text'])),
  ],
);
