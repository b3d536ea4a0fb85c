import {
  embedScriptVersion,
  iframeEmbedCode,
  widgetEmbedCode,
  type EmbedDisplayOptions,
  type EmbedKind,
} from '@quizlead/shared/sharing.ts';

/** The share pages' embed codes (docs/api.md, "Embedding"); the texts live in shared/src/sharing.ts. */

export type { EmbedKind };
export type ShareCodeMode = 'iframe' | 'widget';

export { embedScriptVersion };

/** `<iframe src="{origin}{path}" width="713" height="419" …>` (docs/api.md, "Embedding"). */
export const iframeCode = (origin: string, path: string, title: string): string => iframeEmbedCode(origin, path, title);

/** The element the universal embed script mounts (in the page, as a pop-up or a slide-in), and the script itself. */
export const widgetCode = (
  origin: string,
  kind: EmbedKind,
  id: string,
  slug?: string,
  options: Partial<EmbedDisplayOptions> = {},
): string => widgetEmbedCode(origin, { kind, id, slug }, options);
