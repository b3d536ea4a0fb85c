import { and, asc, eq, inArray } from 'drizzle-orm';
import { visibleText } from '@quizlead/shared/engine/index.ts';
import { defaultPropertyKey } from '@quizlead/shared/schemas/answerProperties.ts';
import type { Services } from '../context.ts';
import { destinations, questions, quizzes } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { shopifyAdmin } from '../integrations/shopify/adminApi.ts';
import { definitionsEnsurer, itemDefinitionSpecs } from '../integrations/shopify/customerMetafields.ts';

/**
 * On install (and reinstall), for a shop with Shopify customers on: the `$app:quizlead` customer
 * metafield definitions of its published quizzes (the json one per quiz, a typed, admin-filterable one
 * per question marked "use in segments"), so merchants can build segments before the first lead
 * arrives. Deliveries make any still missing (integrations/shopify/customerMetafields.ts); both look
 * the definitions up first and count Shopify's `TAKEN` as made, so each is made once. The keys follow
 * the lead's: the item's key is the default key of its title (integrations/events/leadFromEvent.ts),
 * a question's the one the owner set, else the default key of its text. Answers how many definitions
 * the namespace holds afterwards (0 when the destination is off).
 */
export async function customerMetafieldDefinitionsCreator(services: Services, accountId: string): Promise<number> {
  const db = services.database.db;
  const [destination] = await db
    .select({ id: destinations.id })
    .from(destinations)
    .where(scoped(destinations, accountId, eq(destinations.kind, 'shopify_customers'), eq(destinations.enabled, true)))
    .limit(1);
  if (!destination) return 0;
  const items = await db
    .select({ id: quizzes.id, title: quizzes.title })
    .from(quizzes)
    .where(scoped(quizzes, accountId, eq(quizzes.status, 'published'), eq(quizzes.isTemplate, false)))
    .orderBy(asc(quizzes.createdAt));
  if (items.length === 0) return 0;
  const segmentQuestions = await db
    .select({ quizId: questions.quizId, kind: questions.kind, title: questions.title, propertyKey: questions.propertyKey })
    .from(questions)
    .where(
      scoped(
        questions,
        accountId,
        and(
          eq(questions.segment, true),
          inArray(
            questions.quizId,
            items.map((item) => item.id),
          ),
        ),
      ),
    )
    .orderBy(asc(questions.position));
  const specs = items.flatMap((item) =>
    itemDefinitionSpecs(
      { title: item.title, itemKey: defaultPropertyKey(item.title, 'quiz') },
      segmentQuestions
        .filter((question) => question.quizId === item.id)
        .map((question) => {
          const text = visibleText(question.title);
          return {
            key: question.propertyKey || defaultPropertyKey(text),
            question: text,
            type: question.kind === 'multiple' ? ('choices' as const) : ('choice' as const),
          };
        }),
    ),
  );
  const admin = await shopifyAdmin(services, accountId);
  const made = await definitionsEnsurer((query, variables) => admin.graphql(query, variables), specs);
  return made.size;
}
