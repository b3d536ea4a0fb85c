/**
 * Calendar days as the reports count them: YYYY-MM-DD strings of UTC days. One module for the
 * dashboard's server, its schema and its date picker, so both sides agree on every range. Zod-free.
 */

/** Both ends included. */
export interface DayRange {
  start: string;
  end: string;
}

const dayMs = 86_400_000;

/** Today as a UTC day. */
export const utcToday = (now = new Date()) => now.toISOString().slice(0, 10);

/** The UTC day `offset` days after `day`. */
export const addDays = (day: string, offset: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + offset * dayMs).toISOString().slice(0, 10);

/** How many days the range spans, both ends included. */
export const rangeDays = (range: DayRange) => Math.round((Date.parse(range.end) - Date.parse(range.start)) / dayMs) + 1;

/** Every day of the range, oldest first. */
export function daysOf(range: DayRange): string[] {
  const days: string[] = [];
  for (let day = range.start; day <= range.end; day = addDays(day, 1)) days.push(day);
  return days;
}

/** The `length` days that end with `end`. */
export const rangeEnding = (end: string, length: number): DayRange => ({ start: addDays(end, -(length - 1)), end });
