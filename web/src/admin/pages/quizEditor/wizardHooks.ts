import { useEffect, useState, useSyncExternalStore } from 'react';
import { getProfile } from '../../api/account.ts';

const subscribeToScroll = (notify: () => void) => {
  window.addEventListener('scroll', notify, { passive: true });
  return () => window.removeEventListener('scroll', notify);
};

/** True once the page has scrolled more than `pixels` (the preview turns sticky then). */
export function useScrolledPast(pixels: number): boolean {
  return useSyncExternalStore(
    subscribeToScroll,
    () => window.scrollY > pixels,
    () => false,
  );
}

/** The account's company logo for the preview; none when it cannot be read. */
export function useCompanyLogo(): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getProfile(controller.signal).then(
      (profile) => setUrl(profile.companyLogoUrl),
      () => setUrl(null),
    );
    return () => controller.abort();
  }, []);
  return url;
}

/** Asks before the tab closes or reloads while there are unsaved edits. */
export function useLeaveWarning(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [active]);
}
