import { ZSocialProvidersResponse } from '@quizlead/shared/schemas/socialSignIn.ts';
import { configuredSocialProviders } from '../../../integrations/social/providers.ts';
import type { ApiRouter } from '../../apiRouter.ts';

export function socialProviderRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/auth/providers',
    summary: 'The social sign-in providers configured here (their "Continue with …" buttons show)',
    tags: ['auth'],
    access: 'public',
    responses: { 200: ZSocialProvidersResponse },
    handler: async ({ ctx, services }) => {
      ctx.body = { data: { providers: configuredSocialProviders(services.env) } };
    },
  });
}
