import { ZAdPixelDefaultsResponse } from '@quizlead/shared/schemas/adPixelDefaults.ts';
import { ZAdPixelDefaults } from '@quizlead/shared/schemas/integrations.ts';
import { adPixelDefaultsSaver } from '../../../commands/adPixelDefaultsSaver.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** Settings → Ad pixels (issue 35): the account's default ids, read with the rest of the screen (/settings/integrations). */
export function adPixelSettingsRoutes(api: ApiRouter): void {
  api.route({
    method: 'put',
    path: '/settings/ad-pixels',
    summary:
      'Save the default Meta Pixel and TikTok Pixel ids of every quiz, poll, web response and wheel without its own (blank for none)',
    tags: ['settings'],
    access: 'owner',
    can: 'settings.manage',
    body: ZAdPixelDefaults,
    transaction: true,
    responses: { 200: ZAdPixelDefaultsResponse, 400: 'The id that is malformed' },
    handler: async ({ ctx, db, auth, body, changed }) => {
      ctx.body = {
        data: await adPixelDefaultsSaver({ db, changed }, { accountId: auth.accountId, ids: body }),
      };
    },
  });
}
