import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.ts';
import { products } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import type { ZProductPayload } from '../webhookPayloads.ts';
import { imageOrNull, shopifyProductsUpserter } from './shopifyProducts.ts';

type ProductPayload = z.infer<typeof ZProductPayload>;

/**
 * products/create and products/update, applied from the payload. It says the title, handle, tags,
 * status, image and variants, but not whether a variant is for sale when it shows no stock (an
 * untracked variant sells with 0), nor the storefront URL or the currency. So the payload alone settles
 * a product that is not active, has no variant, or whose first variant sells on (policy continue or
 * stock above 0: the variant a read of the Admin API would pick too). Anything else keeps what the app
 * knew and answers `refresh`: the caller has the product read again (shopifyProductRefresher), as for a
 * product new to the app. A payload older than what the app holds changes nothing.
 */
export async function shopifyProductWebhookApplier(props: {
  db: Db;
  accountId: string;
  payload: ProductPayload;
}): Promise<{ refresh: boolean }> {
  const { db, accountId, payload } = props;
  const externalId = payload.admin_graphql_api_id;
  const updatedAt = payload.updated_at ? new Date(payload.updated_at) : new Date();
  const [stored] = await db
    .select()
    .from(products)
    .where(scoped(products, accountId, eq(products.externalId, externalId)))
    .limit(1);
  if (stored && (stored.source !== 'shopify' || stored.updatedAt > updatedAt)) return { refresh: false };

  const variants = [...(payload.variants ?? [])].sort((a, b) => (a.position ?? 0) - (b.position ?? 0));
  const first = variants[0];
  const active = payload.status.toLowerCase() === 'active';
  const sellsOn = Boolean(first && (first.inventory_policy === 'continue' || (first.inventory_quantity ?? 0) > 0));
  const settled = !active || !first || sellsOn;
  await shopifyProductsUpserter(db, accountId, [
    {
      externalId,
      variantId: sellsOn && active ? first!.id : (stored?.variantId ?? null),
      title: payload.title,
      handle: payload.handle ?? '',
      url: stored?.url ?? '',
      imageUrl: imageOrNull(payload.image?.src),
      price: sellsOn ? first!.price : (stored?.price ?? first?.price ?? '0.00'),
      currency: stored?.currency ?? '',
      tags: tagsOf(payload.tags),
      available: settled ? active && sellsOn : (stored?.available ?? false),
      updatedAt,
    },
  ]);
  return { refresh: !stored || !settled };
}

/** products/delete: the product is kept (quizzes may name it) and never recommended again. */
export async function shopifyProductDeleteApplier(props: { db: Db; accountId: string; productId: string }): Promise<void> {
  await props.db
    .update(products)
    .set({ available: false, updatedAt: new Date() })
    .where(
      scoped(
        products,
        props.accountId,
        eq(products.source, 'shopify'),
        eq(products.externalId, `gid://shopify/Product/${props.productId}`),
      ),
    );
}

/** `"quiz, Green tea ,"` → `['quiz', 'Green tea']` (REST tags are one comma-separated string). */
function tagsOf(tags: string | null | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}
