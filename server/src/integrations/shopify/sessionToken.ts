import type { JwtPayload } from '@shopify/shopify-api';
import { shopDomainPattern } from '@quizlead/shared/shopify.ts';
import type { ShopifyApp } from './shopifyApp.ts';

export interface VerifiedSessionToken {
  /** {handle}.myshopify.com, from the token's dest. */
  shop: string;
  payload: JwtPayload;
}

/**
 * Checks an App Bridge session (ID) token the way @shopify/shopify-api does, through its
 * `session.decodeSessionToken`: HS256 only with the app's secret, 10 s clock tolerance, exp and nbf,
 * audience = the API key. The library lets a token without `exp` through (jose checks exp only when it
 * is present), so this requires it: a session token lives one minute and one that never expires is
 * forged. The shop is the hostname of `dest`, held to {handle}.myshopify.com.
 * Undefined for anything that does not hold. Never log the token or the library's message (it quotes it).
 */
export async function verifySessionToken(shopify: ShopifyApp, token: string): Promise<VerifiedSessionToken | undefined> {
  let payload: JwtPayload;
  try {
    payload = await shopify.session.decodeSessionToken(token);
  } catch {
    return undefined;
  }
  if (typeof payload.exp !== 'number') return undefined;
  if (typeof payload.dest !== 'string' || !URL.canParse(payload.dest)) return undefined;
  const shop = new URL(payload.dest).hostname;
  return shopDomainPattern.test(shop) ? { shop: shop.toLowerCase(), payload } : undefined;
}
