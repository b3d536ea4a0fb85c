import { useEffect, type RefObject } from 'react';

let interacted = false;

/** Called on the visitor's first action (Start): from then on each new screen takes the focus. */
export function markInteracted(): void {
  interacted = true;
}

/**
 * Moves the focus to a new screen's heading so keyboard and screen-reader users continue from there.
 * Not before the visitor acts: a page embedded in a frame must not pull the host page's scroll on load.
 */
export function useScreenFocus(ref: RefObject<HTMLElement | null>, key: unknown): void {
  useEffect(() => {
    const element = ref.current;
    if (!interacted || !element) return;
    element.focus({ preventScroll: true });
    const top = element.getBoundingClientRect().top;
    if (top < 0 || top > window.innerHeight - 40) element.scrollIntoView({ block: 'start' });
  }, [ref, key]);
}
