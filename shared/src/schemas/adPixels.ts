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
