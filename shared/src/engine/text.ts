/**
 * Visible text of the builder's rich text (HTML), without a DOM: the engine runs in the browser, the
 * storefront bundle and the server alike. The builder's character counters, the "can not be empty"
 * checks and one-line summaries all measure what a visitor would read, not the markup around it.
 */

/** Elements whose content is never shown; their text must not count. */
const hiddenElements = /<(script|style|template)\b[^>]*>[\s\S]*?<\/\1\s*>/gi;
const comments = /<!--[\s\S]*?-->/g;
/** Block elements and line breaks separate words on screen, so they become a space. */
const blockTags =
  /<\/?(?:p|div|br|hr|li|ul|ol|h[1-6]|blockquote|pre|table|thead|tbody|tr|td|th|section|article|header|footer)\b[^>]*>/gi;
/** Only real tags (a letter after `<`), so a stray "a < b" in plain text survives. */
const otherTags = /<\/?[a-z][^>]*>/gi;
const entities = /&(#\d{1,7}|#x[0-9a-f]{1,6}|[a-z]{2,8});/gi;

const namedEntities: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  ndash: '–',
  mdash: '—',
  hellip: '…',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  copy: '©',
  reg: '®',
  trade: '™',
};

function decodeEntity(match: string, body: string): string {
  if (body.startsWith('#')) {
    const isHex = body[1] === 'x' || body[1] === 'X';
    const codePoint = Number.parseInt(body.slice(isHex ? 2 : 1), isHex ? 16 : 10);
    // An out-of-range reference is shown as written rather than breaking the whole text.
    return codePoint > 0 && codePoint <= 0x10ffff ? String.fromCodePoint(codePoint) : match;
  }
  return Object.hasOwn(namedEntities, body.toLowerCase()) ? (namedEntities[body.toLowerCase()] ?? match) : match;
}

/** The text a visitor reads: tags removed, entities decoded, runs of white space collapsed, trimmed. */
export function visibleText(html: string): string {
  return (
    html
      .replace(hiddenElements, ' ')
      .replace(comments, '')
      .replace(blockTags, ' ')
      .replace(otherTags, '')
      // One pass, so "&amp;lt;" stays the literal text "&lt;".
      .replace(entities, decodeEntity)
      .replace(/\s+/g, ' ')
      .trim()
  );
}

/** Characters a visitor sees, counting an emoji or other astral character once. */
export function visibleLength(html: string): number {
  return [...visibleText(html)].length;
}
