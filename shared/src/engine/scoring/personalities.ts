/** Counting picks per personality, for the three types whose answers point at personalities. */
import type { TPersonality, TQuestion } from '../../schemas/quiz.ts';
import { effectivePicks } from '../advance.ts';
import { firstById, recordedPicks, type TPlayAnswers } from '../model.ts';

/** Picks per listed personality (0 when never picked), in list order. Answers without a listed personality count for none. */
export function countPersonalities(
  personalities: readonly TPersonality[],
  questions: readonly TQuestion[],
  answers: TPlayAnswers,
): Map<string, number> {
  const counts = new Map<string, number>();
  for (const personality of personalities) counts.set(personality.id, 0);
  for (const question of questions) {
    const answersById = firstById(question.answers);
    for (const pick of effectivePicks(question, recordedPicks(answers, question.id))) {
      const personalityId = answersById.get(pick)?.personalityId;
      const count = personalityId == null ? undefined : counts.get(personalityId);
      if (personalityId != null && count !== undefined) counts.set(personalityId, count + 1);
    }
  }
  return counts;
}

/**
 * The personality picked most. Ties go to the one listed first, and with no picks at all every count is
 * 0, so that is the first personality too: a visitor always gets an outcome when the quiz has one.
 */
export function mostPicked(personalities: readonly TPersonality[], counts: ReadonlyMap<string, number>): TPersonality | null {
  let best: TPersonality | null = null;
  let bestCount = -1;
  for (const personality of personalities) {
    const count = counts.get(personality.id) ?? 0;
    if (count > bestCount) {
      best = personality;
      bestCount = count;
    }
  }
  return best;
}

/** As a plain record; `fromEntries` defines own keys, so an id like "__proto__" is stored, not swallowed. */
export function countsRecord(counts: ReadonlyMap<string, number>): Record<string, number> {
  return Object.fromEntries(counts);
}
