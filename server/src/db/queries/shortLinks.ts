import { and, eq } from 'drizzle-orm';
import { quizPlayerPath } from '@quizlead/shared/sharing.ts';
import type { Db } from '../client.ts';
import { quizzes, shortLinks } from '../schema/index.ts';
import { scoped } from '../scope.ts';

/** The quiz's short code, if it has one yet. */
export async function shortCodeOf(db: Db, accountId: string, quizId: string): Promise<string | undefined> {
  const [row] = await db
    .select({ code: shortLinks.code })
    .from(shortLinks)
    .where(scoped(shortLinks, accountId, eq(shortLinks.quizId, quizId)))
    .limit(1);
  return row?.code;
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
