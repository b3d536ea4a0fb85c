import { formatIso, toTheMinute } from '../../timeFormat.ts';

const timeFormat = new Intl.DateTimeFormat('en-US', { ...toTheMinute, second: '2-digit' });

const shortTimeFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });

/** 'Nov 3, 2026, 2:05:09 PM' in the owner's time zone: the details are read to the second. */
export function logTime(iso: string): string {
  return formatIso(iso, timeFormat);
}

/** 'Nov 3, 2:05 PM': the table's times (the full time is in the details and the cell's title). */
export function shortLogTime(iso: string): string {
  return formatIso(iso, shortTimeFormat);
}

/** '85 ms', '1.2 s'. */
export function duration(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A recorded body as readable text: JSON indented, anything else as it came. */
export function readableBody(body: string): string {
  const trimmed = body.trim();
  if (!trimmed.startsWith('{') && !trimmed.startsWith('[')) return body;
  try {
    return JSON.stringify(JSON.parse(trimmed), null, 2);
  } catch {
    return body;
  }
}

/** Headers one a line, 'name: value', by name (the database keeps no order). */
export function headerLines(headers: Record<string, string>): string {
  return Object.entries(headers)
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([name, value]) => `${name}: ${value}`)
    .join('\n');
}
