import type { Next } from 'koa';
import type { AppContext } from '../context.ts';

const contentSecurityPolicy = [
  "default-src 'self'",
  "img-src 'self' data: blob: https:",
  "style-src 'self' 'unsafe-inline'",
  "script-src 'self'",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** Conservative defaults for every response; pages meant to be embedded relax frame-ancestors themselves. */
export function setSecurityHeaders(ctx: AppContext): void {
  ctx.set('Content-Security-Policy', contentSecurityPolicy);
  ctx.set('X-Content-Type-Options', 'nosniff');
  ctx.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  ctx.set('Cross-Origin-Opener-Policy', 'same-origin');
  ctx.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  if (ctx.secure) ctx.set('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
  ctx.remove('X-Powered-By');
}

export const securityHeaders = () => async (ctx: AppContext, next: Next) => {
  setSecurityHeaders(ctx);
  await next();
};
