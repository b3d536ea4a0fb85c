import { widgetLimits } from '@quizlead/shared/engagement.ts';

/** The share pages' embed codes (docs/api.md, "Embedding polls, web responses and wheels"). */

/** The kinds the embed script knows (`data-quizlead`). */
export type EmbedKind = 'poll' | 'feedback' | 'wheel';
export type ShareCodeMode = 'iframe' | 'widget';

/**
 * The embed script's cache-busting version (docs/api.md, "Embedding"): bump it when /widgets/embed.js
 * changes in a way pages that already embed it must pick up.
 */
export const embedScriptVersion = '1';

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** `<iframe src="{origin}{path}" width="713" height="419" …>` (docs/api.md, "Embedding"). */
export function iframeCode(origin: string, path: string, title: string): string {
  const { embedWidth, embedHeight } = widgetLimits;
  return `<iframe src="${escapeAttribute(origin + path)}" width="${embedWidth}" height="${embedHeight}" style="border:0" title="${escapeAttribute(title)}"></iframe>`;
}

/** The element the embed script replaces with the item's page, and the script itself. */
export function widgetCode(origin: string, kind: EmbedKind, id: string, slug?: string): string {
  const slugAttribute = slug ? ` data-slug="${escapeAttribute(slug)}"` : '';
  return `<div data-quizlead="${kind}" data-id="${escapeAttribute(id)}"${slugAttribute}></div><script async src="${escapeAttribute(`${origin}/widgets/embed.js?v=${embedScriptVersion}`)}"></script>`;
}
