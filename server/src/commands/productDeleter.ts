import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { products } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { ProductRow } from '../policies/product.ts';
import { refuseShopProduct } from './productSaver.ts';
import { unusedImageRemover, type ImageCleanup } from './unusedImageRemover.ts';

/**
 * Deletes the caller's locked product added by hand (a shop product is deleted in Shopify only: 409);
 * its uploaded image goes once nothing else uses it.
 */
export async function productDeleter(
  deps: { db: Db } & ImageCleanup,
  input: { accountId: string; product: ProductRow },
): Promise<void> {
  const { db } = deps;
  const { accountId, product } = input;
  refuseShopProduct(product);
  await db.delete(products).where(scoped(products, accountId, eq(products.id, product.id)));
  if (product.imageUrl) {
    await unusedImageRemover({ db, accountId, urls: [product.imageUrl], storage: deps.storage, afterCommit: deps.afterCommit });
  }
}
