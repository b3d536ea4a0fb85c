import { useEffect, useState } from 'preact/hooks';

/**
 * What the survey needs of Shopify's `shopify` global, the same on the Thank you and the Order status target
 * (each entry passes its `shopify`, so the type check proves both give it; the tests pass a stand-in).
 */
export interface SurveyHost {
  sessionToken: { get(): Promise<string> };
  storage: { read(key: string): Promise<unknown>; write(key: string, data: unknown): Promise<void> };
  i18n: { translate(key: string, options?: Record<string, string | number>): string };
  localization: { language: SignalLike<{ isoCode: string }> };
}

/** Shopify's subscribable values (`shopify.orderConfirmation`, `shopify.order`, …). */
export interface SignalLike<T> {
  readonly value: T;
  subscribe(listener: (value: T) => void): () => void;
}

/** A subscribable value as component state: re-renders when Shopify updates it. */
export function useSignalValue<T>(signal: SignalLike<T>): T {
  const [value, setValue] = useState<{ current: T }>({ current: signal.value });
  useEffect(() => {
    setValue({ current: signal.value });
    return signal.subscribe((next) => setValue({ current: next }));
  }, [signal]);
  return value.current;
}
