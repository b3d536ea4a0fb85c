import { firePixels, startAdPixels, type AdPixelIds } from '../public/adPixels.ts';
import type { PixelItem, PixelItemKind, PixelValue } from '../public/pixelEvents.ts';

/** The lead and completion a widget tells the owner's ad pixels once its item is shown. */
export interface WidgetPixels {
  /** The visitor left their email with the vote, response or spin. */
  lead(): void;
  /** The vote, response or spin went through: what came of it, and its worth when known. */
  completion(outcome: string, value?: PixelValue | null): void;
}

/**
 * The owner's Meta Pixel and TikTok Pixel on a poll, web response or wheel page (issue 35), as the quiz
 * player has them (web/src/public/adPixels.ts): loads them for the item just shown (its ids, else its
 * account's, as the public API sends them; never in a preview) and fires its start. `title` is the
 * item's own, not the visitor's translation, so every language counts under one name.
 */
export function startWidgetPixels(
  kind: PixelItemKind,
  item: AdPixelIds & { id: string },
  title: string,
  preview: boolean,
): WidgetPixels {
  startAdPixels(item, preview);
  const about: PixelItem = { kind, id: item.id, title };
  firePixels({ name: 'start', item: about });
  return {
    lead: () => firePixels({ name: 'lead', item: about }),
    completion: (outcome, value) => firePixels({ name: 'completion', item: about, outcome, value }),
  };
}
