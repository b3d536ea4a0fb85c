import { HttpResponseError, Session } from '@shopify/shopify-api';
import { eq } from 'drizzle-orm';
import type { Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { shopInstallations } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import { ShopifyUnavailableError } from '../../errors.ts';
import { accessTokenIsFresh, refreshTokenIsUsable, sealedTokenColumns } from './installationTokens.ts';
import type { ShopifyApp } from './shopifyApp.ts';

/**
 * The Admin API of one shop, as the app's offline installation:
 *
 * ```ts
 * const admin = await shopifyAdmin(services, accountId);
 * const data = await admin.graphql<{ currentAppInstallation: { activeSubscriptions: { name: string; status: string }[] } }>(
 *   `query { currentAppInstallation { activeSubscriptions { name status } } }`,
 * );
 * ```
 *
 * - `graphql` sends the operation with the library's GraphQL client (API version 2026-10) and
 *   resolves to `data`. GraphQL errors reject with the library's `GraphqlQueryError`, HTTP failures
 *   with `HttpResponseError` and its subclasses.
 * - The access token is refreshed when it has less than 5 minutes left; the refresh locks the
 *   installation row (`SELECT … FOR UPDATE`), so two requests racing make one refresh call to
 *   Shopify, and the rotated refresh token is stored (sealed) before the lock is released.
 * - `ShopNotInstalledError` when the shop has no usable installation (uninstalled, never installed or
 *   its refresh token lapsed): the next session token from the admin installs it again.
 * - A token Shopify no longer honours before its expiry (401: revoked) is dropped with its refresh token,
 *   and the call rejects with `ShopNotInstalledError`: the next admin request (its fresh session token)
 *   exchanges for new tokens, as after an install.
 * - Inside a transaction pass it as `db` (PGlite has one connection: a second one would wait forever).
 * - Tests: the fake Shopify (server/src/test/fakes/shopify) answers it and checks every query against
 *   the Admin schema.
 */
export interface ShopifyAdmin {
  /** {handle}.myshopify.com */
  shop: string;
  graphql<T = Record<string, unknown>>(query: string, variables?: Record<string, unknown>): Promise<T>;
}

export class ShopNotInstalledError extends Error {
  readonly accountId: string;

  constructor(accountId: string) {
    super(`account ${accountId} has no usable Shopify installation`);
    this.accountId = accountId;
  }
}

export async function shopifyAdmin(services: Services, accountId: string, options: { db?: Db } = {}): Promise<ShopifyAdmin> {
  const shopify = services.shopify;
  if (!shopify) throw new ShopNotInstalledError(accountId);
  const db = options.db ?? services.database.db;
  const { shop, accessToken, sealed } = await validAccessToken(services, shopify, db, accountId);
  const client = new shopify.clients.Graphql({
    session: new Session({ id: shopify.session.getOfflineId(shop), shop, state: '', isOnline: false, accessToken }),
  });
  return {
    shop,
    async graphql<T>(query: string, variables?: Record<string, unknown>): Promise<T> {
      try {
        const response = await client.request<T>(query, variables ? { variables } : {});
        return response.data as T;
      } catch (error) {
        if (!(error instanceof HttpResponseError && error.response.code === 401)) throw error;
        await revokedTokenDropper(db, accountId, sealed);
        services.logger.warn({ shop }, 'Shopify refused the access token (revoked): a new token exchange will replace it');
        throw new ShopNotInstalledError(accountId);
      }
    },
  };
}

/**
 * Shopify answered 401 to a token it issued and that has not expired: it was revoked, and its refresh
 * token with it. Both are dropped, so findInstalledShop no longer counts the installation usable and the
 * next session token from the admin exchanges for new ones. Only if they are still the ones used: a
 * request that has refreshed meanwhile keeps its new tokens.
 */
async function revokedTokenDropper(db: Db, accountId: string, sealedAccessToken: string): Promise<void> {
  await db
    .update(shopInstallations)
    .set({ accessToken: null, accessTokenKeyId: null, refreshToken: null, refreshTokenKeyId: null, updatedAt: new Date() })
    .where(scoped(shopInstallations, accountId, eq(shopInstallations.accessToken, sealedAccessToken)));
}

type InstallationRow = typeof shopInstallations.$inferSelect;

/** A valid access token for the account's shop, refreshed first when it is about to expire. */
export async function validAccessToken(
  services: Services,
  shopify: ShopifyApp,
  db: Db,
  accountId: string,
): Promise<{ shop: string; accessToken: string; sealed: string }> {
  const [row] = await db.select().from(shopInstallations).where(scoped(shopInstallations, accountId)).limit(1);
  if (row && !row.uninstalledAt && accessTokenIsFresh(row, services.secrets))
    return { shop: row.shop, accessToken: openAccess(services, row), sealed: row.accessToken! };
  const result = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(shopInstallations).where(scoped(shopInstallations, accountId)).for('update').limit(1);
    if (!locked || locked.uninstalledAt) return undefined;
    // Whoever held the lock before may have refreshed already.
    if (accessTokenIsFresh(locked, services.secrets))
      return { shop: locked.shop, accessToken: openAccess(services, locked), sealed: locked.accessToken! };
    if (!refreshTokenIsUsable(locked, services.secrets)) return undefined;
    const refreshToken = services.secrets.open({ ciphertext: locked.refreshToken!, keyId: locked.refreshTokenKeyId! });
    const session = await refresh(services, shopify, locked.shop, refreshToken);
    const now = new Date();
    if (session === 'refused') {
      // Shopify no longer honours the refresh token: drop it, so the next session token from the
      // admin exchanges for new ones (findInstalledShop no longer counts this installation usable).
      await tx
        .update(shopInstallations)
        .set({ accessToken: null, accessTokenKeyId: null, refreshToken: null, refreshTokenKeyId: null, updatedAt: now })
        .where(scoped(shopInstallations, accountId));
      return undefined;
    }
    const columns = sealedTokenColumns(services.secrets, session);
    const kept = {
      refreshToken: locked.refreshToken,
      refreshTokenKeyId: locked.refreshTokenKeyId,
      refreshExpiresAt: locked.refreshExpiresAt,
    };
    await tx
      .update(shopInstallations)
      .set({ ...columns, ...(session.refreshToken ? {} : kept), updatedAt: now })
      .where(scoped(shopInstallations, accountId));
    return { shop: locked.shop, accessToken: session.accessToken!, sealed: columns.accessToken! };
  });
  if (!result) throw new ShopNotInstalledError(accountId);
  return result;
}

function openAccess(services: Services, row: InstallationRow): string {
  return services.secrets.open({ ciphertext: row.accessToken!, keyId: row.accessTokenKeyId! });
}

async function refresh(
  services: Services,
  shopify: ShopifyApp,
  shop: string,
  refreshToken: string,
): Promise<Session | 'refused'> {
  try {
    const { session } = await shopify.auth.refreshToken({ shop, refreshToken });
    if (!session.accessToken) throw new Error('the refresh answered no access token');
    return session;
  } catch (error) {
    const status = error instanceof HttpResponseError ? error.response.code : undefined;
    if (status === 400 || status === 401) {
      services.logger.warn({ shop, status }, 'Shopify refused the token refresh');
      return 'refused';
    }
    services.logger.error({ shop, status, kind: (error as Error).constructor.name }, 'token refresh failed');
    throw ShopifyUnavailableError();
  }
}
