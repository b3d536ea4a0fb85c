import type { Session } from '@shopify/shopify-api';
import type { shopInstallations } from '../../db/schema/index.ts';
import type { Secrets } from '../../lib/secrets.ts';

type InstallationRow = typeof shopInstallations.$inferSelect;

/** The token columns of shop_installations for a session Shopify issued: both tokens sealed. */
export function sealedTokenColumns(secrets: Secrets, session: Session) {
  const access = session.accessToken ? secrets.seal(session.accessToken) : undefined;
  const refresh = session.refreshToken ? secrets.seal(session.refreshToken) : undefined;
  return {
    accessToken: access?.ciphertext ?? null,
    accessTokenKeyId: access?.keyId ?? null,
    accessExpiresAt: session.expires ?? null,
    refreshToken: refresh?.ciphertext ?? null,
    refreshTokenKeyId: refresh?.keyId ?? null,
    refreshExpiresAt: session.refreshTokenExpires ?? null,
    scopes: session.scope ?? '',
  };
}

/** Refresh this long before the access token expires (the Express package's margin). */
export const refreshMarginMs = 5 * 60 * 1000;

/**
 * An access token that is there, sealed under a key still configured, and good for more than the margin
 * (a token without expiry always is).
 */
export function accessTokenIsFresh(row: InstallationRow, secrets: Secrets, now = Date.now()): boolean {
  if (!row.accessToken || !row.accessTokenKeyId || !secrets.knows(row.accessTokenKeyId)) return false;
  return !row.accessExpiresAt || row.accessExpiresAt.getTime() - now > refreshMarginMs;
}

/** A refresh token that is there, sealed under a key still configured, and not about to expire. */
export function refreshTokenIsUsable(row: InstallationRow, secrets: Secrets, now = Date.now()): boolean {
  if (!row.refreshToken || !row.refreshTokenKeyId || !secrets.knows(row.refreshTokenKeyId)) return false;
  return !row.refreshExpiresAt || row.refreshExpiresAt.getTime() > now + refreshMarginMs;
}

/**
 * The installation can still get access tokens without the merchant: it is not uninstalled and holds a
 * fresh access token or a usable refresh token. Otherwise only a new token exchange (a session token
 * from the admin) brings it back; that is also how tokens sealed under a key removed too early heal.
 */
export function installationIsUsable(row: InstallationRow, secrets: Secrets, now = Date.now()): boolean {
  if (row.uninstalledAt) return false;
  return accessTokenIsFresh(row, secrets, now) || refreshTokenIsUsable(row, secrets, now);
}
