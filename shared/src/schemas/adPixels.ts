import { z } from 'zod';
import { metaPixelIdPattern, tiktokPixelIdPattern } from '../adPixelIds.ts';

/** Meta Pixel and TikTok Pixel ids (issue 35), beside Google Analytics; their shapes: shared/src/adPixelIds.ts. */
export const adPixelMessages = {
  metaPixelId: 'Enter your Meta Pixel id: 10 to 20 digits',
  tiktokPixelId: 'Enter your TikTok Pixel id: 10 to 30 capital letters and digits',
} as const;

/** The two ids as the owner types them: blank for none. */
export const adPixelFields = {
  metaPixelId: z.string().trim().regex(metaPixelIdPattern, adPixelMessages.metaPixelId).default(''),
  tiktokPixelId: z.string().trim().regex(tiktokPixelIdPattern, adPixelMessages.tiktokPixelId).default(''),
};

/**
 * The two ids as they are read back: a poll's, web response's or wheel's own ('' for the account's
 * defaults), and on its public page the ones to load (its own, else the account's; '' for none and always
 * in a preview, where web/src/public/adPixels.ts loads nothing either).
 */
export const adPixelIdFields = { metaPixelId: z.string(), tiktokPixelId: z.string() };
export type TAdPixelIds = { metaPixelId: string; tiktokPixelId: string };
