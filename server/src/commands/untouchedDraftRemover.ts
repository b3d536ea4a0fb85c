import { and, eq, exists, inArray, lt, not, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { plays, questions, quizzes } from '../db/schema/index.ts';

/** A blank draft is given this long to be touched before it goes. */
export const untouchedDraftGraceMs = 24 * 60 * 60 * 1000;
const batchSize = 500;

/**
 * Deletes the drafts a Blank Quiz click leaves behind when the owner goes away: not copied from a
 * template, never saved since it was made (`updated_at` still equals `created_at`: every save, question
 * change and status change moves it), no questions, never played (previews included), and older than
 * the grace period. It runs across accounts, as the system's clean-up rather than an owner's request,
 * in batches so no transaction grows with the backlog. Returns how many went.
 */
export async function untouchedDraftRemover(props: { db: Db; now?: Date }): Promise<number> {
  const cutoff = new Date((props.now ?? new Date()).getTime() - untouchedDraftGraceMs);
  const untouched = and(
    eq(quizzes.status, 'draft'),
    eq(quizzes.isTemplate, false),
    eq(quizzes.fromTemplate, false),
    eq(quizzes.updatedAt, quizzes.createdAt),
    lt(quizzes.createdAt, cutoff),
    not(
      exists(
        props.db
          .select({ one: sql`1` })
          .from(plays)
          .where(eq(plays.quizId, quizzes.id)),
      ),
    ),
    not(
      exists(
        props.db
          .select({ one: sql`1` })
          .from(questions)
          .where(eq(questions.quizId, quizzes.id)),
      ),
    ),
  );
  let removed = 0;
  for (;;) {
    const batch = props.db.select({ id: quizzes.id }).from(quizzes).where(untouched).limit(batchSize);
    const gone = await props.db.delete(quizzes).where(inArray(quizzes.id, batch)).returning({ id: quizzes.id });
    removed += gone.length;
    if (gone.length < batchSize) return removed;
  }
}
