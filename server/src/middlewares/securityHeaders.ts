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
export const securityHeaderList: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', contentSecurityPolicy],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

/** Only over https: browsers then keep to https for a year. */
export const strictTransportSecurity = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const;

export const securityHeaders = () => async (ctx: AppContext, next: Next) => {
  for (const [name, value] of securityHeaderList) ctx.set(name, value);
  if (ctx.secure) ctx.set(...strictTransportSecurity);
  ctx.remove('X-Powered-By');
  await next();
};
