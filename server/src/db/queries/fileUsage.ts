import { sql } from 'drizzle-orm';
import type { TQuestion, TQuizData } from '@quizlead/shared/schemas/quiz.ts';
import type { Db } from '../client.ts';

const uploadedFileUrl = /^\/files\/([0-9a-f-]{36})$/;

/** The id of an uploaded file from its public url, or undefined for other images (templates, outside links). */
export const uploadedFileId = (url: string | null | undefined) => (url ? uploadedFileUrl.exec(url)?.[1] : undefined);

/** Every image url a quiz shows: background, personalities, questions and answers. */
export function quizImageUrls(quiz: Pick<TQuizData, 'settings' | 'personalities'>, questions: readonly TQuestion[]): Set<string> {
  const urls = [
    quiz.settings.backgroundImage,
    ...quiz.personalities.map((personality) => personality.image),
    ...questions.flatMap((question) => [question.image, ...question.answers.map((answer) => answer.image)]),
  ];
  return new Set(urls.filter((url): url is string => Boolean(url)));
}

/**
 * Whether any saved quiz (of any account: template copies share images) or wheel (its play button)
 * still shows the file. JSON is searched as text for the quoted url, which cannot match a longer one.
 */
export async function isFileInUse(db: Db, fileId: string): Promise<boolean> {
  const quoted = `%"/files/${fileId}"%`;
  // Both drivers answer raw SQL with { rows }.
  const result = (await db.execute(sql`
    select exists (
      select 1 from "quizzes" where "settings"::text like ${quoted} or "personalities"::text like ${quoted}
    ) or exists (
      select 1 from "questions" where "image" = ${`/files/${fileId}`} or "answers"::text like ${quoted}
    ) or exists (
      select 1 from "wheels" where "play_button_image" = ${`/files/${fileId}`}
    ) as "used"`)) as unknown as { rows: { used: boolean }[] };
  return Boolean(result.rows[0]?.used);
}
