import { publicQuestion } from './engine/advance.ts';
import type { TPublicExperiment } from './schemas/experiments.ts';
import type { TPublicQuiz } from './schemas/play.ts';
import type { TQuestion, TQuiz } from './schemas/quiz.ts';

type QuizFields = Pick<TQuiz, 'id' | 'title' | 'slug' | 'quizType' | 'status' | 'settings' | 'categories' | 'branching'>;

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
  return {
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
}
