import { quizLimits } from '@quizlead/shared/quizzes.ts';

const listDateFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** 'Mon D, YYYY', e.g. 'Nov 3, 2026' (the list's date format, spec section 9). */
export function listDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : listDateFormat.format(date);
}

/** A title cut at 30 characters followed by '..', with ' *' when the quiz came from a template. */
export function listTitle(title: string, fromTemplate: boolean): string {
  const chars = Array.from(title.trim() || untitled);
  const cut =
    chars.length > quizLimits.listTitleChars ? `${chars.slice(0, quizLimits.listTitleChars).join('')}..` : chars.join('');
  return fromTemplate ? `${cut} *` : cut;
}

export const untitled = 'Untitled quiz';

/** The text of a rich-text (HTML) field, for read-only previews: markup is never rendered. */
export function plainText(html: string): string {
  if (!html) return '';
  const body = new DOMParser().parseFromString(html, 'text/html').body;
  return (body.textContent ?? '').replace(/\s+/g, ' ').trim();
}
