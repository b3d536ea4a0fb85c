import { sql, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

/** A list query, already ordered, that takes a LIMIT and an OFFSET (a drizzle select). */
interface Pageable<T> {
  limit(limit: number): { offset(offset: number): PromiseLike<T[]> };
}

/** A page of a list and the list's total, as every paginated API answers it. */
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

/**
 * One page (1-based) of an ordered list and the number of rows in the whole list, read side by side:
 * `rows` gets the page's LIMIT and OFFSET, `count` names the same table and condition.
 */
export async function pageOf<T>(
  db: Db,
  rows: Pageable<T>,
  count: { from: PgTable; where: SQL | undefined },
  page: number,
  pageSize: number,
): Promise<Page<T>> {
  const [items, [counted]] = await Promise.all([
    rows.limit(pageSize).offset((page - 1) * pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(count.from)
      .where(count.where),
  ]);
  return { items, total: counted?.total ?? 0, page, pageSize };
}
