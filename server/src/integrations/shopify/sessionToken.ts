import type { JwtPayload } from '@shopify/shopify-api';
import { shopDomainPattern } from '@quizlead/shared/shopify.ts';
import type { ShopifyApp } from './shopifyApp.ts';

export interface VerifiedSessionToken {
  /** {handle}.myshopify.com, from the token's dest. */
  shop: string;
  payload: JwtPayload;
}

/** The clock skew the library allows either way. */
const clockSkewSeconds = 10;
/** Furthest `exp` accepted: Shopify's tokens live one minute, so this leaves ample skew. */
export const sessionTokenMaxAheadSeconds = 3 * 60;

/**
 * Checks an App Bridge session (ID) token the way @shopify/shopify-api does, through its
 * `session.decodeSessionToken`: HS256 only with the app's secret, 10 s clock tolerance, exp and nbf,
 * audience = the API key. The library lets a token without `exp` or `nbf` through (jose checks them only
 * when present) and any far `exp`, so this requires both, `exp` at most a few minutes ahead and `nbf`
 * (and `iat`) not ahead beyond the skew: a session token lives one minute, and one that lives for years
 * is forged or leaked for good. The shop is `dest`'s host, held to {handle}.myshopify.com, and `iss` must
 * name the same shop's admin (shopOf).
 * Undefined for anything that does not hold. Never log the token or the library's message (it quotes it).
 */
export async function verifySessionToken(shopify: ShopifyApp, token: string): Promise<VerifiedSessionToken | undefined> {
  let payload: JwtPayload;
  try {
    payload = await shopify.session.decodeSessionToken(token);
  } catch {
    return undefined;
  }
  if (!livesAsShopifyMintsThem(payload, Math.floor(Date.now() / 1000))) return undefined;
  const shop = shopOf(payload);
  return shop === undefined ? undefined : { shop, payload };
}

/** `dest` as Shopify writes it: https, the shop's host in lower case, nothing else (no port, path or user). */
const exactDest = /^https:\/\/([a-z0-9][a-z0-9-]*\.myshopify\.com)$/;

/**
 * The shop the token is for, when the token names it whole and one way (the session-token docs' manual
 * checks): `dest` is exactly `https://{shop}` and `iss` is that shop's admin, `https://{shop}/admin`.
 * A correctly signed token with another shop in `iss`, an http or user-info `dest`, or a path names no shop.
 */
function shopOf(payload: JwtPayload): string | undefined {
  const { dest, iss } = payload as { dest?: unknown; iss?: unknown };
  if (typeof dest !== 'string' || typeof iss !== 'string') return undefined;
  const shop = exactDest.exec(dest)?.[1];
  if (shop === undefined || !shopDomainPattern.test(shop)) return undefined;
  return iss === `https://${shop}/admin` ? shop : undefined;
}

function livesAsShopifyMintsThem(payload: JwtPayload, now: number): boolean {
  const { exp, nbf, iat } = payload as Partial<Pick<JwtPayload, 'exp' | 'nbf' | 'iat'>>;
  if (typeof exp !== 'number' || exp > now + sessionTokenMaxAheadSeconds) return false;
  if (typeof nbf !== 'number' || nbf > now + clockSkewSeconds) return false;
  return iat === undefined || (typeof iat === 'number' && iat <= now + clockSkewSeconds);
}

/** A checkout or customer account UI extension's session token, verified (verifyExtensionSessionToken). */
export interface VerifiedExtensionToken {
  /** {handle}.myshopify.com, from the token's dest. */
  shop: string;
  /** The buyer's customer gid (`sub`), only when they are known to the shop; null for a guest. */
  customerId: string | null;
}

/** Furthest `exp` accepted for an extension's token: Shopify's live five minutes (reference E), plus the skew. */
export const extensionTokenMaxAheadSeconds = 5 * 60 + clockSkewSeconds;

/** `dest` of an extension's token: the shop's domain, bare as the session-token API documents it (or as a https origin). */
const extensionDest = /^(?:https:\/\/)?([a-z0-9][a-z0-9-]*\.myshopify\.com)$/;
/** `sub` of an extension's token: the buyer's customer gid (reference E, "Calling the backend"). */
const customerGid = /^gid:\/\/shopify\/Customer\/\d{1,20}$/;

/**
 * Checks the session token a checkout UI extension (thank-you page) or customer account UI extension
 * (order status page) sends with `shopify.sessionToken.get()` (reference E): the same signature checks as
 * the admin's token (HS256 only with the app's secret, `aud` = the API key, `exp` and `nbf` required with
 * the same 10 s skew), a lifetime of at most five minutes, and the shop from `dest`. These tokens carry no
 * `iss`; one that does must name the same shop's admin. `sub`, when present, must be a customer gid:
 * the admin's tokens (whose `sub` is a staff user) are not taken here. Whether the shop has the app
 * installed is the caller's check. Undefined for anything that does not hold; never log the token.
 */
export async function verifyExtensionSessionToken(
  shopify: ShopifyApp,
  token: string,
): Promise<VerifiedExtensionToken | undefined> {
  let payload: JwtPayload;
  try {
    payload = await shopify.session.decodeSessionToken(token);
  } catch {
    return undefined;
  }
  const now = Math.floor(Date.now() / 1000);
  const { exp, nbf, iat, dest, iss, sub } = payload as Partial<Record<'exp' | 'nbf' | 'iat' | 'dest' | 'iss' | 'sub', unknown>>;
  if (typeof exp !== 'number' || exp > now + extensionTokenMaxAheadSeconds) return undefined;
  if (typeof nbf !== 'number' || nbf > now + clockSkewSeconds) return undefined;
  if (iat !== undefined && (typeof iat !== 'number' || iat > now + clockSkewSeconds)) return undefined;
  const shop = typeof dest === 'string' ? extensionDest.exec(dest)?.[1] : undefined;
  if (shop === undefined || !shopDomainPattern.test(shop)) return undefined;
  if (iss !== undefined && iss !== `https://${shop}/admin`) return undefined;
  if (sub !== undefined && (typeof sub !== 'string' || !customerGid.test(sub))) return undefined;
  return { shop, customerId: typeof sub === 'string' ? sub : null };
}
