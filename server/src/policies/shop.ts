import { and, eq } from 'drizzle-orm';
import { shopifyPlanMessages } from '@quizlead/shared/shopify.ts';
import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { accounts, shopifyDataRequests } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

/** The caller's account when it is a Shopify shop; a standalone account has no shop resources (404). */
export async function findOwnShop(db: Db, auth: Pick<Auth, 'accountId'>) {
  const [account] = await db
    .select({
      id: accounts.id,
      shopDomain: accounts.shopDomain,
      mode: accounts.mode,
      shopEmail: accounts.shopEmail,
      notificationEmail: accounts.notificationEmail,
    })
    .from(accounts)
    .where(and(eq(accounts.id, auth.accountId), eq(accounts.kind, 'shopify')))
    .limit(1);
  if (!account?.shopDomain) throw NotFoundError(shopifyPlanMessages.notShopify);
  return { ...account, shopDomain: account.shopDomain };
}

/** A data request document of the caller's shop; anyone else's id answers 404 like a missing one. */
export async function findOwnDataRequest(db: Db, auth: Pick<Auth, 'accountId'>, id: string) {
  const [row] = await db
    .select()
    .from(shopifyDataRequests)
    .where(scoped(shopifyDataRequests, auth.accountId, eq(shopifyDataRequests.id, id)))
    .limit(1);
  if (!row) throw NotFoundError();
  return row;
}
