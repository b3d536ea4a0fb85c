/** How the admin area writes a date and time, in the owner's time zone: 'Nov 3, 2026, 2:05 PM'. */
export const toTheMinute: Intl.DateTimeFormatOptions = {
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
};

/** An ISO time written with one of the admin's formats; '' when it cannot be read. */
export function formatIso(iso: string, format: Intl.DateTimeFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
