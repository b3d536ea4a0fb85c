import { and, asc, eq, isNull } from 'drizzle-orm';
import { quizMessages, quizTypes } from '@quizlead/shared/quizzes.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { ZQuizDetail, ZTemplateCard } from '@quizlead/shared/schemas/quiz.ts';
import { z } from 'zod';
import { templateCopier } from '../../../commands/templateCopier.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { quizzes } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentQuiz, presentTemplateCard } from '../../../presenters/quiz.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { quizQuestionCount } from '../../../db/queries/quizzes.ts';

const ZTemplateParams = z.object({ id: ZId.catch('00000000-0000-0000-0000-000000000000') });

/** Templates are a catalogue every account reads; an id that is not a template (or a retired one) is "invalid". */
async function findTemplate(db: Parameters<typeof loadQuestions>[0], id: string) {
  // tenant-scope: templates are a catalogue every account reads
  const [template] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.isTemplate, true), isNull(quizzes.templateRetiredAt)))
    .limit(1);
  if (!template) throw NotFoundError(quizMessages.templateInvalid);
  return template;
}

export function templateRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/templates',
    summary: 'Templates not retired, optionally of one quiz type, in the administrators’ order (then by title)',
    tags: ['templates'],
    access: 'owner',
    can: 'template.read',
    query: z.object({ quizType: z.enum(quizTypes).optional() }),
    responses: { 200: z.object({ data: z.array(ZTemplateCard) }) },
    handler: async ({ ctx, db, query }) => {
      // tenant-scope: templates are a catalogue every account reads
      const rows = await db
        .select({ quiz: quizzes, questionCount: quizQuestionCount })
        .from(quizzes)
        .where(
          and(
            eq(quizzes.isTemplate, true),
            isNull(quizzes.templateRetiredAt),
            query.quizType ? eq(quizzes.quizType, query.quizType) : undefined,
          ),
        )
        .orderBy(asc(quizzes.templatePosition), asc(quizzes.title));
      ctx.body = { data: rows.map((row) => presentTemplateCard({ ...row.quiz, questionCount: row.questionCount })) };
    },
  });

  api.route({
    method: 'get',
    path: '/templates/:id',
    summary: 'A template’s content, for its preview',
    tags: ['templates'],
    access: 'owner',
    can: 'template.read',
    params: ZTemplateParams,
    responses: { 200: z.object({ data: ZQuizDetail }), 404: quizMessages.templateInvalid },
    handler: async ({ ctx, db, params }) => {
      const template = await findTemplate(db, params.id);
      ctx.body = { data: presentQuiz(template, await loadQuestions(db, template.id)) };
    },
  });

  api.route({
    method: 'post',
    path: '/templates/:id/copy',
    summary: 'Copy a template into the account as a draft quiz',
    tags: ['templates'],
    access: 'owner',
    can: 'template.copy',
    params: ZTemplateParams,
    transaction: true,
    responses: { 201: z.object({ data: ZQuizDetail }), 404: quizMessages.templateInvalid },
    handler: async ({ ctx, db, auth, params, services }) => {
      const template = await findTemplate(db, params.id);
      const copy = await templateCopier({
        db,
        source: template,
        accountId: auth.accountId,
        asTemplate: false,
        storage: services.storage,
      });
      ctx.status = 201;
      ctx.body = { data: presentQuiz(copy.quiz, copy.questions) };
    },
  });
}
