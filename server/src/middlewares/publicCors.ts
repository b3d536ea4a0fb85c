import type { Next } from 'koa';
import type { AppContext } from '../context.ts';

/**
 * The public play API answers any origin, so quizzes work when embedded on other sites. No
 * credentials cross origins: play steps authenticate with their bearer play token.
 */
export const publicCors = () => async (ctx: AppContext, next: Next) => {
  if (!ctx.path.startsWith('/api/v1/public/')) return next();
  for (const [name, value] of publicCorsHeaderList) ctx.set(name, value);
  if (ctx.method === 'OPTIONS') {
    ctx.status = 204;
    return;
  }
  await next();
};

/** The headers that let any origin call the public API. */
export const publicCorsHeaderList: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Origin', '*'],
  ['Access-Control-Allow-Headers', 'Content-Type, Authorization'],
  ['Access-Control-Allow-Methods', 'GET, POST, OPTIONS'],
  ['Access-Control-Max-Age', '86400'],
];
