import { directionOf, type VisitorLanguage } from '@quizlead/shared/i18n/languages.ts';
import { escapeHtml } from './escapeHtml.ts';

/** Only its inline style runs: a message page has no scripts and loads nothing. */
export const messagePagePolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The same for a page whose one button posts back to this app (a confirmation). */
export const messageFormPagePolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'";

export interface MessagePageContent {
  title: string;
  /** What happened, or what to try; may be empty. */
  message: string;
  /** A value to show as code under the message, e.g. the address that led nowhere. */
  detail?: { label: string; value: string };
  link?: { href: string; label: string };
  /** One button that posts to `action` (same origin), e.g. to confirm what the page asks. */
  form?: { action: string; label: string };
  /** The language the texts are in (a visitor's page); English when not given. */
  language?: VisitorLanguage;
}

/**
 * The small hand-written page for an address the app cannot honour (an unknown short link, a store
 * link that fails its checks): a title, what to do, and at most one link. Everything is escaped.
 */
export function messagePage({ title, message, detail, link, form, language = 'en' }: MessagePageContent): string {
  const linkHtml = link ? ` <a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : '';
  return `<!doctype html>
<html lang="${language}" dir="${directionOf(language)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f2f4; color: #303030;
    font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; }
  main { box-sizing: border-box; width: min(480px, calc(100vw - 32px)); padding: 32px 28px; background: #fff;
    border-radius: 12px; box-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
  h1 { margin: 0 0 8px; font-size: 20px; line-height: 1.3; }
  p { margin: 0; color: #616161; }
  p + p { margin-top: 12px; }
  code { overflow-wrap: anywhere; color: #303030; }
  a { color: #005bd3; }
  form { margin-top: 20px; }
  button { font: inherit; font-weight: 600; padding: 8px 16px; border: 0; border-radius: 8px; background: #303030;
    color: #fff; cursor: pointer; }
  button:focus-visible { outline: 2px solid #005bd3; outline-offset: 2px; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}${linkHtml}</p>
${detail ? `<p>${escapeHtml(detail.label)}: <code>${escapeHtml(detail.value)}</code></p>\n` : ''}${
    form
      ? `<form method="post" action="${escapeHtml(form.action)}"><button type="submit">${escapeHtml(form.label)}</button></form>\n`
      : ''
  }</main>
</body>
</html>
`;
}

/**
 * Answers a page reached by a link with a secret token in its address (an unsubscribe link): the page,
 * never cached, and no Referer carrying the token anywhere.
 */
export function respondWithTokenPage(
  ctx: { status: number; type: string; body: unknown; set(field: string, value: string): void },
  status: number,
  content: MessagePageContent,
): void {
  ctx.status = status;
  ctx.set('Content-Security-Policy', content.form ? messageFormPagePolicy : messagePagePolicy);
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Referrer-Policy', 'no-referrer');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = messagePage(content);
}
