import type { Next } from 'koa';
import type { AppContext } from '../context.ts';

/**
 * The public play API answers any origin, so quizzes work when embedded on other sites. No
 * credentials cross origins: play steps authenticate with their bearer play token. What a browser
 * may send (methods, headers) and how long it may remember that only matter to a preflight (the
 * Fetch standard's CORS protocol), so only OPTIONS answers them; every answer allows the origin.
 */
export const publicCors = () => async (ctx: AppContext, next: Next) => {
  if (!ctx.path.startsWith('/api/v1/public/')) return next();
  for (const [name, value] of publicCorsHeaderList) ctx.set(name, value);
  if (ctx.method === 'OPTIONS') {
    for (const [name, value] of preflightHeaderList) ctx.set(name, value);
    ctx.status = 204;
    return;
  }
  await next();
};

/** The header that lets any origin read the public API's answers. */
export const publicCorsHeaderList: readonly (readonly [string, string])[] = [['Access-Control-Allow-Origin', '*']];

/** A preflight's answer: what any origin may send, remembered for a day. */
const preflightHeaderList: readonly (readonly [string, string])[] = [
  ['Access-Control-Allow-Headers', 'Content-Type, Authorization'],
  ['Access-Control-Allow-Methods', 'GET, POST, OPTIONS'],
  ['Access-Control-Max-Age', '86400'],
];
