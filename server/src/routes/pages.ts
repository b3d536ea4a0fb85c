import { existsSync, readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import Router from '@koa/router';
import { eq } from 'drizzle-orm';
import type { AppContext, AppState, Services } from '../context.ts';
import { files } from '../db/schema/index.ts';
import { widgetAdPixels } from '../db/queries/widgetAdPixels.ts';
import { publicAdPixels } from '../presenters/adPixels.ts';
import { trackerSources, type Tracker } from '@quizlead/shared/trackerHosts.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { shortCodePattern } from '@quizlead/shared/sharing.ts';
import { NotFoundError } from '../errors.ts';
import { resolveAuth } from '../middlewares/authenticate.ts';
import { messagePage, messagePagePolicy } from '../lib/messagePage.ts';
import { shortLinkTarget } from '../db/queries/shortLinks.ts';
import { sendStaticFile } from '../lib/staticFile.ts';
import { requestLanguage, visitorTranslator, withPageLanguage } from '../lib/visitorLanguage.ts';

const standaloneDist = fileURLToPath(new URL('../../../standalone/dist', import.meta.url));
const templateImages = fileURLToPath(new URL('../templates/images', import.meta.url));
const playerDist = fileURLToPath(new URL('../../../web/dist/player', import.meta.url));
const widgetsDist = fileURLToPath(new URL('../../../web/dist/widgets', import.meta.url));

/**
 * Player pages may be framed by any site (embeds) and load Google Analytics, the Meta Pixel and the
 * TikTok Pixel when the quiz has their ids. The owner's custom lead form runs in a sandboxed srcdoc
 * frame whose bridge script is allowed by its hash: the player build writes the policies to
 * web/dist/player/csp.json, one per set of trackers whose hosts it allows (`policies`, keyed 'ga+meta').
 */
let playerPolicies: { policies: Record<string, string> } | undefined;
function playerContentSecurityPolicy(trackers: string[]): string {
  playerPolicies ??= JSON.parse(readFileSync(`${playerDist}/csp.json`, 'utf8')) as typeof playerPolicies;
  return playerPolicies!.policies[trackers.join('+')] ?? playerPolicies!.policies['']!;
}

/**
 * The trackers a page plays with: those whose ids its published quiz carries (ga: Google Analytics,
 * meta, tiktok; a pixel's id may be the account's default), in csp.json's order; only their hosts may be reached from it. Previews send
 * nothing (the player's analytics.ts and public/adPixels.ts), so they never need them. The address is
 * read the way the player reads it (web/src/player/route.ts).
 */
async function quizTrackers(ctx: AppContext, services: Services): Promise<string[]> {
  const preview = typeof ctx.query.preview === 'string' && ctx.query.preview !== '0' && ctx.query.preview !== 'false';
  if (ctx.path === '/previewtemplate' || preview) return [];
  const id = ZId.safeParse(typeof ctx.query.quizid === 'string' ? ctx.query.quizid : ctx.params.id);
  if (!id.success) return [];
  const settings = (await services.quizCache.get(id.data))?.public.settings;
  if (!settings) return [];
  const set = { ga: settings.googleAnalyticsId, meta: settings.metaPixelId, tiktok: settings.tiktokPixelId };
  return Object.entries(set).flatMap(([tracker, id]) => (id ? [tracker] : []));
}

/** The public player's paths (spec: builder-widgets-shell.md §2.1); /play/{x} also takes quiz ids (short links below). */
const playerPaths = ['/quizplayer.html', '/quizplayer2.html', '/previewtemplate'];

/**
 * The public poll, feedback widget and wheel spinner (spec: builder-widgets-shell.md §2.1; docs/api.md
 * "Embedding"), with the item each shows; the poll's demo is the owner's preview (web/src/widgets/route.ts).
 */
const widgetPaths = [
  { path: '/feedback/preview/:id', kind: 'feedback', preview: false },
  { path: '/poll/publish/show/:id{/:slug}', kind: 'poll', preview: false },
  { path: '/poll/demo/preview/:id{/:slug}', kind: 'poll', preview: true },
  { path: '/wheelspin/publish/show/:id{/:slug}', kind: 'wheel', preview: false },
] as const;

/**
 * Widget pages may be framed by any site (the iframe and widget share codes). They run their own
 * bundle, call the API on this origin and may show a play-button image from any https address; the
 * Meta Pixel's and TikTok Pixel's hosts are allowed only on a page whose item loads them (issue 35).
 */
const widgetContentSecurityPolicy = (trackers: Tracker[]) =>
  [
    "default-src 'self'",
    `script-src 'self'${trackerSources(trackers, 'script')}`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    "font-src 'self' data:",
    `connect-src 'self'${trackerSources(trackers, 'connect')}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    'frame-ancestors *',
  ].join('; ');

/** The pixels a widget page loads: its item's ids, else its account's, as the public API presents them; none in a preview. */
async function widgetTrackers(services: Services, page: (typeof widgetPaths)[number], id: string | undefined) {
  const parsed = ZId.safeParse(id);
  if (page.preview || !parsed.success) return [];
  const found = await widgetAdPixels(services.database.db, page.kind, parsed.data);
  if (!found) return [];
  const ids = publicAdPixels(found.item, found.account);
  return (['meta', 'tiktok'] as const).filter((tracker) => ids[`${tracker}PixelId`]);
}

function widgetsNotBuilt(ctx: AppContext) {
  ctx.status = 503;
  ctx.type = 'text/plain';
  ctx.body = 'The widgets are not built yet: run `npm run build`.';
}

/**
 * A public page's HTML (the player's, the widgets'), its `<html lang dir>` in the language the address
 * or the browser asks for (issue 34); the page corrects it once it knows the item's own languages.
 */
async function sendPublicPage(ctx: AppContext, dist: string, file: string): Promise<void> {
  const { language } = await visitorTranslator(requestLanguage(ctx));
  ctx.vary('Accept-Language');
  ctx.type = 'text/html; charset=utf-8';
  ctx.body = withPageLanguage(await readFile(`${dist}/${file}`, 'utf8'), language);
}

/** Screens of the standalone app: the built single-page app answers all of them. */
const publicScreens = ['/', '/index.html', '/Signup', '/ForgetPassword', '/ResetPassword', '/Join'];

export function pageRoutes(services: Services): Router<AppState> {
  const router = new Router<AppState>();

  /** The single-page app: index.html, or app.html for /app/… (the same page, preloading the signed-in frame). */
  const sendApp = async (ctx: AppContext, page: 'index.html' | 'app.html' = 'index.html') => {
    if (!existsSync(`${standaloneDist}/${page}`)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build`.';
      return;
    }
    ctx.set('Cache-Control', 'no-cache');
    await sendStaticFile(ctx, page, standaloneDist);
  };

  for (const path of publicScreens) router.get(path, (ctx) => sendApp(ctx));

  const sendPlayer = async (ctx: AppContext) => {
    if (!existsSync(`${playerDist}/player.html`)) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The player is not built yet: run `npm run build`.';
      return;
    }
    ctx.set('Content-Security-Policy', playerContentSecurityPolicy(await quizTrackers(ctx, services)));
    ctx.remove('Cross-Origin-Opener-Policy');
    ctx.set('Cache-Control', 'no-cache');
    await sendPublicPage(ctx, playerDist, 'player.html');
  };

  for (const path of playerPaths) router.get(path, sendPlayer);

  // /play/{quiz id} plays the quiz; /play/{code} is a short link (spec: account-player-management.md §2): it
  // redirects to the published quiz's player, and anything else gets a small page saying so.
  router.get('/play/:id', async (ctx) => {
    const value = ctx.params.id ?? '';
    if (ZId.safeParse(value).success) return sendPlayer(ctx);
    const target = shortCodePattern.test(value) ? await shortLinkTarget(services.database.db, value) : null;
    ctx.set('Cache-Control', 'no-store');
    if (target) return ctx.redirect(target);
    ctx.status = 404;
    ctx.set('Content-Security-Policy', messagePagePolicy);
    ctx.vary('Accept-Language');
    ctx.type = 'text/html; charset=utf-8';
    const { language, t } = await visitorTranslator(requestLanguage(ctx));
    ctx.body = messagePage({
      title: t('page.shortLinkNotFound'),
      message: t('page.shortLinkNotFoundHint'),
      detail: { label: t('page.address'), value: ctx.path.slice(0, 200) },
      language,
    });
  });

  router.get('/player/assets/*file', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    await sendStaticFile(ctx, ctx.path.replace(/^\/player/, ''), playerDist);
  });

  for (const page of widgetPaths) {
    router.get(page.path, async (ctx) => {
      if (!existsSync(`${widgetsDist}/widgets.html`)) return widgetsNotBuilt(ctx);
      ctx.set('Content-Security-Policy', widgetContentSecurityPolicy(await widgetTrackers(services, page, ctx.params.id)));
      ctx.remove('Cross-Origin-Opener-Policy');
      ctx.set('Cache-Control', 'no-cache');
      await sendPublicPage(ctx, widgetsDist, 'widgets.html');
    });
  }

  router.get('/widgets/assets/*file', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    await sendStaticFile(ctx, ctx.path.replace(/^\/widgets/, ''), widgetsDist);
  });

  // The widget loader for other sites and the styles it links once it shows something. Their address
  // carries ?v= from the share code, so a short cache lets a new build reach pages whose code still names
  // an older version.
  router.get('/widgets/embed.:type', async (ctx) => {
    const file = `embed.${ctx.params.type}`;
    if (file !== 'embed.js' && file !== 'embed.css') throw NotFoundError();
    if (!existsSync(`${widgetsDist}/${file}`)) return widgetsNotBuilt(ctx);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.set('Cross-Origin-Resource-Policy', 'cross-origin');
    await sendStaticFile(ctx, file, widgetsDist);
  });

  // Signed-out visitors never see the app shell: they are sent to sign in.
  router.get('/app{/*rest}', async (ctx) => {
    if (!(await resolveAuth(ctx, services))) return ctx.redirect('/index.html');
    await sendApp(ctx, 'app.html');
  });

  router.get('/assets/*file', async (ctx) => {
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    await sendStaticFile(ctx, ctx.path, standaloneDist);
  });

  // Illustrations of the built-in templates, shipped with the code.
  router.get('/template-images/:file', async (ctx) => {
    if (!/^[\w-]+\.svg$/.test(ctx.params.file ?? '')) throw NotFoundError();
    ctx.set('Cache-Control', 'public, max-age=86400');
    ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    await sendStaticFile(ctx, ctx.params.file!, templateImages);
  });

  // Uploaded images are public by unguessable id: they appear on public quizzes.
  router.get('/files/:id', async (ctx) => {
    const id = ZId.safeParse(ctx.params.id);
    if (!id.success) throw NotFoundError();
    // tenant-scope: uploads are served to anyone by their unguessable id: quiz images are public
    const [file] = await services.database.db
      .select({ contentType: files.contentType, storageKey: files.storageKey, sha256: files.sha256 })
      .from(files)
      .where(eq(files.id, id.data))
      .limit(1);
    const bytes = file && (await services.storage.get(file.storageKey));
    if (!file || !bytes) throw NotFoundError();
    ctx.set('Cache-Control', 'public, max-age=31536000, immutable');
    ctx.set('ETag', `"${file.sha256}"`);
    ctx.set('Content-Security-Policy', "default-src 'none'");
    ctx.type = file.contentType;
    ctx.body = Buffer.from(bytes);
  });

  return router;
}
