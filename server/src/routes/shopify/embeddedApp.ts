import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import { InvalidHmacError, InvalidHostError } from '@shopify/shopify-api';
import {
  embeddedAppBasePath,
  shopDomainPattern,
  shopifyInstallMessages as texts,
  shopifyStoreHandle,
} from '@quizlead/shared/shopify.ts';
import { findInstalledShop, shopInstaller } from '../../commands/shopInstaller.ts';
import type { AppContext, AppState, Services } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { verifySessionToken } from '../../integrations/shopify/sessionToken.ts';
import type { ShopifyApp } from '../../integrations/shopify/shopifyApp.ts';
import { messagePage, messagePagePolicy } from '../../lib/messagePage.ts';
import { bouncePage, embeddedFramePolicy } from './shopifyPages.ts';
import { sendStaticFile } from '../../lib/staticFile.ts';

/**
 * The embedded admin's build (web): index.html holds the literal placeholders %SHOPIFY_API_KEY% and
 * %APP_BRIDGE_URL%, filled in here; its assets are built with base /shopify/app/ into assets/.
 */
const defaultEmbeddedDist = fileURLToPath(new URL('../../../../web/dist/embedded', import.meta.url));

/**
 * The Shopify admin's doors into the app:
 * - `/` with shop and host (or embedded=1): what Shopify loads as application_url, forwarded to the
 *   embedded admin with the same query (id_token included);
 * - `/shopify/app{/*}`: the embedded admin's document (managed install on its first valid id_token,
 *   else App Bridge's bounce page);
 * - `/Shopify?hmac&shop&timestamp[&host]`: the spec's store-integration login (section 2), checked and
 *   sent on to the app inside the shop's admin. It writes nothing.
 */
export function shopifyEmbeddedRoutes(services: Services, options: { distDir?: string | undefined } = {}): Router<AppState> {
  const router = new Router<AppState>();
  const distDir = options.distDir ?? defaultEmbeddedDist;
  let cachedIndex: string | undefined;

  /** The built index.html, read when first asked for (kept in production, re-read elsewhere for rebuilds). */
  const embeddedIndex = async (): Promise<string | undefined> => {
    if (cachedIndex) return cachedIndex;
    const html = await readFile(`${distDir}/index.html`, 'utf8').catch(() => undefined);
    if (html && services.env.NODE_ENV === 'production') cachedIndex = html;
    return html;
  };

  router.get('/', async (ctx, next) => {
    if (one(ctx, 'shop') && (one(ctx, 'host') || one(ctx, 'embedded') === '1')) return forwardToEmbedded(ctx);
    return next();
  });

  // The router matches paths case-insensitively, so this is also /shopify (an application_url with a path).
  router.get('/Shopify', async (ctx) => {
    if (one(ctx, 'embedded') === '1' && one(ctx, 'shop')) return forwardToEmbedded(ctx);
    await storeIntegrationLogin(ctx, services);
  });

  router.get(`${embeddedAppBasePath}/assets/*file`, async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    await sendStaticFile(ctx, ctx.path.slice(embeddedAppBasePath.length), distDir);
  });

  router.get(`${embeddedAppBasePath}{/*rest}`, (ctx) => embeddedDocument(ctx, services, embeddedIndex));
  return router;
}

/** A single query value; undefined when absent or repeated. */
function one(ctx: AppContext, name: string): string | undefined {
  const value = ctx.query[name];
  return typeof value === 'string' ? value : undefined;
}

function forwardToEmbedded(ctx: AppContext) {
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(`${embeddedAppBasePath}${ctx.querystring ? `?${ctx.querystring}` : ''}`);
}

function answerPage(ctx: AppContext, status: number, message: string, framePolicy: string) {
  ctx.status = status;
  ctx.set('Content-Security-Policy', `${messagePagePolicy}; ${framePolicy.replace(/;$/, '')}`);
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = messagePage({ title: texts.errorTitle, message });
}

/**
 * The embedded admin's document. Shopify loads it in the admin's iframe with shop, host and id_token;
 * a valid id_token installs the shop when the app cannot reach it yet, before the page is served.
 * Without one (or with one that does not hold) App Bridge's bounce page fetches a token and reloads.
 */
