/**
 * The offer box of a result page (spec: builder-widgets-shell.md: offer message, button text and button link).
 * The player and the builder's preview both ask `shownOffer`, so a visitor never sees an offer whose
 * button leads nowhere, and the preview never promises one the player will not show.
 */
import { quizDefaults } from './quizzes.ts';
import type { TQuizSettings } from './schemas/quiz.ts';

export type TOfferSettings = Pick<TQuizSettings, 'offerMessage' | 'offerButtonText' | 'offerButtonLink'>;
export type TShownOffer = { message: string; buttonText: string; link: string };

/**
 * The offer as players see it, or null while it has no link: without one the button has nowhere to go
 * and the message alone asks visitors for something they cannot do. A blank button text reads the default.
 */
export function shownOffer(settings: TOfferSettings): TShownOffer | null {
  const link = settings.offerButtonLink.trim();
  if (link === '') return null;
  return {
    message: settings.offerMessage.trim(),
    buttonText: settings.offerButtonText.trim() || quizDefaults.offerButtonText,
    link,
  };
}
