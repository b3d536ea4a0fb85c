/**
 * What one `[data-quizlead]` element asks the embed script for (docs/api.md, "Embedding"), read
 * forgivingly: a bad display, trigger, delay or scroll depth falls back to its default, and only a missing or
 * unknown kind or id makes the element one the script leaves alone. Also the once-per-visitor cap.
 */
import {
  clampScrollPercent,
  embedDefaults,
  embedDisplays,
  embedKinds,
  embedMaxDelaySeconds,
  embedOnceKey,
  embedTriggers,
  type EmbedDisplay,
  type EmbedKind,
  type EmbedTrigger,
} from '@quizlead/shared/sharing.ts';

export interface EmbedOptions {
  kind: EmbedKind;
  id: string;
  slug: string;
  /** The frame's (and the pop-up's) name for screen readers; empty for the kind's default. */
  title: string;
  display: EmbedDisplay;
  trigger: EmbedTrigger;
  delayMs: number;
  /** The scroll trigger: how far down the page, in per cent of what can be scrolled. */
  scrollPercent: number;
  /** Pop-ups and slide-ins: at most once per visitor. */
  once: boolean;
  /**
   * The frame page's language parameters (issue 34), each `&name=value`: `lang` from `data-lang` (the host's
   * choice), `locale` from `data-locale` (a storefront's language, Liquid's request.locale.iso_code) and
   * `country` from `data-country` (its market's country).
   */
  query: string;
}

const oneOf = <T extends string>(list: readonly T[], value: string | null, fallback: T): T =>
  list.indexOf(value as T) >= 0 ? (value as T) : fallback;

/** The element's options, or null when it names no known kind or no id. */
export function readEmbedOptions(attribute: (name: string) => string | null): EmbedOptions | null {
  const kind = attribute('data-quizlead');
  const id = (attribute('data-id') || '').trim();
  if (embedKinds.indexOf(kind as EmbedKind) < 0 || !id || id.length > 100) return null;
  const delay = parseFloat(attribute('data-delay') || '');
  const seconds = delay >= 0 ? Math.min(delay, embedMaxDelaySeconds) : embedDefaults.delaySeconds;
  return {
    kind: kind as EmbedKind,
    id,
    slug: (attribute('data-slug') || '').trim(),
    title: (attribute('data-title') || '').trim(),
    display: oneOf(embedDisplays, attribute('data-display'), embedDefaults.display),
    trigger: oneOf(embedTriggers, attribute('data-trigger'), embedDefaults.trigger),
    delayMs: Math.round(seconds * 1000),
    scrollPercent: clampScrollPercent(parseFloat(attribute('data-scroll') || '')),
    once: attribute('data-once') !== 'false',
    query: ['lang', 'locale', 'country']
      .map((name) => (attribute(`data-${name}`) ? `&${name}=${encodeURIComponent(attribute(`data-${name}`)!)}` : ''))
      .join(''),
  };
}

type VisitorStorage = Pick<Storage, 'getItem' | 'setItem'> | null;

/** True when the cap applies and this visitor has already seen the item (storage errors count as not seen). */
export function alreadyShown(storage: VisitorStorage, options: Pick<EmbedOptions, 'kind' | 'id' | 'once'>): boolean {
  if (!options.once || !storage) return false;
  try {
    return storage.getItem(embedOnceKey(options.kind, options.id)) !== null;
  } catch {
    return false;
  }
}

/** Remembers the item was shown, when the cap applies (private modes that refuse storage are ignored). */
export function rememberShown(storage: VisitorStorage, options: Pick<EmbedOptions, 'kind' | 'id' | 'once'>): void {
  if (!options.once || !storage) return;
  try {
    storage.setItem(embedOnceKey(options.kind, options.id), String(Date.now()));
  } catch {
    // Nothing to remember with: the item may show again next time.
  }
}

/**
 * How far down the page the visitor has scrolled, in per cent of what can be scrolled; a page too short
 * to scroll counts as read to the end.
 */
export function scrolledPercent(scrollTop: number, scrollHeight: number, viewportHeight: number): number {
  const scrollable = scrollHeight - viewportHeight;
  return scrollable > 0 ? (Math.max(0, scrollTop) / scrollable) * 100 : 100;
}