async function embeddedDocument(ctx: AppContext, services: Services, embeddedIndex: () => Promise<string | undefined>) {
  const shopify = services.shopify;
  const shop = one(ctx, 'shop')?.toLowerCase();
  if (!shop || !shopDomainPattern.test(shop))
    return answerPage(ctx, 400, texts.badShop, 'frame-ancestors https://admin.shopify.com');
  const framePolicy = embeddedFramePolicy(shop);
  if (!shopify) return answerPage(ctx, 503, texts.notConfigured, framePolicy);

  ctx.set('Content-Security-Policy', framePolicy);
  // The app's default isolates top-level pages; this one lives in the admin's frame and opens the admin's windows.
  ctx.remove('Cross-Origin-Opener-Policy');
  ctx.set('Cache-Control', 'no-store');
  ctx.type = 'text/html; charset=utf-8';
  const apiKey = shopify.config.apiKey;
  const appBridgeUrl = services.env.APP_BRIDGE_URL;

  const token = one(ctx, 'id_token') ?? /^Bearer (.+)$/i.exec(ctx.get('authorization'))?.[1];
  const verified = token ? await verifySessionToken(shopify, token) : undefined;
  if (!token || !verified || verified.shop !== shop) {
    ctx.body = bouncePage(apiKey, appBridgeUrl);
    return;
  }
  try {
    if (!(await findInstalledShop(services.database.db, services.secrets, shop)))
      await shopInstaller({ services, shopify, shop, sessionToken: token });
  } catch (error) {
    // Shopify refused this token or did not answer: say so instead of bouncing in a loop.
    if (error instanceof AppError) return answerPage(ctx, error.status, error.message, framePolicy);
    throw error;
  }
  const template = await embeddedIndex();
  if (!template) return answerPage(ctx, 503, texts.notBuilt, framePolicy);
  ctx.body = template
    .replaceAll('%SHOPIFY_API_KEY%', escapeHtml(apiKey))
    .replaceAll('%APP_BRIDGE_URL%', escapeHtml(appBridgeUrl));
}

/**
 * The spec's store-integration login (spec: account-player-management.md §2, shopify/verifyrequest): the
 * query's HMAC checked by the library (hex HMAC-SHA256 over the sorted query, timing-safe, timestamp
 * within 90 s), the shop held to {handle}.myshopify.com, then a redirect to the app inside the shop's
 * admin, where Shopify installs it if needed and the embedded document authenticates with a session token.
 */
async function storeIntegrationLogin(ctx: AppContext, services: Services) {
  const framePolicy = "frame-ancestors 'none'";
  const shopify = services.shopify;
  if (!shopify) return answerPage(ctx, 503, texts.notConfigured, framePolicy);
  const shop = one(ctx, 'shop');
  const hmac = one(ctx, 'hmac');
  const timestamp = one(ctx, 'timestamp');
  const host = ctx.query.host;
  if (!shop || !hmac || !timestamp || !/^\d{1,12}$/.test(timestamp) || Array.isArray(host))
    return answerPage(ctx, 400, texts.badRequest, framePolicy);
  if (!shopDomainPattern.test(shop)) return answerPage(ctx, 400, texts.badShop, framePolicy);
  if (!(await hmacHolds(shopify, new URLSearchParams(ctx.querystring))))
    return answerPage(ctx, 401, texts.badSignature, framePolicy);

  let target: string;
  try {
    const adminHost = host ?? Buffer.from(`admin.shopify.com/store/${shopifyStoreHandle(shop.toLowerCase())}`).toString('base64');
    target = shopify.auth.buildEmbeddedAppUrl(adminHost);
  } catch (error) {
    if (error instanceof InvalidHostError) return answerPage(ctx, 400, texts.badRequest, framePolicy);
    throw error;
  }
  ctx.set('Content-Security-Policy', `${messagePagePolicy}; ${framePolicy}`);
  ctx.set('Cache-Control', 'no-store');
  ctx.redirect(target);
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = messagePage({ title: texts.loggingIn, message: '', link: { href: target, label: texts.continueToAdmin } });
}

async function hmacHolds(shopify: ShopifyApp, query: URLSearchParams): Promise<boolean> {
  try {
    return await shopify.utils.validateHmac(query);
  } catch (error) {
    // A missing HMAC or a timestamp outside 90 seconds.
    if (error instanceof InvalidHmacError) return false;
    throw error;
  }
}
