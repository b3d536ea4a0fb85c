import { eq } from 'drizzle-orm';
import type { TShopifyPlacement } from '@quizlead/shared/schemas/reports.ts';
import {
  shareMessages,
  shopifyAppEmbedUrl,
  shopifyBlockHandle,
  shopifyEmbedHandle,
  shopifyMessages,
  shopifyThemeEditorUrl,
  type EmbedKind,
} from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages, shopifyStorefrontUrl } from '@quizlead/shared/shopify.ts';
import type { Services } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { accounts } from '../../../db/schema/index.ts';

/**
 * How an item of the caller's account (found already, so another account's id was a 404) goes into the
 * account's Shopify store: its storefront page through the app proxy once it is published, and the theme
 * editor links that add the app block or switch on the app embed (the merchant picks the kind and pastes
 * the id there). The same answer for every kind: a quiz, poll, web response or wheel.
 */
export async function shopifyPlacement(
  db: Db,
  accountId: string,
  env: Services['env'],
  item: { kind: EmbedKind; id: string; published: boolean },
): Promise<TShopifyPlacement> {
  const [account] = await db
    .select({ kind: accounts.kind, shopDomain: accounts.shopDomain })
    .from(accounts)
    .where(eq(accounts.id, accountId))
    .limit(1);
  if (account?.kind !== 'shopify' || !account.shopDomain) return { available: false, message: shareMessages.shopifyNotConnected };
  const apiKey = env.SHOPIFY_API_KEY;
  if (!apiKey) return { available: false, message: shopifyMessages.notConfigured };
  return {
    available: true,
    shopDomain: account.shopDomain,
    editorUrl: shopifyThemeEditorUrl(account.shopDomain, apiKey),
    blockHandle: shopifyBlockHandle,
    appEmbedUrl: shopifyAppEmbedUrl(account.shopDomain, apiKey),
    embedHandle: shopifyEmbedHandle,
    storefront: item.published
      ? { published: true, url: shopifyStorefrontUrl(account.shopDomain, item.kind, item.id) }
      : { published: false, message: shopifyStorefrontMessages.notPublished(item.kind) },
  };
}
