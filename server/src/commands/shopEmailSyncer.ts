import { and, eq } from 'drizzle-orm';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';
import { shopifyAdmin } from '../integrations/shopify/adminApi.ts';

/** Validated against the Admin schema by the fake Shopify in tests. */
export const shopEmailQuery = `query ShopEmail {
  shop { email contactEmail }
}`;

interface ShopEmail {
  shop: { email: string; contactEmail: string };
}

/**
 * The shop's own address recorded on its account: `email` is the one Shopify writes to the owner with,
 * `contactEmail` the one customers see; the first that is set. Mail to the owner goes there unless they
 * chose another (db/queries/owner.ts ownerEmail). An address that does not look like one is '' (read, none).
 */
export async function shopEmailRecorder(props: {
  db: Db;
  accountId: string;
  email?: string | null;
  contactEmail?: string | null;
}) {
  const { db, accountId } = props;
  const address = [props.email, props.contactEmail].map((value) => value?.trim() ?? '').find(looksLikeAnAddress) ?? '';
  await db
    .update(accounts)
    .set({ shopEmail: address, updatedAt: new Date() })
    .where(and(eq(accounts.id, accountId), eq(accounts.kind, 'shopify')));
}

const looksLikeAnAddress = (value: string) => value.length <= 254 && /^[^@\s]+@[^@\s]+$/.test(value);

/**
 * Reads the shop's address from the Admin API and records it: after an install, and for a shop installed
 * before the app read it (its first admin request enqueues this). Throws what shopifyAdmin throws.
 */
export async function shopEmailSyncer(services: Services, accountId: string): Promise<void> {
  const admin = await shopifyAdmin(services, accountId);
  const { shop } = await admin.graphql<ShopEmail>(shopEmailQuery);
  await shopEmailRecorder({ db: services.database.db, accountId, email: shop.email, contactEmail: shop.contactEmail });
}
