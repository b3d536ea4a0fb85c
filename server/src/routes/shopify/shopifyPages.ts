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
