/** Kept apart from phone.ts so the player can read the visitor's region without loading libphonenumber-js. */

/** A two-letter region (ISO 3166-1 alpha-2) from a BCP 47 tag such as `en-GB` or `pt-BR`, if it names one. */
export function regionOfLocale(locale: string | undefined): string | undefined {
  if (!locale) return undefined;
  const match = /^[a-z]{2,3}(?:-[A-Za-z]{4})?-([A-Za-z]{2})\b/.exec(locale);
  return match?.[1]?.toUpperCase();
}
