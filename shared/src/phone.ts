import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js/min';

/**
 * Phone numbers of the lead forms (quiz lead form, wheel's form before a spin), checked with
 * libphonenumber-js's `min` metadata (validity by length and country prefix, small enough for the player)
 * and kept in E.164, the form Klaviyo's SMS subscription and Shopify's customer phone take.
 * The player and the server both use this one function; its messages are in playMessages (no library there).
 */

const maxInput = 30;

/**
 * The number in E.164 (`+447911123456`), or null when it is not a valid number. A national number
 * (`07911 123456`) is read in the default region; one that starts with + (or 00) in its own.
 */
export function phoneE164(input: string, defaultRegion?: string): string | null {
  const trimmed = input.trim();
  if (!trimmed || trimmed.length > maxInput) return null;
  const international = trimmed.startsWith('00') ? `+${trimmed.slice(2)}` : trimmed;
  const region = defaultRegion && /^[A-Z]{2}$/.test(defaultRegion) ? (defaultRegion as CountryCode) : undefined;
  const parsed = parsePhoneNumberFromString(international, region);
  return parsed?.isValid() ? parsed.number : null;
}
