import { existsSync } from 'node:fs';

/** Debian's Chromium, which the Lighthouse benches drive (CHROME_PATH to use another). */
export const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

/**
 * The browser the browser tests drive: Debian's build of Chromium's headless shell (package
 * chromium-headless-shell, the same Blink and V8 as `chromium`, without the desktop browser's window
 * and compositor around them) when it is installed, as Playwright itself runs headless tests; else
 * Debian's `chromium`. CHROME_PATH overrides both. The shell spends about a quarter less CPU on the
 * same flows (docs/performance.md, "The test suite").
 */
export const testChromePath =
  process.env.CHROME_PATH ?? (existsSync('/usr/bin/chromium-headless-shell') ? '/usr/bin/chromium-headless-shell' : chromePath);

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
