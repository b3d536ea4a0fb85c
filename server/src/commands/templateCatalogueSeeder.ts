import { eq, sql } from 'drizzle-orm';
import { normalizeQuiz } from '@quizlead/shared/engine/index.ts';
import { ZQuestion, ZQuizInput } from '@quizlead/shared/schemas/quiz.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Db } from '../db/client.ts';
import { replaceQuestions } from '../db/queries/quizzes.ts';
import { accounts, quizzes } from '../db/schema/index.ts';
import { catalogue } from '../templates/catalogue/index.ts';

/** The account that owns the built-in templates; nobody signs in to it. */
export const catalogueAccountId = '00000000-0000-4000-8000-00000000c0de';

/**
 * Writes the built-in templates (server/src/templates/catalogue) into the database, at every start:
 * an upsert by their fixed ids, under an advisory lock so processes starting together agree.
 */
export async function templateCatalogueSeeder(database: Db): Promise<number> {
  await database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243001)`);
    await tx
      .insert(accounts)
      .values({ id: catalogueAccountId, kind: 'standalone', companyName: 'Quizlead templates' })
      .onConflictDoNothing();
    // A built-in template new to this database goes after those already listed, in the catalogue's order; one
    // already there keeps the place the administrators gave it (the upsert leaves its position alone).
    // tenant-scope: the catalogue spans accounts (administrators add any account's quiz), so its last place is read across them
    const [last] = await tx
      .select({ position: sql<number | null>`max(${quizzes.templatePosition})` })
      .from(quizzes)
      .where(eq(quizzes.isTemplate, true));
    const firstFree = (last?.position ?? -1) + 1;
    // In id order, the order the template reorder locks them in (any other order can deadlock with it).
    for (const template of [...catalogue].sort((a, b) => a.id.localeCompare(b.id))) {
      const quiz = normalizeQuiz({
        ...ZQuizInput.parse(template.quiz),
        questions: template.questions.map((question) => ZQuestion.parse(question)),
      });
      const values = {
        title: quiz.title,
        quizType: quiz.quizType,
        status: 'published' as const,
        slug: slugify(quiz.title),
        isTemplate: true,
        settings: quiz.settings,
        personalities: quiz.personalities,
        categories: quiz.categories,
        branching: quiz.branching,
        description: template.description,
        image: template.image,
        updatedAt: new Date(),
      };
      await tx
        .insert(quizzes)
        .values({
          id: template.id,
          accountId: catalogueAccountId,
          templatePosition: firstFree + catalogue.indexOf(template),
          ...values,
        })
        .onConflictDoUpdate({ target: quizzes.id, set: values });
      await replaceQuestions(tx, { id: template.id, accountId: catalogueAccountId }, quiz.questions);
    }
  });
  return catalogue.length;
}
