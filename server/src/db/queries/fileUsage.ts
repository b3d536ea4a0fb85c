import { eq, inArray, or, sql } from 'drizzle-orm';
import { uploadedFileIdOf } from '@quizlead/shared/schemas/common.ts';
import type { TQuestion, TQuizData } from '@quizlead/shared/schemas/quiz.ts';
import { messages } from '@quizlead/shared/validations.ts';
import type { Db } from '../client.ts';
import { files, products, questions, quizzes, wheels } from '../schema/index.ts';
import { scoped } from '../scope.ts';
import { ValidationError } from '../../errors.ts';

/** The id of an uploaded file from its public url, or undefined for other images (templates, outside links). */
export const uploadedFileId = uploadedFileIdOf;

/** An image field of a document being saved: its path in the request (for a 400) and its url. */
export interface ImageField {
  field: string;
  url: string | null | undefined;
}

/** Every image field of a quiz, named by its path in the builder's requests. */
export function quizImageFields(
  quiz: Pick<TQuizData, 'settings' | 'personalities'>,
  list: readonly Pick<TQuestion, 'image' | 'answers'>[],
): ImageField[] {
  return [
    { field: 'settings.backgroundImage', url: quiz.settings.backgroundImage },
    ...quiz.personalities.map((personality, index) => ({ field: `personalities.${index}.image`, url: personality.image })),
    ...list.flatMap((question, index) => [
      { field: `questions.${index}.image`, url: question.image },
      ...question.answers.map((answer, answerIndex) => ({
        field: `questions.${index}.answers.${answerIndex}.image`,
        url: answer.image,
      })),
    ]),
  ];
}

/** Every image url a quiz shows: background, personalities, questions and answers. */
export function quizImageUrls(quiz: Pick<TQuizData, 'settings' | 'personalities'>, list: readonly TQuestion[]): Set<string> {
  return new Set(quizImageFields(quiz, list).flatMap(({ url }) => (url ? [url] : [])));
}

/**
 * Refuses (400 naming the first such field) any upload among `fields` that is not `accountId`'s own:
 * another account's file or one deleted since. An account shows only its own uploads, so no account
 * can keep another's file in use, and the in-use check below needs to look at one account only.
 */
export async function ownUploadsChecker(
  db: Db,
  accountId: string,
  fields: readonly ImageField[],
  message: string = messages.images.notOwn,
): Promise<void> {
  const wanted = fields.flatMap(({ field, url }) => {
    const id = uploadedFileIdOf(url);
    return id ? [{ field, id }] : [];
  });
  if (wanted.length === 0) return;
  const owned = await db
    .select({ id: files.id })
    .from(files)
    .where(scoped(files, accountId, inArray(files.id, [...new Set(wanted.map(({ id }) => id))])))
    // Held until the save commits: a delete of one of them waits, then finds it in use.
    .for('share');
  const own = new Set(owned.map(({ id }) => id));
  const foreign = wanted.find(({ id }) => !own.has(id));
  if (foreign) throw ValidationError(message, foreign.field);
}

/**
 * Whether a saved quiz (template included), wheel (its play button) or product of `accountId` still
 * shows the file. Only the account's rows count: every image field holds the saver's own uploads
 * (ownUploadsChecker), and template copies get files of their own (templateCopier). JSON is searched
 * as text for the quoted url, which cannot match a longer one.
 */
export async function isFileInUse(db: Db, accountId: string, fileId: string): Promise<boolean> {
  const url = `/files/${fileId}`;
  const quoted = `%"${url}"%`;
  const [quiz] = await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(
      scoped(
        quizzes,
        accountId,
        or(
          sql`${quizzes.settings}::text like ${quoted}`,
          sql`${quizzes.personalities}::text like ${quoted}`,
          eq(quizzes.image, url),
        ),
      ),
    )
    .limit(1);
  if (quiz) return true;
  const [question] = await db
    .select({ id: questions.id })
    .from(questions)
    .where(scoped(questions, accountId, or(eq(questions.image, url), sql`${questions.answers}::text like ${quoted}`)))
    .limit(1);
  if (question) return true;
  const [wheel] = await db
    .select({ id: wheels.id })
    .from(wheels)
    .where(scoped(wheels, accountId, eq(wheels.playButtonImage, url)))
    .limit(1);
  if (wheel) return true;
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(scoped(products, accountId, eq(products.imageUrl, url)))
    .limit(1);
  return Boolean(product);
}
