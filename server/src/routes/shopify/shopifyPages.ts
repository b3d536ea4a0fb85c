import { escapeHtml } from '../../lib/escapeHtml.ts';

/**
 * The embedded document's policy, as Shopify asks of every embedded page (shopify.md 2): only this
 * shop's admin and the unified admin may frame it. It replaces the app's default policy (frame-ancestors
 * 'none'), which would stop the admin from showing the app at all.
 */
export const embeddedFramePolicy = (shop: string) => `frame-ancestors https://${shop} https://admin.shopify.com;`;

/**
 * The App Bridge bounce page (shopify.md 2; @shopify/shopify-app-express renderAppBridge): a document
 * load without a session token gets App Bridge alone, which fetches a token and reloads the page with it.
 */
export function bouncePage(apiKey: string, appBridgeUrl: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="shopify-api-key" content="${escapeHtml(apiKey)}">
<script data-api-key="${escapeHtml(apiKey)}" src="${escapeHtml(appBridgeUrl)}"></script>
</head>
<body></body>
</html>
`;
}

/** The small page for links that cannot be honoured: what happened and what to do. Scripts never run. */
export const messagePagePolicy = "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'; form-action 'none'";

export function messagePage(title: string, message: string, link?: { href: string; label: string }): string {
  return `<!doctype html>
<html lang="en">
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
  a { color: #005bd3; }
</style>
</head>
<body>
<main>
<h1>${escapeHtml(title)}</h1>
<p>${escapeHtml(message)}${link ? ` <a href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a>` : ''}</p>
</main>
</body>
</html>
`;
}
