/** `text` cut at `max` characters followed by '..' (the lists' rule; the whole text goes in a tooltip). */
export function cutText(text: string, max: number): string {
  const chars = Array.from(text.trim());
  return chars.length > max ? `${chars.slice(0, max).join('')}..` : chars.join('');
}

/** Where poll and wheel lists cut their descriptions (the spec gives a limit for web response titles only). */
export const listDescriptionChars = 60;
