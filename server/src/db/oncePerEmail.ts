import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Db } from './client.ts';

/**
 * "Once per email" for public submissions (a wheel's spins, a poll's votes). The tables have no unique
 * index on the email (owners may allow repeats, and earlier rows may repeat), so two requests with the
 * same email are serialised instead: each takes a transaction-scoped advisory lock on (what, item,
 * email) before it looks for an earlier row, and holds it until its own row is committed. Emails
 * compare case-insensitively, as lower() in the database (the index is on lower(email)); the caller
 * has trimmed them.
 */

export type OncePerEmailKind = 'wheel-spin' | 'poll-vote' | 'quiz-prize';

/** Waits for any other submission of this email to this item, until the end of the transaction. */
export async function lockEmail(db: Db, kind: OncePerEmailKind, itemId: string, email: string): Promise<void> {
  const key = `${kind}:${itemId}:${email.toLowerCase()}`;
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
}

/** The rows of `column`'s table sent with this email, in any case. */
export const sameEmail = (column: PgColumn, email: string): SQL => sql`lower(${column}) = lower(${email})`;

/**
 * The inbox the email in `column` reaches, in SQL: shared emailInbox's twin (lower case, the name cut at
 * its first +, Gmail's dots dropped). Immutable functions only, so an index can hold it.
 */
export function inboxOf(column: PgColumn): SQL {
  const local = sql`lower(split_part(${column}, '@', 1))`;
  const domain = sql`lower(split_part(${column}, '@', 2))`;
  const name = sql`coalesce(nullif(split_part(${local}, '+', 1), ''), ${local})`;
  return sql`(case when ${domain} in ('gmail.com', 'googlemail.com') then replace(${name}, '.', '') || '@gmail.com' else ${name} || '@' || ${domain} end)`;
}

/** The rows of `column`'s table sent from the inbox `inbox` (an emailInbox value), under any tag. */
export const sameInbox = (column: PgColumn, inbox: string): SQL => sql`${inboxOf(column)} = ${inbox}`;
