import { asc, eq, sql } from 'drizzle-orm';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import type { Db } from '../client.ts';
import { questions } from '../schema/index.ts';
import { scoped } from '../scope.ts';

// Written out in full: in a one-table select drizzle leaves columns unqualified, and "id" would
// then name the question's id inside the subquery.
/** How many questions the selected quiz has. */
export const quizQuestionCount = sql<number>`(select count(*)::int from "questions" as "q" where "q"."quiz_id" = "quizzes"."id")`;

/** A quiz's questions in order, as the shared model has them. */
export async function loadQuestions(db: Db, quizId: string): Promise<TQuestion[]> {
  // tenant-scope: questions follow their quiz, which every caller found first (own, published or a template)
  const rows = await db.select().from(questions).where(eq(questions.quizId, quizId)).orderBy(asc(questions.position));
  return rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    title: row.title,
    image: row.image,
    categoryId: row.categoryId,
    propertyKey: row.propertyKey,
    segment: row.segment,
    // Answers saved before issue 33 have no value or tags.
    answers: row.answers.map((answer) => ({ ...answer, value: answer.value ?? '', tags: answer.tags ?? [] })),
  }));
}

/** Replaces a quiz's questions with `list`, in its order. */
export async function replaceQuestions(
  db: Db,
  quiz: { id: string; accountId: string },
  list: readonly TQuestion[],
): Promise<void> {
  await db.delete(questions).where(scoped(questions, quiz.accountId, eq(questions.quizId, quiz.id)));
  if (list.length === 0) return;
  await db.insert(questions).values(
    list.map((question, position) => ({
      quizId: quiz.id,
      id: question.id,
      accountId: quiz.accountId,
      position,
      kind: question.kind,
      title: question.title,
      image: question.image,
      categoryId: question.categoryId,
      propertyKey: question.propertyKey,
      segment: question.segment,
      answers: question.answers,
    })),
  );
}
