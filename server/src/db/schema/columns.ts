import { uuid } from 'drizzle-orm/pg-core';
import { accounts } from './accounts.ts';

/**
 * The tenant column every tenant table carries: never null, and its rows go with their account
 * (docs/decisions/012-tenant-isolation-every-query-scoped-other-accounts.md). One definition, so no
 * table drifts from it.
 */
export function accountIdColumn() {
  return uuid('account_id')
    .notNull()
    .references(() => accounts.id, { onDelete: 'cascade' });
}
