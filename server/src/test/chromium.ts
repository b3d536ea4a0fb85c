/** Debian's Chromium, which the browser tests and the Lighthouse benches drive (CHROME_PATH to use another). */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/** Headless, with nothing of its own running in the background (no updates, sync or first-run pages). */
export const chromiumFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];
