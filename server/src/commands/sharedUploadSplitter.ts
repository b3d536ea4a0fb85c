import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { quizImageUrls } from '../db/queries/fileUsage.ts';
import { loadQuestions } from '../db/queries/quizzes.ts';
import { questions, quizzes, wheels } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import { copiedUrl, uploadCopier } from './uploadCopier.ts';

/**
 * Gives every account its own copy of the uploads its quizzes and wheels show from other accounts,
 * and drops images whose upload is gone. Template copies used to share the template's uploads, and
 * image fields took any account's; the in-use check now looks at the deleting account alone, so
 * those images would break when their owner deleted them. Run at start, under a lock so processes
 * starting together agree; once done it finds nothing. Returns how many accounts it changed.
 */
export async function sharedUploadSplitter(database: Db, storage: FileStorage): Promise<number> {
  return database.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(7243003)`);
    // Accounts naming an upload they do not own. Loose on purpose (any text mentioning /files/…):
    // only image fields are rewritten below, and only for uploads that are not the account's.
    // tenant-scope: the start-up repair looks over every account; each one found is then changed in its own scope (splitAccount)
    const result = (await tx.execute(sql`
      select distinct "refs"."account_id" from (
        select "account_id", "m"[1] as "file_id" from "quizzes",
          regexp_matches("settings"::text || "personalities"::text || coalesce("image", ''), '/files/([0-9a-f-]{36})', 'g') as "m"
        union all
        select "account_id", "m"[1] from "questions",
          regexp_matches(coalesce("image", '') || "answers"::text, '/files/([0-9a-f-]{36})', 'g') as "m"
        union all
        select "account_id", "m"[1] from "wheels",
          regexp_matches(coalesce("play_button_image", ''), '/files/([0-9a-f-]{36})', 'g') as "m"
      ) as "refs"
      where not exists (
        select 1 from "files" where "files"."id"::text = "refs"."file_id" and "files"."account_id" = "refs"."account_id"
      )`)) as unknown as { rows: { account_id: string }[] };
    for (const { account_id: accountId } of result.rows) await splitAccount(tx, storage, accountId);
    return result.rows.length;
  });
}

async function splitAccount(db: Db, storage: FileStorage, accountId: string): Promise<void> {
  const ownQuizzes = await db.select().from(quizzes).where(scoped(quizzes, accountId));
  const ownWheels = await db.select().from(wheels).where(scoped(wheels, accountId));
  const withQuestions = await Promise.all(ownQuizzes.map(async (quiz) => ({ quiz, list: await loadQuestions(db, quiz.id) })));
  const copies = await uploadCopier({
    db,
    storage,
    accountId,
    urls: [
      ...withQuestions.flatMap(({ quiz, list }) => [...quizImageUrls(quiz, list), quiz.image]),
      ...ownWheels.map((wheel) => wheel.playButtonImage),
    ],
  });
  if (copies.size === 0) return;
  const image = (url: string | null) => copiedUrl(copies, url);
  const changed = (url: string | null) => image(url) !== url;
  for (const { quiz, list } of withQuestions) {
    if (changed(quiz.image) || changed(quiz.settings.backgroundImage) || quiz.personalities.some((p) => changed(p.image))) {
      await db
        .update(quizzes)
        .set({
          settings: { ...quiz.settings, backgroundImage: image(quiz.settings.backgroundImage) },
          personalities: quiz.personalities.map((personality) => ({ ...personality, image: image(personality.image) })),
          image: image(quiz.image),
        })
        .where(scoped(quizzes, accountId, eq(quizzes.id, quiz.id)));
    }
    for (const question of list) {
      if (!changed(question.image) && !question.answers.some((answer) => changed(answer.image))) continue;
      await db
        .update(questions)
        .set({
          image: image(question.image),
          answers: question.answers.map((answer) => ({ ...answer, image: image(answer.image) })),
        })
        .where(scoped(questions, accountId, and(eq(questions.quizId, quiz.id), eq(questions.id, question.id))));
    }
  }
  for (const wheel of ownWheels) {
    if (!changed(wheel.playButtonImage)) continue;
    const playButtonImage = image(wheel.playButtonImage);
    await db
      .update(wheels)
      // A play button whose image is gone shows its text.
      .set({ playButtonImage, ...(playButtonImage ? {} : { playButtonType: 'text' as const }) })
      .where(scoped(wheels, accountId, eq(wheels.id, wheel.id)));
  }
}
