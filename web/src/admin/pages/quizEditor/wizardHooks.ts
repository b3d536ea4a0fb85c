import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
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

/**
 * Runs the latest `leave` once the wizard is gone for good: the owner went Back or followed a link. Not when
 * React's development mode unmounts and mounts it again at once (StrictMode): the call waits a task, and a
 * mount in between cancels it.
 */
export function useOnLeave(leave: () => void): void {
  const latest = useRef(leave);
  const mounted = useRef(false);
  useEffect(() => {
    latest.current = leave;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      setTimeout(() => {
        if (!mounted.current) latest.current();
      }, 0);
    };
  }, []);
}
