import { and, eq, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';

/**
 * The one way to query a tenant table: every condition is ANDed with the account's id,
 * so a foreign id finds nothing and answers 404 exactly like a missing one.
 */
export function scoped(table: { accountId: PgColumn }, accountId: string | Placeholder, ...conditions: (SQL | undefined)[]): SQL {
  return and(eq(table.accountId, accountId), ...conditions) as SQL;
}
