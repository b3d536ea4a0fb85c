import { publicQuestion } from './engine/advance.ts';
import { publicI18nOf } from './i18n/itemTexts.ts';
import { itemLanguagesOf } from './schemas/itemLanguages.ts';
import type { TPublicExperiment } from './schemas/experiments.ts';
import type { TPublicQuiz } from './schemas/play.ts';
import type { TQuestion, TQuiz } from './schemas/quiz.ts';

type QuizFields = Pick<TQuiz, 'id' | 'title' | 'slug' | 'quizType' | 'status' | 'settings' | 'categories' | 'branching'> & {
  /** Its languages and translations as stored (shared/src/schemas/itemLanguages.ts); none: English only. */
  i18n?: unknown;
};

/**
 * A quiz as visitors receive it: no marks, weights, answer personalities, outcomes or form codes (the
 * result brings what the visitor earned; the owner's form code for the lead gate arrives with the
 * lead_required step). The server sends it to the player; the builder sends it to the player's
 * preview (player/BuilderPreview.tsx), so both show the same quiz the same way.
 */
export function publicQuizOf(
  quiz: QuizFields,
  questions: readonly TQuestion[],
  owner: TPublicQuiz['owner'],
  experiment: TPublicExperiment | null = null,
): TPublicQuiz {
  const { emailFormCode: _formCode, ...settings } = quiz.settings;
  const shown: TPublicQuiz = {
    id: quiz.id,
    title: quiz.title,
    slug: quiz.slug,
    quizType: quiz.quizType,
    status: quiz.status,
    // A free account's footer is the product's 'Powered By', whatever was saved while it was paid.
    settings: { ...settings, emailFormCode: '', footerMessage: owner.mode === 'paid' ? settings.footerMessage : '' },
    categories: quiz.categories,
    branching: quiz.branching,
    questions: questions.map((question) => ({ ...publicQuestion(question), categoryId: question.categoryId })),
    experiment,
    owner,
  };
  // The translations of what the visitor is shown, and nothing else (contract 2 of issue 34).
  return { ...shown, i18n: publicI18nOf('quiz', shown, itemLanguagesOf(quiz.i18n)) };
}
