import { visibleText } from '@quizlead/shared/engine/index.ts';
import { quizTypeInfo } from '@quizlead/shared/quizzes.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Db } from '../db/client.ts';
import { loadQuestions, replaceQuestions } from '../db/queries/quizzes.ts';
import { quizzes } from '../db/schema/index.ts';
import type { QuizRow } from '../policies/quiz.ts';

/**
 * Copies a quiz with its questions into `accountId`: as a draft the owner edits (`asTemplate` false,
 * marked fromTemplate), or as a catalogue template (`asTemplate` true). Question ids stay: they are
 * unique per quiz, and branches keep pointing at the right questions.
 */
export async function templateCopier(props: { db: Db; source: QuizRow; accountId: string; asTemplate: boolean }) {
  const { source } = props;
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
      settings: source.settings,
      personalities: source.personalities,
      categories: source.categories,
      branching: source.branching,
      description: props.asTemplate ? templateDescription(source) : source.description,
      image: source.image,
    })
    .returning();
  const list = await loadQuestions(props.db, source.id);
  await replaceQuestions(props.db, copy!, list);
  return { quiz: copy!, questions: list };
}

/** The one line a template card shows: the quiz's own, its meta description, or its welcome text. */
function templateDescription(source: QuizRow): string {
  const text = source.description || source.settings.metaDescription || visibleText(source.settings.welcomeMessage);
  return (text || quizTypeInfo[source.quizType].description).slice(0, 200);
}
