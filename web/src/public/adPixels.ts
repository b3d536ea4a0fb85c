import { metaPixelIdPattern, tiktokPixelIdPattern } from '@quizlead/shared/adPixelIds.ts';
import { metaCall, tiktokCall, type PixelEvent } from './pixelEvents.ts';

/**
 * The owner's Meta Pixel and TikTok Pixel on a public page (issue 35), beside Google Analytics
 * (web/src/player/analytics.ts). Nothing is requested from the pixels' hosts unless an id is set, the
 * page is no preview, and the visitor's consent allows it:
 *   - On a Shopify storefront the embed script (web/src/widgets/embed.ts) reads the storefront's
 *     Customer Privacy API (`Shopify.customerPrivacy.marketingAllowed()`) where the page is, and
 *     hands the answer to the frame as `adConsent=1` or `adConsent=0` in its address; a visitor who
 *     consents later (the storefront's `visitorConsentCollected` event) is told to the frame as
 *     `{ type: 'quizlead-ad-consent' }` from its parent. `adConsent=0` loads nothing
 *     until then, and events before it are dropped.
 *   - Anywhere else (no `adConsent` in the address: the owner's own site, a share link) there is no
 *     gate of ours: the owner who sets a pixel id answers for their visitors' consent, as with gtag.
 * The base code is each vendor's snippet in short: a queue the vendor's script replays once loaded.
 */

type Queue = ((...args: unknown[]) => void) & { queue?: unknown[][]; callMethod?: (...args: unknown[]) => void };
declare global {
  interface Window {
    fbq?: Queue;
    _fbq?: Queue;
    ttq?: unknown[] & Record<string, unknown>;
    TiktokAnalyticsObject?: string;
  }
}

export interface AdPixelIds {
  metaPixelId?: string;
  tiktokPixelId?: string;
}

let meta = false;
let tiktok = false;

function addScript(src: string) {
  const script = document.createElement('script');
  script.async = true;
  script.src = src;
  document.head.appendChild(script);
}

/** Meta's base code (developers.facebook.com/docs/meta-pixel/get-started): fbq queues until fbevents.js runs. */
function loadMeta(id: string) {
  if (!window.fbq) {
    const fbq: Queue = function (...args: unknown[]) {
      if (fbq.callMethod) fbq.callMethod(...args);
      else fbq.queue!.push(args);
    };
    fbq.queue = [];
    Object.assign(fbq, { push: fbq, loaded: true, version: '2.0' });
    window.fbq = window._fbq = fbq;
    addScript('https://connect.facebook.net/en_US/fbevents.js');
  }
  window.fbq('init', id);
  window.fbq('track', 'PageView');
  meta = true;
}

/** TikTok's base code (ads.tiktok.com/help/article/get-started-pixel): ttq queues until events.js runs. */
function loadTiktok(id: string) {
  window.TiktokAnalyticsObject = 'ttq';
  const ttq = (window.ttq ??= [] as unknown as NonNullable<Window['ttq']>);
  const methods = ['page', 'track', 'identify', 'instances', 'debug', 'on', 'off', 'once', 'ready', 'alias', 'group'];
  ttq.methods = methods;
  for (const method of methods)
    ttq[method] ??= (...args: unknown[]) => {
      ttq.push([method, ...args]);
    };
  const url = 'https://analytics.tiktok.com/i18n/pixel/events.js';
  ttq._i = { ...(ttq._i as object), [id]: Object.assign([], { _u: url }) };
  ttq._t = { ...(ttq._t as object), [id]: Date.now() };
  ttq._o = { ...(ttq._o as object), [id]: {} };
  addScript(`${url}?sdkid=${encodeURIComponent(id)}&lib=ttq`);
  (ttq.page as () => void)();
  tiktok = true;
}

function load(ids: AdPixelIds) {
  if (!meta && ids.metaPixelId && metaPixelIdPattern.test(ids.metaPixelId)) loadMeta(ids.metaPixelId);
  if (!tiktok && ids.tiktokPixelId && tiktokPixelIdPattern.test(ids.tiktokPixelId)) loadTiktok(ids.tiktokPixelId);
}

/** The consent the embedding storefront handed this frame: true, false, or null (no storefront: no gate). */
export function handedConsent(search: string): boolean | null {
  const value = new URLSearchParams(search).get('adConsent');
  return value === null ? null : value === '1';
}

/**
 * Loads the pixels whose ids are set, now or once the storefront's visitor consents; never in a
 * preview. Call once the item is known.
 */
export function startAdPixels(ids: AdPixelIds, preview: boolean): void {
  if (preview || (!ids.metaPixelId && !ids.tiktokPixelId)) return;
  if (handedConsent(location.search) !== false) return load(ids);
  const listen = (event: MessageEvent) => {
    const data = event.data as { type?: unknown } | null;
    if (event.source !== window.parent || data?.type !== 'quizlead-ad-consent') return;
    window.removeEventListener('message', listen);
    load(ids);
  };
  window.addEventListener('message', listen);
}

/** Tells the loaded pixels what happened (nothing when none is loaded). */
export function firePixels(event: PixelEvent): void {
  if (meta) window.fbq?.(...metaCall(event));
  if (tiktok) (window.ttq?.track as ((...args: unknown[]) => void) | undefined)?.(...tiktokCall(event));
}
