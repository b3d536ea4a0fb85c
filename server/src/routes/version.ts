import { readFileSync } from 'node:fs';
import Router from '@koa/router';
import { productName } from '@quizlead/shared/constants.ts';
import type { AppState, Services } from '../context.ts';
import { messagePage, messagePagePolicy } from '../lib/messagePage.ts';

/** The server package's version, read once. */
export const appVersion: string = (
  JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }
).version;

/**
 * GET /version (spec: builder-widgets-shell.md §2.1): the version, the environment, the API base and
 * the site base; JSON for a client that asks for it, else a small page. Nothing secret is in it.
 */
export function versionRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get('/version', (ctx) => {
    const site = services.env.APP_URL;
    const about = { version: appVersion, environment: services.env.NODE_ENV, apiBase: `${site}/api/v1`, siteBase: site };
    ctx.set('Cache-Control', 'no-store');
    if (ctx.accepts('html', 'json') === 'json') {
      ctx.body = about;
      return;
    }
    ctx.set('Content-Security-Policy', messagePagePolicy);
    ctx.type = 'html';
    ctx.body = messagePage({
      title: `${productName} ${about.version}`,
      message: `Environment: ${about.environment}. API base: ${about.apiBase}. Site base: ${about.siteBase}.`,
    });
  });
  return router;
}
