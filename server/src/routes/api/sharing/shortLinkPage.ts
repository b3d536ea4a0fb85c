import { shareMessages } from '@quizlead/shared/sharing.ts';
import { escapeHtml } from '../../../lib/escapeHtml.ts';

/** Only its inline style runs: the page has no scripts and loads nothing. */
export const shortLinkPagePolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

/** The small page a short link that leads nowhere answers with (404): what happened and what to try. */
export function shortLinkNotFoundPage(path: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(shareMessages.shortLinkNotFound)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f1f2f4; color: #303030;
    font: 16px/1.5 -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", sans-serif; }
  main { box-sizing: border-box; width: min(480px, calc(100vw - 32px)); padding: 32px 28px; background: #fff;
    border-radius: 12px; box-shadow: 0 1px 3px rgba(0, 0, 0, .12); }
  h1 { margin: 0 0 8px; font-size: 20px; line-height: 1.3; }
  p { margin: 0 0 12px; color: #616161; }
  code { overflow-wrap: anywhere; color: #303030; }
  a { color: #005bd3; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(shareMessages.shortLinkNotFound)}</h1>
<p>${escapeHtml(shareMessages.shortLinkNotFoundHint)}</p>
<p>Address: <code>${escapeHtml(path)}</code></p>
</main>
</body>
</html>
`;
}
