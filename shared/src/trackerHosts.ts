/**
 * The hosts each tracker an owner may set needs on a public page (its script, and where it sends;
 * images are allowed from anywhere): the player's policies (web/src/player/vite.config.ts) and the
 * widget pages' (server/src/routes/pages.ts) allow a tracker's hosts only where its id is set.
 */
export const trackerHosts = {
  ga: {
    script: ['https://www.googletagmanager.com'],
    connect: ['https://*.google-analytics.com', 'https://*.analytics.google.com', 'https://www.googletagmanager.com'],
  },
  meta: { script: ['https://connect.facebook.net'], connect: ['https://connect.facebook.net', 'https://www.facebook.com'] },
  tiktok: { script: ['https://analytics.tiktok.com'], connect: ['https://analytics.tiktok.com'] },
} as const;
export type Tracker = keyof typeof trackerHosts;

/** The sources of one directive for these trackers, each with a leading space ('' for none). */
export const trackerSources = (trackers: readonly Tracker[], kind: 'script' | 'connect'): string =>
  trackers.flatMap((tracker) => trackerHosts[tracker][kind].map((host) => ` ${host}`)).join('');
