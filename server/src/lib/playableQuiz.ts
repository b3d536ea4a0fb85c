import { and, eq } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { publicExperiment, runningExperiment } from '../db/queries/experiments.ts';
import { loadQuestions } from '../db/queries/quizzes.ts';
import { accounts, quizzes } from '../db/schema/index.ts';
import { presentPublicQuiz } from '../presenters/publicQuiz.ts';

export type PlayableQuiz = NonNullable<Awaited<ReturnType<typeof loadPlayableQuiz>>>;

/**
 * A quiz with what playing it needs: its account, questions, running A/B test and the answer the player
 * gets (presented once). The published-quiz cache (publishedQuizCache.ts) keeps these; `published`
 * limits it to what visitors may see; `appStoreUrl` is where a shop's free-plan footer leads.
 */
export async function loadPlayableQuiz(db: Db, quizId: string, options: { published: boolean; appStoreUrl: string }) {
  // tenant-scope: visitors load a published quiz by its id, whichever account it is in
  const [row] = await db
    .select({ quiz: quizzes, account: accounts })
    .from(quizzes)
    .innerJoin(accounts, eq(accounts.id, quizzes.accountId))
    .where(and(eq(quizzes.id, quizId), options.published ? eq(quizzes.status, 'published') : undefined))
    .limit(1);
  if (!row) return undefined;
  const [questions, experiment] = await Promise.all([
    loadQuestions(db, quizId),
    runningExperiment(db, { kind: 'quiz', id: quizId, accountId: row.quiz.accountId }),
  ]);
  return {
    ...row,
    accountId: row.quiz.accountId,
    questions,
    experiment,
    public: presentPublicQuiz(row.quiz, questions, row.account, publicExperiment(experiment), options.appStoreUrl),
  };
}
