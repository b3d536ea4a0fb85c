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

/** Conservative defaults for pages and files; pages meant to be embedded relax frame-ancestors themselves. */
export const securityHeaderList: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', contentSecurityPolicy],
  ['X-Content-Type-Options', 'nosniff'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

/**
 * What an API answer needs (JSON, and exports as attachments: never a page a browser renders): OWASP's REST list.
 * Nothing may load or frame it, and no browser sniffs it into HTML. The referrer, opener and permissions policies
 * only mean something for a document, and the page policy's sources for one that loads things; each header costs
 * every answer its bytes (the published quiz is asked for on every view of every embed).
 */
export const apiSecurityHeaderList: readonly (readonly [string, string])[] = [
  ['Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'"],
  ['X-Content-Type-Options', 'nosniff'],
];

/** Only over https: browsers then keep to https for a year. */
export const strictTransportSecurity = ['Strict-Transport-Security', 'max-age=31536000; includeSubDomains'] as const;

export const securityHeaders = () => async (ctx: AppContext, next: Next) => {
  for (const [name, value] of ctx.path.startsWith('/api/') ? apiSecurityHeaderList : securityHeaderList) ctx.set(name, value);
  if (ctx.secure) ctx.set(...strictTransportSecurity);
  ctx.remove('X-Powered-By');
  await next();
};
