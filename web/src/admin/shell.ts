import type { AdminShell } from '@quizlead/shared/navigation.ts';
import { embeddedAppBasePath } from '@quizlead/shared/shopify.ts';

export type { AdminShell } from '@quizlead/shared/navigation.ts';

/**
 * Which shell mounts the admin pages: the standalone SaaS (its own sign-in, navigation frame and
 * payments) or the Shopify embedded app (App Bridge's menu, session tokens, Shopify's plans). Each
 * entry sets it once, before its first render; pages ask it instead of reading the URL.
 */
let shell: AdminShell = 'standalone';

/** Where each shell's screens live: /app/… standalone, /shopify/app/… inside the shop's admin. */
export const shellBasePaths: Record<AdminShell, string> = {
  standalone: '/app',
  embedded: embeddedAppBasePath,
};

export function setShell(next: AdminShell): void {
  shell = next;
}

export const currentShell = (): AdminShell => shell;

export const isEmbedded = (): boolean => shell === 'embedded';

/** The path every admin screen starts with in this shell, without a trailing slash. */
export const adminBasePath = (): string => shellBasePaths[shell];

let reloader = () => window.location.reload();

/**
 * Loads the app again at the current screen. The embedded app's document needs the shop's launch
 * query (shop, host), which moving between screens leaves behind, so its shell sets its own way.
 */
export function setAppReloader(next: () => void): void {
  reloader = next;
}

export const reloadApp = (): void => reloader();
