import { formatIso, toTheMinute } from '../../../timeFormat.ts';

/** How the platform admin writes times: to the minute. */
const timeFormat = new Intl.DateTimeFormat('en-US', toTheMinute);

/** 'Nov 3, 2026, 2:05 PM'; '' for a missing or unreadable time. */
export function adminTime(iso: string | null | undefined): string {
  return iso ? formatIso(iso, timeFormat) : '';
}

/** Whole cents as dollars for an input: 1999 → '19.99', 2000 → '20'. */
export const centsToInput = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** What an administrator typed as dollars, in cents; null when it is not an amount ('19', '19.9', '19.99'). */
export function inputToCents(text: string): number | null {
  const match = /^\s*\$?\s*(\d{1,9})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A whole number typed in a box; null when empty, NaN when it is not one. */
export function inputToCount(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}
