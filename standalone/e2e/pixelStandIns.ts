/**
 * Local stand-ins for the Meta Pixel's and TikTok Pixel's scripts (issue 35), for the browser tests of
 * the player's and the widgets' pixels: Playwright answers connect.facebook.net and analytics.tiktok.com
 * with small scripts that take over the page's `fbq` and `ttq` queues as the real ones do and record
 * every call, and counts every request made to those hosts.
 */
import type { Page } from 'playwright-core';

const pixelHosts = /^https:\/\/(connect\.facebook\.net|www\.facebook\.com|analytics\.tiktok\.com)\//;

/** fbevents.js stand-in: replays fbq's queue and records every later call, as Meta's script takes the queue over. */
const fakeFbevents = `(function () {
  var calls = (window.pixelCalls = window.pixelCalls || []);
  var fbq = window.fbq;
  fbq.callMethod = function () { calls.push(['fbq'].concat([].slice.call(arguments))); };
  fbq.queue.splice(0).forEach(function (args) { fbq.callMethod.apply(null, args); });
})();`;

/** TikTok events.js stand-in: replays ttq's queue ([method, ...args]) and records later page and track calls. */
const fakeTiktok = `(function () {
  var calls = (window.pixelCalls = window.pixelCalls || []);
  var ttq = window.ttq;
  ttq.splice(0).forEach(function (entry) { calls.push(['ttq'].concat(entry)); });
  ['page', 'track'].forEach(function (method) {
    ttq[method] = function () { calls.push(['ttq', method].concat([].slice.call(arguments))); };
  });
})();`;

/** Answers the pixels' hosts with the stand-ins and counts every request made to them. */
export async function standInPixels(page: Page) {
  const requested: string[] = [];
  page.context().on('request', (request) => {
    if (pixelHosts.test(request.url())) requested.push(request.url());
  });
  await page
    .context()
    .route('https://connect.facebook.net/**', (route) => route.fulfill({ contentType: 'text/javascript', body: fakeFbevents }));
  await page
    .context()
    .route('https://analytics.tiktok.com/**', (route) => route.fulfill({ contentType: 'text/javascript', body: fakeTiktok }));
  await page.context().route('https://www.facebook.com/**', (route) => route.fulfill({ status: 204 }));
  return requested;
}

export const callsIn = (frame: { evaluate: Page['evaluate'] }) =>
  frame.evaluate(() => ((window as unknown as { pixelCalls?: unknown[][] }).pixelCalls ?? []).map((call) => call));

/** The calls each pixel got, in its own order: the two scripts load, and replay their queues, in either order. */
export async function byPixel(frame: Parameters<typeof callsIn>[0]) {
  const calls = await callsIn(frame);
  return { fbq: calls.filter((call) => call[0] === 'fbq'), ttq: calls.filter((call) => call[0] === 'ttq') };
}
