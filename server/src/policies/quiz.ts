import { eq } from 'drizzle-orm';
import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { quizzes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { NotFoundError } from '../errors.ts';

export type QuizRow = typeof quizzes.$inferSelect;

/** A quiz of the caller's account (templates included); anyone else's id answers 404 like a missing one. */
export async function findOwnQuiz(db: Db, auth: Pick<Auth, 'accountId'>, id: string, options: { forUpdate?: boolean } = {}) {
  const query = db
    .select()
    .from(quizzes)
    .where(scoped(quizzes, auth.accountId, eq(quizzes.id, id)))
    .limit(1);
  const [quiz] = options.forUpdate ? await query.for('update') : await query;
  if (!quiz) throw NotFoundError();
  return quiz;
}
