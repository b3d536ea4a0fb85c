import { isNull } from 'drizzle-orm';
import type { Services } from '../context.ts';
import { shopInstallations } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { shopifyAdmin } from '../integrations/shopify/adminApi.ts';
import { refuseOn, type UserError } from '../integrations/shopify/customerMetafields.ts';
import { storefrontScope } from '../integrations/shopify/storefront/storefrontApi.ts';

/** The token's name in the shop's admin (Settings → Apps → Storefront access tokens of the app). */
export const storefrontTokenTitle = 'Quizlead product recommendations';

export const storefrontTokenCreateMutation = `mutation StorefrontTokenCreate($input: StorefrontAccessTokenInput!) {
  storefrontAccessTokenCreate(input: $input) {
    storefrontAccessToken { accessToken accessScopes { handle } }
    userErrors { field message }
  }
}`;

interface CreatePayload {
  storefrontAccessTokenCreate: {
    storefrontAccessToken: { accessToken: string; accessScopes: { handle: string }[] } | null;
    userErrors: UserError[];
  };
}

/**
 * The shop's Storefront API token, made once (Admin `storefrontAccessTokenCreate`, which needs no scope
 * of its own; the token inherits the app's unauthenticated scopes, here
 * unauthenticated_read_product_listings: marketing-stack-and-languages.md D3) and stored sealed on the
 * installation. An installation that has one keeps it: a shop holds at most 100. Answers whether a
 * token was made. Throws ShopNotInstalledError, ShopifyRefusal and Shopify's errors for the job.
 */
export async function storefrontTokenCreator(services: Services, accountId: string): Promise<boolean> {
  const db = services.database.db;
  const [installation] = await db
    .select({ storefrontToken: shopInstallations.storefrontToken })
    .from(shopInstallations)
    .where(scoped(shopInstallations, accountId))
    .limit(1);
  if (!installation || installation.storefrontToken) return false;
  const admin = await shopifyAdmin(services, accountId);
  const answer = await admin.graphql<CreatePayload>(storefrontTokenCreateMutation, { input: { title: storefrontTokenTitle } });
  const { storefrontAccessToken, userErrors } = answer.storefrontAccessTokenCreate;
  refuseOn(userErrors);
  if (!storefrontAccessToken) throw new Error(`Shopify made no Storefront token for ${admin.shop}`);
  const scopes = storefrontAccessToken.accessScopes.map((scope) => scope.handle);
  if (!scopes.includes(storefrontScope))
    services.logger.warn({ shop: admin.shop, scopes }, 'the Storefront token cannot read product listings (scope not granted)');
  const sealed = services.secrets.seal(storefrontAccessToken.accessToken);
  // Only where none was stored meanwhile (two jobs racing keep the first).
  await db
    .update(shopInstallations)
    .set({ storefrontToken: sealed.ciphertext, storefrontTokenKeyId: sealed.keyId, updatedAt: new Date() })
    .where(scoped(shopInstallations, accountId, isNull(shopInstallations.storefrontToken)));
  services.marketProducts.forgetAccount(accountId);
  return true;
}
