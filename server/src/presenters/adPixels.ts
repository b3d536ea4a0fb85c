import type { TAdPixelIds } from '@quizlead/shared/schemas/adPixels.ts';

/**
 * The ad pixel ids a public page loads (issue 35): the item's own, else its account's defaults
 * (Settings → Ad pixels); none in a preview, which never loads a pixel.
 */
export const publicAdPixels = (item: TAdPixelIds, account: TAdPixelIds, preview = false): TAdPixelIds =>
  preview
    ? { metaPixelId: '', tiktokPixelId: '' }
    : {
        metaPixelId: item.metaPixelId || account.metaPixelId,
        tiktokPixelId: item.tiktokPixelId || account.tiktokPixelId,
      };
