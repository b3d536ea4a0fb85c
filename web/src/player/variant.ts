import { assignVariant } from '@quizlead/shared/engine/experiments.ts';
import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';

/**
 * The quiz as this visitor sees it under the quiz's A/B test: the intro text of their variant (the
 * server hashes the same visitor id at the start, so the play counts in the variant shown). A lead-gate
 * test changes nothing here: the server's answers step decides where the lead form comes. `chosen`
 * (an owner's preview of one variant) takes that variant instead.
 */
export function asVariantShows(quiz: TPublicQuiz, visitor: string, chosen: string | null = null): TPublicQuiz {
  const { experiment } = quiz;
  if (experiment?.subject !== 'intro') return quiz;
  const shares = experiment.variants.map((variant) => variant.share);
  const variant = chosen
    ? experiment.variants.find((candidate) => candidate.key === chosen)
    : experiment.variants[assignVariant(experiment.id, visitor, shares)];
  // The original shows the quiz as it is now (an edit during the test shows at once).
  if (!variant || variant.key === 'a' || typeof variant.value !== 'string') return quiz;
  return { ...quiz, settings: { ...quiz.settings, welcomeMessage: variant.value } };
}
