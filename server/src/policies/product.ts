import { eq } from 'drizzle-orm';
import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

export type ProductRow = typeof products.$inferSelect;

/** A product of the caller's account; anyone else's id answers 404 exactly like a missing one. */
export async function findOwnProduct(
  db: Db,
  auth: Pick<Auth, 'accountId'>,
  id: string,
  options: { forUpdate?: boolean } = {},
): Promise<ProductRow> {
  const query = db
    .select()
    .from(products)
    .where(scoped(products, auth.accountId, eq(products.id, id)))
    .limit(1);
  const [row] = options.forUpdate ? await query.for('update') : await query;
  if (!row) throw NotFoundError();
  return row;
}
