import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import { productMessages, type ZProductRequest } from '@quizlead/shared/schemas/products.ts';
import type { Db } from '../db/client.ts';
import { ownUploadsChecker } from '../db/queries/fileUsage.ts';
import { products } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { AppError } from '../errors.ts';
import type { ProductRow } from '../policies/product.ts';
import { unusedImageRemover, type ImageCleanup } from './unusedImageRemover.ts';

/** Shop products mirror the shop's catalogue: they change in Shopify, never here (409). */
export function refuseShopProduct(product: ProductRow): void {
  if (product.source === 'shopify') throw new AppError(409, 'conflict', productMessages.shopifyManaged);
}

/**
 * Saves a product the owner typed in: a new one (`product` null) or the whole of the caller's locked
 * `product` again. An uploaded image must be the account's own (400 naming imageUrl); a shop product is
 * refused (409). An uploaded image the product stopped showing goes once nothing else uses it.
 * Returns the row stored.
 */
export async function productSaver(
  deps: { db: Db } & ImageCleanup,
  input: { accountId: string; product: ProductRow | null; body: z.infer<typeof ZProductRequest> },
): Promise<ProductRow> {
  const { db } = deps;
  const { accountId, product, body } = input;
  if (product) refuseShopProduct(product);
  await ownUploadsChecker(db, accountId, [{ field: 'imageUrl', url: body.imageUrl }]);
  const columns = {
    title: body.title,
    url: body.url,
    imageUrl: body.imageUrl,
    price: body.price,
    currency: body.currency,
    tags: body.tags,
    available: body.available,
  };
  if (!product) {
    const [created] = await db
      .insert(products)
      .values({ accountId, source: 'manual', ...columns })
      .returning();
    return created!;
  }
  const [stored] = await db
    .update(products)
    .set({ ...columns, updatedAt: new Date() })
    .where(scoped(products, accountId, eq(products.id, product.id)))
    .returning();
  if (product.imageUrl && product.imageUrl !== stored!.imageUrl) {
    await unusedImageRemover({ db, accountId, urls: [product.imageUrl], storage: deps.storage, afterCommit: deps.afterCommit });
  }
  return stored!;
}
