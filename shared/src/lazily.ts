/**
 * `make`'s value, made on the first call and kept: for what is costly to build and not always needed,
 * such as an `Intl` formatter. The first formatter a page builds loads the browser's locale data (about
 * 50 ms on a mid-range phone, issue 38), so one built when its module loads slows every page that imports
 * the module, needed or not.
 */
export function lazily<Value>(make: () => Value): () => Value {
  let value: Value | undefined;
  return () => (value ??= make());
}
