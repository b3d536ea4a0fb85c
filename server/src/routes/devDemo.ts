import Router from '@koa/router';
import type { AppState, Services } from '../context.ts';
import { demoAccountResetter } from '../demo/demoAccountResetter.ts';
import { NotFoundError } from '../errors.ts';
import { safeEqual } from '../lib/crypto.ts';

/**
 * POST /dev/demo resets the demo account inside the running server, for `npm run demo`
 * while PGlite is held by this process. Callers prove they can read the data directory.
 */
export function devDemoRoutes(services: Services, localKey: string): Router<AppState> {
  const router = new Router<AppState>();
  router.post('/dev/demo', async (ctx) => {
    if (!safeEqual(ctx.get('x-local-key'), localKey)) throw NotFoundError();
    ctx.body = { data: await demoAccountResetter(services.database.db) };
  });
  return router;
}
