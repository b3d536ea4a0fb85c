import { withDefaultRanges } from '@quizlead/shared/engine/index.ts';
import { starterPersonalityCount } from '@quizlead/shared/quizzes.ts';
import { ZPersonality, ZQuizInput, type TCreateQuizRequest } from '@quizlead/shared/schemas/quiz.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Db } from '../db/client.ts';
import { quizzes } from '../db/schema/index.ts';
import { randomToken } from '../lib/crypto.ts';
import type { QuizRow } from '../policies/quiz.ts';

/**
 * A new draft quiz of the chosen type: the outcomes the type needs, blank for the owner to fill in (the
 * range types' hold 0–100% between them), and the chosen theme. Nobody plays a draft, so no cache changes.
 */
export async function quizCreator(deps: { db: Db }, input: { accountId: string; request: TCreateQuizRequest }): Promise<QuizRow> {
  const { title, quizType, theme } = input.request;
  const personalities = withDefaultRanges(
    Array.from({ length: starterPersonalityCount(quizType) }, () => ZPersonality.parse({ id: randomToken(6), title: '' })),
  );
  const data = ZQuizInput.parse({ title, quizType, settings: theme ? { theme } : {}, personalities });
  const [quiz] = await deps.db
    .insert(quizzes)
    .values({
      accountId: input.accountId,
      title: data.title,
      quizType: data.quizType,
      slug: slugify(data.title),
      settings: data.settings,
      personalities: data.personalities,
      categories: data.categories,
      branching: data.branching,
    })
    .returning();
  return quiz!;
}
