import { HttpResponseError, InvalidJwtError, RequestedTokenType } from '@shopify/shopify-api';
import { productSyncRecorder } from './productSyncRecorder.ts';
import { userCreator } from './userCreator.ts';
import { and, asc, eq, sql } from 'drizzle-orm';
import { shopifyStoreHandle } from '@quizlead/shared/shopify.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { accounts, shopInstallations, users } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { InvalidShopifySessionError, ShopifyUnavailableError } from '../errors.ts';
import { installationIsUsable, sealedTokenColumns } from '../integrations/shopify/installationTokens.ts';
import type { ShopifyApp } from '../integrations/shopify/shopifyApp.ts';
import type { Secrets } from '../lib/secrets.ts';
import { syncShopPlanTask } from '../jobs/tasks/SyncShopPlanTask.ts';
import { syncProductsTask } from '../jobs/tasks/SyncProductsTask.ts';
import { syncShopEmailTask } from '../jobs/tasks/SyncShopEmailTask.ts';
import { createCustomerMetafieldDefinitionsTask } from '../jobs/tasks/CreateCustomerMetafieldDefinitionsTask.ts';
import { createStorefrontTokenTask } from '../jobs/tasks/CreateStorefrontTokenTask.ts';

/** The account and owner a shop's requests act as. */
export interface ShopOwner {
  accountId: string;
  userId: string;
  /** Whether the shop's own address has been read from Shopify (accounts.shop_email). */
  shopEmailKnown: boolean;
}

/**
 * The owner of a shop whose installation can reach the Admin API without the merchant, else
 * undefined (never installed, uninstalled, or its refresh token has lapsed): then `shopInstaller` runs.
 */
export async function findInstalledShop(db: Db, secrets: Secrets, shop: string): Promise<ShopOwner | undefined> {
  // tenant-scope: a shop is named by its domain (a verified session token or webhook), not by an account
  const [row] = await db
    .select({ installation: shopInstallations, userId: users.id, shopEmail: accounts.shopEmail })
    .from(shopInstallations)
    .innerJoin(users, eq(users.accountId, shopInstallations.accountId))
    .innerJoin(accounts, eq(accounts.id, shopInstallations.accountId))
    .where(eq(shopInstallations.shop, shop))
    .orderBy(asc(users.createdAt))
    .limit(1);
  if (!row || !installationIsUsable(row.installation, secrets)) return undefined;
  return { accountId: row.installation.accountId, userId: row.userId, shopEmailKnown: row.shopEmail !== null };
}

/**
 * Managed install, with no extra step (shopify.md 1): the first request with a valid session token
 * from a shop the app cannot reach yet exchanges that token for an expiring offline token (access
 * token for an hour plus a refresh token), provisions the shop's account (kind shopify) and owner
 * (usertype shopifyuser) and stores both tokens sealed. A shop that uninstalled gets the same account
 * back with new tokens.
 *
 * Race-safe: a transaction-scoped advisory lock on the shop serialises first requests, and the one that
 * waited finds the installation done and exchanges nothing. The lock is held across the call to Shopify
 * so that exactly one exchange happens; installs are rare and the call is short.
 */
