import { ZShopifyPlacementResponse, ZShortLinkResponse } from '@quizlead/shared/schemas/reports.ts';
import { shortLinkPath } from '@quizlead/shared/sharing.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZQuizParams } from '../quizzes/schema.ts';
import { shopifyPlacement } from './shopifyPlacement.ts';
import { shortLinkCreator } from '../../../commands/shortLinkCreator.ts';

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
      const code = await shortLinkCreator({ db }, { accountId: auth.accountId, quizId: quiz.id });
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
      const published = quiz.status === 'published';
      ctx.body = { data: await shopifyPlacement(db, auth.accountId, services.env, { kind: 'quiz', id: quiz.id, published }) };
    },
  });
}
