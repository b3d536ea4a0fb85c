import { eq } from 'drizzle-orm';
import { ZShopifyPlacementResponse, ZShortLinkResponse, type TShopifyPlacement } from '@quizlead/shared/schemas/reports.ts';
import {
  shareMessages,
  shopifyAppEmbedUrl,
  shopifyBlockHandle,
  shopifyEmbedHandle,
  shopifyMessages,
  shopifyThemeEditorUrl,
  shortLinkPath,
} from '@quizlead/shared/sharing.ts';
import { shopifyStorefrontMessages, shopifyStorefrontUrl } from '@quizlead/shared/shopify.ts';
import { accounts } from '../../../db/schema/index.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZQuizParams } from '../quizzes/schema.ts';
import { shortCodeFor } from './shortLinks.ts';

/** The share page's calls (spec: account-player-management.md §2, "Share page"; docs/api.md "Sharing a quiz"). */
export function sharingRoutes(api: ApiRouter): void {
  api.route({
    method: 'post',
    path: '/quizzes/:id/short-link',
    summary: 'The quiz’s short link /play/{code}, made on first ask (the same code every time)',
    tags: ['sharing'],
    access: 'owner',
    can: 'quiz.write',
    params: ZQuizParams,
    responses: { 200: ZShortLinkResponse, 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const quiz = await findOwnQuiz(db, auth, params.id);
      const code = await shortCodeFor(db, auth.accountId, quiz.id);
      ctx.body = { data: { code, path: shortLinkPath(code) } };
    },
  });

  api.route({
    method: 'get',
    path: '/quizzes/:id/shopify',
    summary:
      'How to place the quiz in the Shopify storefront: its storefront page (published quizzes), the theme editor link that adds the app block and the one that switches on the app embed',
    tags: ['sharing'],
    access: 'owner',
    can: 'quiz.read',
    params: ZQuizParams,
    responses: { 200: ZShopifyPlacementResponse, 404: 'No such quiz in this account' },
    handler: async ({ ctx, db, auth, params, services }) => {
      const quiz = await findOwnQuiz(db, auth, params.id);
      const [account] = await db
        .select({ kind: accounts.kind, shopDomain: accounts.shopDomain })
        .from(accounts)
        .where(eq(accounts.id, auth.accountId))
        .limit(1);
      const apiKey = services.env.SHOPIFY_API_KEY;
      let data: TShopifyPlacement;
      if (account?.kind !== 'shopify' || !account.shopDomain) {
        data = { available: false, message: shareMessages.shopifyNotConnected };
      } else if (!apiKey) {
        data = { available: false, message: shopifyMessages.notConfigured };
      } else {
        data = {
          available: true,
          shopDomain: account.shopDomain,
          editorUrl: shopifyThemeEditorUrl(account.shopDomain, apiKey),
          blockHandle: shopifyBlockHandle,
          appEmbedUrl: shopifyAppEmbedUrl(account.shopDomain, apiKey),
          embedHandle: shopifyEmbedHandle,
          storefront:
            quiz.status === 'published'
              ? { published: true, url: shopifyStorefrontUrl(account.shopDomain, 'quiz', quiz.id) }
              : { published: false, message: shopifyStorefrontMessages.notPublished },
        };
      }
      ctx.body = { data };
    },
  });
}
