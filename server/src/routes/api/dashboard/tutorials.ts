import { screenExists } from '@quizlead/shared/navigation.ts';
import { tutorialIds, tutorialTexts, type TutorialId } from '@quizlead/shared/reports.ts';
import { ZTutorialsResponse, type TTutorial } from '@quizlead/shared/schemas/reports.ts';
import type { Env } from '../../../env.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** Where a guide lives when TUTORIAL_LINKS does not say. */
export const defaultTutorialUrl = (id: TutorialId) => `https://quizlead.app/tutorials/${id}`;

/** The guides to screens that exist, in the order of tutorialIds, each with its configured or default link. */
export function tutorials(env: Pick<Env, 'TUTORIAL_LINKS'>): TTutorial[] {
  return tutorialIds.flatMap((id) => {
    const { title, description, screen } = tutorialTexts[id];
    if (!screenExists(screen)) return [];
    return [{ id, title, description, url: env.TUTORIAL_LINKS[id] ?? defaultTutorialUrl(id) }];
  });
}

export function tutorialRoutes(api: ApiRouter): void {
  const list = tutorials(api.services.env);
  api.route({
    method: 'get',
    path: '/tutorials',
    summary: 'The video guides of the Tutorials page, with their links (TUTORIAL_LINKS)',
    tags: ['dashboard'],
    access: 'owner',
    can: 'dashboard.read',
    responses: { 200: ZTutorialsResponse },
    handler: async ({ ctx }) => {
      ctx.body = { data: list };
    },
  });
}
