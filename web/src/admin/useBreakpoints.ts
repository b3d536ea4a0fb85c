import type { useBreakpoints as usePolarisBreakpoints } from '@shopify/polaris';
import { getMediaConditions, themeDefault } from '@shopify/polaris-tokens';
import { useSyncExternalStore } from 'react';

type Breakpoints = ReturnType<typeof usePolarisBreakpoints>;

/** Polaris' breakpoint queries by its aliases (smDown, mdUp, xsOnly…), built from its tokens as Polaris builds them. */
const queries = Object.entries(getMediaConditions(themeDefault.breakpoints)).flatMap(([token, conditions]) =>
  Object.entries(conditions).map(
    ([direction, query]) => [`${token.split('-')[1]}${direction[0]!.toUpperCase()}${direction.slice(1)}`, query] as const,
  ),
);

let lists: (readonly [string, MediaQueryList])[] | undefined;
/** The window's answer, kept while a screen listens for changes; read afresh otherwise. */
let current: Breakpoints | undefined;
const listeners = new Set<() => void>();

const mediaLists = () => (lists ??= queries.map(([alias, query]) => [alias, window.matchMedia(query)] as const));
const read = () => Object.fromEntries(mediaLists().map(([alias, list]) => [alias, list.matches])) as Breakpoints;

function changed() {
  current = read();
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  if (listeners.size === 0) {
    current = read(); // What changed while no screen listened.
    for (const [, list] of mediaLists()) list.addEventListener('change', changed);
  }
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
    if (listeners.size > 0) return;
    for (const [, list] of mediaLists()) list.removeEventListener('change', changed);
    current = undefined;
  };
}

/**
 * Which of Polaris' breakpoints the window is at (as Polaris' `useBreakpoints`), right from the first
 * render (issue 38). Polaris' own hook starts from all-false defaults, for server rendering, which the
 * admin does not do, and corrects them in a layout effect: on a phone a screen first rendered its desktop
 * layout (the quizzes' table, every row's buttons and tooltips) and threw it away for the phone's, twice
 * the work before the first paint.
 */
export function useBreakpoints(): Breakpoints {
  return useSyncExternalStore(subscribe, () => (current ??= read()));
}
