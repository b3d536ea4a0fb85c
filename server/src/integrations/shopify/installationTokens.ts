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

/** An access token that is there and good for more than the margin (a token without expiry always is). */
export function accessTokenIsFresh(row: InstallationRow, now = Date.now()): boolean {
  if (!row.accessToken || !row.accessTokenKeyId) return false;
  return !row.accessExpiresAt || row.accessExpiresAt.getTime() - now > refreshMarginMs;
}

/**
 * The installation can still get access tokens without the merchant: it is not uninstalled and holds a
 * fresh access token or a refresh token that has not expired. Otherwise only a new token exchange
 * (a session token from the admin) brings it back.
 */
export function installationIsUsable(row: InstallationRow, now = Date.now()): boolean {
  if (row.uninstalledAt) return false;
  if (accessTokenIsFresh(row, now)) return true;
  return Boolean(
    row.refreshToken &&
    row.refreshTokenKeyId &&
    (!row.refreshExpiresAt || row.refreshExpiresAt.getTime() > now + refreshMarginMs),
  );
}
