import type { TPublicExperiment } from '@quizlead/shared/schemas/experiments.ts';
import type { TPublicQuiz } from '@quizlead/shared/schemas/play.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { footerLinksFor } from '@quizlead/shared/poweredBy.ts';
import { publicQuizOf } from '@quizlead/shared/publicQuiz.ts';
import type { accounts } from '../db/schema/index.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { publicAdPixels } from './adPixels.ts';
import { fileUrl } from './file.ts';
import { withPublicI18n } from './publicI18n.ts';

/**
 * A stored quiz as visitors receive it (shared/src/publicQuiz.ts), with its account's name, logo, plan and
 * where its free-plan footer leads (a shop's: `appStoreUrl`, the app's listing).
 */
export function presentPublicQuiz(
  quiz: QuizRow,
  questions: TQuestion[],
  account: typeof accounts.$inferSelect,
  experiment: TPublicExperiment | null = null,
  appStoreUrl = '',
): TPublicQuiz {
  // With the translations of what the visitor is shown, and nothing else (issue 34, contract 2).
  return withPublicI18n(
    'quiz',
    quiz.i18n,
    publicQuizOf(
      // The ad pixels the player loads: the quiz's own ids, else the account's defaults (issue 35).
      {
        ...quiz,
        settings: { ...quiz.settings, ...publicAdPixels(quiz.settings, account) },
      },
      questions,
      {
        mode: account.mode,
        footerLinks: footerLinksFor(account.kind, appStoreUrl),
        companyName: account.companyName,
        companyUrl: account.companyUrl,
        logoUrl: account.logoFileId ? fileUrl(account.logoFileId) : null,
      },
      experiment,
    ),
  );
}
