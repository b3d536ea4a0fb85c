import type { TPersonality, TQuizSettings } from '@quizlead/shared/schemas/quiz.ts';
import type { TQuizResult } from '@quizlead/shared/engine/index.ts';
import type { TPlayOutcome } from '@quizlead/shared/schemas/play.ts';
import type { plays } from '../db/schema/index.ts';
import type { PlayableQuiz } from '../routes/public/publicQuizzes.ts';

/** The personality that leads a result: the one shown, or for multiple personalities the most picked. */
export function leadingPersonality(result: TQuizResult): TPersonality | null {
  switch (result.kind) {
    case 'personality':
    case 'range':
      return result.personality;
    case 'multiple_personality':
      return result.personalities[0]?.personality ?? null;
    case 'category_personality':
    case 'category_graded':
      return result.categories[0]?.personality ?? null;
    default:
      return null;
  }
}

/** What the visitor sees after the result is saved: the result, or a redirect to the custom landing page. */
export function completedOutcome(settings: TQuizSettings, result: TQuizResult, summary: string): TPlayOutcome {
  const personality = leadingPersonality(result);
  const redirectUrl = settings.landingType === 'custom' ? personality?.landingUrl || settings.landingUrl || null : null;
  return { status: 'completed', result: result as unknown as Record<string, unknown>, summary, redirectUrl };
}

/** The lead form due before the result: the quiz's, or the leading personality's own custom code. */
export function leadRequiredOutcome(settings: TQuizSettings, result: TQuizResult): TPlayOutcome {
  const code = settings.emailFormType === 'custom' ? leadingPersonality(result)?.emailFormCode || settings.emailFormCode : '';
  return { status: 'lead_required', leadForm: { type: settings.emailFormType, code } };
}

/** What the visitor sees for a play already past its answers: the same outcome every retry gets. */
export function storedOutcome(quiz: PlayableQuiz, play: typeof plays.$inferSelect): TPlayOutcome {
  const result = play.result as unknown as TQuizResult;
  return play.status === 'completed'
    ? completedOutcome(quiz.quiz.settings, result, play.resultSummary ?? '')
    : leadRequiredOutcome(quiz.quiz.settings, result);
}
