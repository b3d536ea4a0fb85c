import { dashboardLimits, dashboardMessages } from '@quizlead/shared/reports.ts';
import { rangeDays, rangeEnding, utcToday, type DayRange } from '@quizlead/shared/days.ts';

/**
 * Days of the dashboard's range as the server counts them: YYYY-MM-DD, UTC. The date picker works
 * in local Date objects, so days cross over at local midnight, which keeps the calendar's cells and
 * the sent days the same.
 */

/** The last 30 days up to today. */
export const defaultRange = (today = utcToday()): DayRange => rangeEnding(today, dashboardLimits.defaultRangeDays);

/** The picker's local Date for a day. */
export function toLocalDate(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year!, month! - 1, date!);
}

/** The day a picker Date stands for. */
export function fromLocalDate(date: Date): string {
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

const utc = { timeZone: 'UTC' } as const;
const shortDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short', day: 'numeric' });
const longDay = new Intl.DateTimeFormat('en-US', { ...utc, month: 'short', day: 'numeric', year: 'numeric' });
const asDate = (day: string) => new Date(`${day}T00:00:00Z`);

/** 'Nov 3': the chart's labels. */
export const formatShortDay = (day: string) => shortDay.format(asDate(day));

/** 'Nov 3, 2026'. */
export const formatDay = (day: string) => longDay.format(asDate(day));

/** 'Oct 5 – Nov 3, 2026', 'Dec 20, 2025 – Jan 3, 2026' or 'Nov 3, 2026' for one day. */
export function formatRange(range: DayRange): string {
  if (range.start === range.end) return formatDay(range.start);
  const sameYear = range.start.slice(0, 4) === range.end.slice(0, 4);
  return `${sameYear ? formatShortDay(range.start) : formatDay(range.start)} – ${formatDay(range.end)}`;
}

/** Why the server would refuse the range, or null: the Filter button waits until it is right. */
export function rangeProblem(range: DayRange, today = utcToday()): string | null {
  if (range.start > today || range.end > today) return dashboardMessages.futureDate;
  if (range.start > range.end) return dashboardMessages.rangeInvalid;
  if (rangeDays(range) > dashboardLimits.maxRangeDays) return dashboardMessages.rangeTooLong;
  return null;
}

/** A step-to-step rate of the funnel: '62.5%', '100%', or '–' when the step before it is 0. */
export function stepRate(part: number, whole: number): string {
  if (whole <= 0) return '–';
  const rate = Math.round((part / whole) * 1000) / 10;
  return `${rate}%`;
}
