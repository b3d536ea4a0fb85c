import { eq } from 'drizzle-orm';
import { shopifyAdminAppUrl } from '@quizlead/shared/shopify.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';

/** Builds the address of an admin screen ('Settings', 'Quiz/Analytics/{id}') for one account's owner. */
export type AdminLink = (screen: string) => string;

interface LinkEnv {
  APP_URL: string;
  SHOPIFY_APP_HANDLE: string;
}

/**
 * Where an owner opens an admin screen from a mail: a shop's owner inside Shopify's admin (the standalone
 * sign-in is not theirs to use), anyone else at APP_URL/app/… Every mail that links to the admin builds
 * its links here, so both kinds of account get links that open.
 */
export function ownerAdminLink(env: LinkEnv, account: { kind: 'standalone' | 'shopify'; shopDomain: string | null }): AdminLink {
  const { shopDomain } = account;
  if (account.kind === 'shopify' && shopDomain) return (screen) => shopifyAdminAppUrl(shopDomain, env.SHOPIFY_APP_HANDLE, screen);
  const base = `${env.APP_URL.replace(/\/$/, '')}/app`;
  return (screen) => `${base}/${screen.replace(/^\//, '')}`;
}

/** ownerAdminLink for the account `accountId` (a standalone link when it is gone). */
export async function accountAdminLink(db: Db, env: LinkEnv, accountId: string): Promise<AdminLink> {
  const [account] = await db
    .select({ kind: accounts.kind, shopDomain: accounts.shopDomain })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  return ownerAdminLink(env, account ?? { kind: 'standalone', shopDomain: null });
}
