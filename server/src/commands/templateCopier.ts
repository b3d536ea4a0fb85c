import { visibleText } from '@quizlead/shared/engine/index.ts';
import { quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Db } from '../db/client.ts';
import { quizImageUrls } from '../db/queries/fileUsage.ts';
import { loadQuestions, replaceQuestions } from '../db/queries/quizzes.ts';
import { quizzes } from '../db/schema/index.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import type { QuizRow } from '../policies/quiz.ts';
import { copiedUrl, uploadCopier } from './uploadCopier.ts';

/**
 * Copies a quiz with its questions into `accountId`: as a draft the owner edits (`asTemplate` false,
 * marked fromTemplate), or as a catalogue template (`asTemplate` true). Question ids stay: they are
 * unique per quiz, and branches keep pointing at the right questions. Uploads of another account are
 * copied into `accountId` (uploadCopier) and the copy shows those.
 */
export async function templateCopier(props: {
  db: Db;
  source: QuizRow;
  accountId: string;
  asTemplate: boolean;
  /** Where uploads are kept: needed when the source shows another account's uploads (copied for the copy). */
  storage?: FileStorage;
}) {
  const { source } = props;
  const sourceQuestions = await loadQuestions(props.db, source.id);
  // The copy shows uploads of its own account only: deleting them in the source's account cannot break it.
  const copies = await uploadCopier({
    db: props.db,
    storage: props.storage,
    accountId: props.accountId,
    urls: [...quizImageUrls(source, sourceQuestions), source.image],
  });
  const image = (url: string | null) => copiedUrl(copies, url);
  const [copy] = await props.db
    .insert(quizzes)
    .values({
      accountId: props.accountId,
      title: source.title,
      quizType: source.quizType,
      status: props.asTemplate ? 'published' : 'draft',
      slug: slugify(source.title),
      isTemplate: props.asTemplate,
      fromTemplate: !props.asTemplate,
      settings: { ...source.settings, backgroundImage: image(source.settings.backgroundImage) },
      personalities: source.personalities.map((personality) => ({ ...personality, image: image(personality.image) })),
      categories: source.categories,
      branching: source.branching,
      // Questions keep their ids in the copy, so the translations' keys still name the same texts.
      i18n: source.i18n,
      description: props.asTemplate ? templateDescription(source) : source.description,
      image: image(source.image),
    })
    .returning();
  const list = sourceQuestions.map((question) => ({
    ...question,
    image: image(question.image),
    answers: question.answers.map((answer) => ({ ...answer, image: image(answer.image) })),
  }));
  await replaceQuestions(props.db, copy!, list);
  return { quiz: copy!, questions: list };
}

/** The one line a template card shows: the quiz's own, its meta description, or its welcome text. */
function templateDescription(source: QuizRow): string {
  const text = source.description || source.settings.metaDescription || visibleText(source.settings.welcomeMessage);
  return (text || quizTypeInfo[source.quizType].description).slice(0, 200);
}