export async function shopInstaller(props: { services: Services; shopify: ShopifyApp; shop: string; sessionToken: string }) {
  const { services, shopify, shop, sessionToken } = props;
  return services.database.db.transaction(async (tx): Promise<ShopOwner> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`shopify-install:${shop}`}, 0))`);
    const done = await findInstalledShop(tx, services.secrets, shop);
    if (done) return done;

    const session = await exchange(services, shopify, shop, sessionToken);
    const [existing] = await tx.select().from(accounts).where(eq(accounts.shopDomain, shop)).limit(1);
    const [account] = existing
      ? [existing]
      : await tx
          .insert(accounts)
          .values({ kind: 'shopify', shopDomain: shop, companyName: shopifyStoreHandle(shop) })
          .returning();
    if (!account) throw new Error(`no account for ${shop}`);
    if (existing?.status !== 'active') {
      await tx.update(accounts).set({ status: 'active', updatedAt: new Date() }).where(eq(accounts.id, account.id));
    }
    const [owner] = await tx
      .select({ id: users.id })
      .from(users)
      .where(scoped(users, account.id))
      .orderBy(asc(users.createdAt))
      .limit(1);
    const [user] = owner
      ? [owner]
      : [
          await userCreator(tx, {
            accountId: account.id,
            email: `owner@${shop}`,
            usertype: 'shopifyuser',
            verifiedAt: new Date(),
          }),
        ];
    if (!user) throw new Error(`no owner for ${shop}`);

    const now = new Date();
    const tokens = sealedTokenColumns(services.secrets, session);
    const [previous] = await tx
      .select({ uninstalledAt: shopInstallations.uninstalledAt })
      .from(shopInstallations)
      .where(scoped(shopInstallations, account.id))
      .limit(1);
    await tx
      .insert(shopInstallations)
      .values({ accountId: account.id, shop, ...tokens, installedAt: now, updatedAt: now })
      .onConflictDoUpdate({
        target: shopInstallations.accountId,
        // A lapsed refresh token on a live installation is a re-authorisation, not a new install.
        set: { ...tokens, shop, uninstalledAt: null, updatedAt: now, ...(previous?.uninstalledAt ? { installedAt: now } : {}) },
      });
    // The plan Shopify bills (App Pricing) is read once the install has committed: paid from the start.
    await services.queue.enqueue(tx, syncShopPlanTask, { accountId: account.id });
    // So are the shop's products, which quizzes recommend.
    await services.queue.enqueue(tx, syncProductsTask, { accountId: account.id });
    await productSyncRecorder({ db: tx, accountId: account.id, state: 'queued' });
    // And the shop's own address, where mail to the owner goes (lead notifications…).
    await services.queue.enqueue(tx, syncShopEmailTask, { accountId: account.id });
    // And the customer metafield definitions of its quizzes' answers, when it has Shopify customers on (a reinstall).
    await services.queue.enqueue(tx, createCustomerMetafieldDefinitionsTask, { accountId: account.id });
    // And its Storefront token, for recommendations in the shopper's market and language.
    await services.queue.enqueue(tx, createStorefrontTokenTask, { accountId: account.id });
    services.logger.info({ shop, accountId: account.id, reinstall: Boolean(previous?.uninstalledAt) }, 'shop installed');
    return { accountId: account.id, userId: user.id, shopEmailKnown: true };
  });
}

/**
 * The shop removed the app (app/uninstalled, which may repeat or come late): its tokens are dropped,
 * since Shopify has revoked them, and the account is marked uninstalled. Data stays for a reinstall.
 * True when an installation was found.
 */
export async function shopUninstaller(props: { db: Db; shop: string }): Promise<boolean> {
  const { db, shop } = props;
  const now = new Date();
  // tenant-scope: Shopify's verified app/uninstalled webhook names the shop, not an account
  const [row] = await db
    .update(shopInstallations)
    .set({
      accessToken: null,
      accessTokenKeyId: null,
      accessExpiresAt: null,
      refreshToken: null,
      refreshTokenKeyId: null,
      refreshExpiresAt: null,
      // Shopify deletes the app's Storefront tokens with the app.
      storefrontToken: null,
      storefrontTokenKeyId: null,
      uninstalledAt: sql`coalesce(${shopInstallations.uninstalledAt}, ${now})`,
      updatedAt: now,
    })
    .where(eq(shopInstallations.shop, shop))
    .returning({ accountId: shopInstallations.accountId });
  if (!row) return false;
  await db
    .update(accounts)
    .set({ status: 'uninstalled', updatedAt: now })
    .where(and(eq(accounts.id, row.accountId), eq(accounts.kind, 'shopify')));
  return true;
}

/** Token exchange for an expiring offline token; Shopify refusing the session token is a 401 App Bridge retries. */
async function exchange(services: Services, shopify: ShopifyApp, shop: string, sessionToken: string) {
  try {
    const { session } = await shopify.auth.tokenExchange({
      shop,
      sessionToken,
      requestedTokenType: RequestedTokenType.OfflineAccessToken,
      expiring: true,
    });
    return session;
  } catch (error) {
    const status = error instanceof HttpResponseError ? error.response.code : undefined;
    if (error instanceof InvalidJwtError || status === 400 || status === 401) {
      services.logger.warn({ shop, status }, 'Shopify refused the token exchange');
      throw InvalidShopifySessionError();
    }
    services.logger.error({ shop, status, kind: (error as Error).constructor.name }, 'token exchange failed');
    throw ShopifyUnavailableError();
  }
}
