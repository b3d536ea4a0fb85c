import { metaPixelIdPattern, tiktokPixelIdPattern } from './adPixelIds.ts';
import { adPixelMessages } from './schemas/adPixels.ts';

/**
 * Where an owner sets the ad pixels' ids (a quiz's Advanced tab, a poll's, web response's or wheel's form):
 * the fields' words and lengths (issue 35).
 */
export const adPixelTexts = {
  metaPixelId: {
    label: 'Meta Pixel',
    max: 20,
    help: 'Starts, leads and completions go to it, with the outcome and value.',
  },
  tiktokPixelId: {
    label: 'TikTok Pixel',
    max: 30,
    help: 'The same events. On Shopify storefronts, only with the visitor’s consent.',
  },
  /** Under a poll's, web response's or wheel's own ids. */
  itemDefault: 'Blank: your account’s default (Settings → Ad pixels).',
} as const;

/** The message a save would answer for an id as typed, or undefined when it is fine (blank is fine). */
export function adPixelProblem(field: keyof typeof adPixelMessages, value: string): string | undefined {
  const pattern = field === 'metaPixelId' ? metaPixelIdPattern : tiktokPixelIdPattern;
  return pattern.test(value.trim()) ? undefined : adPixelMessages[field];
}

/** Settings → Ad pixels: the account's default ids. */
export const adPixelSettingsTexts = {
  title: 'Ad pixels',
  description: 'For every quiz, poll, web response and wheel without its own ids (set in its editor).',
} as const;
