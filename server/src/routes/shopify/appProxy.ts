import Router from '@koa/router';
import { and, eq } from 'drizzle-orm';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { widgetEmbedCode, type EmbedKind } from '@quizlead/shared/sharing.ts';
import { storefrontKinds } from '@quizlead/shared/shopify.ts';
import { translator, type Translate } from '@quizlead/shared/i18n/translate.ts';
import type { AppContext, AppState, Services } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { accounts, feedbacks, polls, quizzes, wheels } from '../../db/schema/index.ts';
import { scoped } from '../../db/scope.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { visitorTranslator, writtenLanguages } from '../../lib/visitorLanguage.ts';
import { shopifyRoutePaths } from '../../integrations/shopify/routePaths.ts';

/**
 * The storefront pages of the app proxy (shopify.app.toml [app_proxy]): https://{shop}/apps/quizlead/
 * {quiz|poll|feedback|wheel}/{id} shows one published item of that shop inside the shop's theme.
 *
 * Design: the answer is Liquid (`application/liquid`), so Shopify renders it inside the theme's layout
 * (header, footer, fonts) on the shop's own domain. Its content is the widget share code, the same the
 * theme block uses: an element and the embed script, both from APP_URL. The script replaces the element
 * with an iframe of the existing player or widget page on APP_URL, which calls the API on its own
 * origin, so neither the proxy path nor the shop's domain ever serves our assets or API, and the
 * player's own CSP (frame-ancestors *) applies inside the frame as everywhere else it is embedded.
 *
 * Every request is signed by Shopify (`signature`, checked by the library: sorted parameters, HMAC-SHA256
 * hex, at most 90 s old, no repeated shop, signature or timestamp): anything else gets 401, as a short
 * Liquid page in the shop's theme rather than the API's JSON error, in the storefront's language (Liquid
 * picks it by `request.locale`; the item's frame gets it as `data-locale`, issue 34). Items are
 * looked up in the account of the signed `shop` only, so another shop's id is a 404 like a missing one.
 */
export function shopifyAppProxyRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();
  router.get(`${shopifyRoutePaths.appProxy}/:kind/:id`, async (ctx: AppContext) => {
    ctx.set('Cache-Control', 'no-store');
    // Shopify serves the page on the shop's domain under the theme's own headers.
    ctx.remove('Content-Security-Policy');
    const shop = await verifiedShop(services, ctx);
    if (!shop) {
      // A shopper's page, not an API answer: a few words in the theme (Liquid) with the way back, still 401.
      ctx.status = 401;
      ctx.type = 'application/liquid';
      ctx.body = await inStorefrontLanguage(
        (t) =>
          `<div class="quizlead-unavailable"><p>${escapeHtml(t('proxy.notSigned'))}</p><p><a href="/">${escapeHtml(t('proxy.backToStore'))}</a></p></div>`,
      );
      return;
    }
    const kind = storefrontKinds.find((known) => known === ctx.params.kind);
    const id = ZId.safeParse(ctx.params.id);
    const item = kind && id.success ? await publishedItem(services.database.db, shop, kind, id.data) : undefined;
    ctx.type = 'application/liquid';
    if (!kind || !item) {
      ctx.status = 404;
      ctx.body = await inStorefrontLanguage((t) => `<p class="quizlead-unavailable">${escapeHtml(t('proxy.notFound'))}</p>`);
      return;
    }
    const code = widgetEmbedCode(services.env.APP_URL, { kind, id: item.id, slug: item.slug, title: item.title });
    // The storefront's language and country, for the item's frame (`?locale=`, `?country=`).
    const inContext = `<div data-locale="{{ request.locale.iso_code }}" data-country="{{ localization.country.iso_code }}" `;
    ctx.body = `<div class="quizlead-page">${liquidSafe(code).replace('<div ', inContext)}</div>`;
  });
  return router;
}

/** The shop that signed the request, or null when Shopify did not sign it. */
async function verifiedShop(services: Services, ctx: AppContext): Promise<string | null> {
  const shopify = services.shopify;
  if (!shopify) return null;
  const query = new URLSearchParams(ctx.querystring);
  // The library throws on missing, stale or repeated parameters and answers false on a wrong signature.
  const valid = await shopify.utils.validateHmac(query, { signator: 'appProxy' }).catch(() => false);
  return valid ? shopify.utils.sanitizeShop(query.get('shop') ?? '') : null;
}

/**
 * Owner text in the share code is HTML-escaped already; Liquid would still run `{{ }}` and `{% %}` in
 * it, so braces become character references too (the browser reads them back as braces).
 */
const liquidSafe = (html: string) => html.replace(/\{/g, '&#123;').replace(/\}/g, '&#125;');

/**
 * A storefront message in every written language, as Liquid that shows the one of the storefront's
 * current locale (`request.locale.iso_code`, e.g. `de`, `pt-BR`), English for any other.
 */
async function inStorefrontLanguage(html: (t: Translate) => string): Promise<string> {
  const english = liquidSafe(html(translator('en', undefined)));
  const others = (await writtenLanguages()).filter((language) => language !== 'en');
  if (others.length === 0) return english;
  const cases = await Promise.all(
    others.map(async (language) => `{% when '${language}' %}${liquidSafe(html((await visitorTranslator(language)).t))}`),
  );
  return `{% case request.locale.iso_code %}${cases.join('')}{% else %}${english}{% endcase %}`;
}

interface StorefrontItem {
  id: string;
  slug: string;
  title: string;
}

async function publishedItem(db: Db, shop: string, kind: EmbedKind, id: string): Promise<StorefrontItem | undefined> {
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.kind, 'shopify'), eq(accounts.shopDomain, shop), eq(accounts.status, 'active')))
    .limit(1);
  if (!account) return undefined;
  switch (kind) {
    case 'quiz': {
      const [quiz] = await db
        .select({ id: quizzes.id, slug: quizzes.slug, title: quizzes.title })
        .from(quizzes)
        .where(scoped(quizzes, account.id, eq(quizzes.id, id), eq(quizzes.status, 'published'), eq(quizzes.isTemplate, false)))
        .limit(1);
      return quiz;
    }
    case 'poll': {
      const [poll] = await db
        .select({ id: polls.id, slug: polls.slug, title: polls.description })
        .from(polls)
        .where(scoped(polls, account.id, eq(polls.id, id), eq(polls.published, true)))
        .limit(1);
      return poll;
    }
    case 'feedback': {
      const [feedback] = await db
        .select({ id: feedbacks.id, title: feedbacks.title })
        .from(feedbacks)
        .where(scoped(feedbacks, account.id, eq(feedbacks.id, id)))
        .limit(1);
      return feedback && { ...feedback, slug: '' };
    }
    case 'wheel': {
      const [wheel] = await db
        .select({ id: wheels.id, slug: wheels.slug, title: wheels.description })
        .from(wheels)
        .where(scoped(wheels, account.id, eq(wheels.id, id), eq(wheels.published, true)))
        .limit(1);
      return wheel;
    }
  }
}
