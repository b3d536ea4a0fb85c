import { publicQuestion } from '@quizlead/shared/engine/index.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import type { TPublicExperiment } from '@quizlead/shared/schemas/experiments.ts';
import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import type { accounts } from '../db/schema/index.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { fileUrl } from './file.ts';

/**
 * A quiz as visitors receive it: no marks, weights, answer personalities, outcomes or form codes
 * (the result brings what the visitor earned). Owner form code for the lead gate arrives with the
 * lead_required step.
 */
export function presentPublicQuiz(
  quiz: QuizRow,
  questions: TQuestion[],
  account: typeof accounts.$inferSelect,
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
    settings: { ...settings, emailFormCode: '', footerMessage: account.mode === 'paid' ? settings.footerMessage : '' },
    categories: quiz.categories,
    branching: quiz.branching,
    questions: questions.map((question) => ({ ...publicQuestion(question), categoryId: question.categoryId })),
    experiment,
    owner: {
      mode: account.mode,
      companyName: account.companyName,
      companyUrl: account.companyUrl,
      logoUrl: account.logoFileId ? fileUrl(account.logoFileId) : null,
    },
  };
}
