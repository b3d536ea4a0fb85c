import { metaPixelIdPattern, tiktokPixelIdPattern } from './adPixelIds.ts';
import { adPixelMessages } from './schemas/adPixels.ts';

/** Where an owner sets the ad pixels' ids (the quiz's Advanced tab): the fields' words and lengths (issue 35). */
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
} as const;

/** The message a save would answer for an id as typed, or undefined when it is fine (blank is fine). */
export function adPixelProblem(field: keyof typeof adPixelMessages, value: string): string | undefined {
  const pattern = field === 'metaPixelId' ? metaPixelIdPattern : tiktokPixelIdPattern;
  return pattern.test(value.trim()) ? undefined : adPixelMessages[field];
}

/** Settings → Ad pixels: the account's default ids. */
export const adPixelSettingsTexts = {
  title: 'Ad pixels',
  description: 'For every quiz without its own ids (its Advanced tab).',
} as const;
