import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { quizPlayerPath, shareLimits } from '@quizlead/shared/sharing.ts';
import type { Db } from '../../../db/client.ts';
import { quizzes, shortLinks } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';

const alphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** A random base62 code of shareLimits.shortCodeLength characters (62^7 ≈ 3.5e12 codes). */
export function randomShortCode(length: number = shareLimits.shortCodeLength): string {
  let code = '';
  for (let index = 0; index < length; index++) code += alphabet[randomInt(alphabet.length)];
  return code;
}

const codeOf = async (db: Db, accountId: string, quizId: string) => {
  const [row] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(scoped(shortLinks, accountId, eq(shortLinks.quizId, quizId)))
    .limit(1);
  return row?.code;
};

/**
 * The quiz's one short code, made on first ask. Concurrent asks race on the unique indexes: an insert
 * that loses (the quiz got its code meanwhile, or the random code is taken) inserts nothing, and the
 * code is read again; a taken code is retried with a new one.
 */
export async function shortCodeFor(
  db: Db,
  accountId: string,
  quizId: string,
  makeCode: () => string = randomShortCode,
): Promise<string> {
  const existing = await codeOf(db, accountId, quizId);
  if (existing) return existing;
  for (let attempt = 0; attempt < 8; attempt++) {
    const [inserted] = await db
      .insert(shortLinks)
      .values({ code: makeCode(), quizId, accountId })
      .onConflictDoNothing()
      .returning({ code: shortLinks.code });
    if (inserted) return inserted.code;
    const raced = await codeOf(db, accountId, quizId);
    if (raced) return raced;
  }
  throw new Error('no free short-link code after 8 attempts');
}

/**
 * Where /play/{code} goes: the player address of the published quiz the code names, or null for an
 * unknown code or a quiz that is unpublished (deleting a quiz deletes its code). Read on every visit,
 * not cached, so unpublishing stops the redirect at once.
 */
export async function shortLinkTarget(db: Db, code: string): Promise<string | null> {
  // tenant-scope: a short link is public: its code finds a published quiz of any account
  const [quiz] = await db
    .select({ id: quizzes.id, title: quizzes.title, quizType: quizzes.quizType })
    .from(shortLinks)
    .innerJoin(quizzes, and(eq(quizzes.id, shortLinks.quizId), eq(quizzes.accountId, shortLinks.accountId)))
    .where(and(eq(shortLinks.code, code), eq(quizzes.status, 'published')))
    .limit(1);
  return quiz ? quizPlayerPath(quiz) : null;
}
