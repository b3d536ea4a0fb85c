import { and, asc, eq } from 'drizzle-orm';
import { validateForPublish } from '@quizlead/shared/engine/index.ts';
import { quizMessages, quizTypes } from '@quizlead/shared/quizzes.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { ZCreateTemplatesRequest, ZQuizDetail, ZTemplateCard } from '@quizlead/shared/schemas/quiz.ts';
import { z } from 'zod';
import { quizData } from '../../../commands/quizSaver.ts';
import { templateCopier } from '../../../commands/templateCopier.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { quizzes } from '../../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { findOwnQuiz } from '../../../policies/quiz.ts';
import { presentQuiz, presentTemplateCard } from '../../../presenters/quiz.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { questionCount } from '../quizzes/quizzes.ts';

const ZTemplateParams = z.object({ id: ZId.catch('00000000-0000-0000-0000-000000000000') });

/** Templates are a catalogue every account reads; an id that is not a template is "invalid". */
async function findTemplate(db: Parameters<typeof loadQuestions>[0], id: string) {
  const [template] = await db
    .select()
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.isTemplate, true)))
    .limit(1);
  if (!template) throw NotFoundError(quizMessages.templateInvalid);
  return template;
}

export function templateRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/templates',
    summary: 'Templates, optionally of one quiz type',
    tags: ['templates'],
    access: 'owner',
    can: 'template.read',
    query: z.object({ quizType: z.enum(quizTypes).optional() }),
    responses: { 200: z.object({ data: z.array(ZTemplateCard) }) },
    handler: async ({ ctx, db, query }) => {
      const rows = await db
        .select({ quiz: quizzes, questionCount })
        .from(quizzes)
        .where(and(eq(quizzes.isTemplate, true), query.quizType ? eq(quizzes.quizType, query.quizType) : undefined))
        .orderBy(asc(quizzes.title));
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
    handler: async ({ ctx, db, auth, params }) => {
      const template = await findTemplate(db, params.id);
      const copy = await templateCopier({ db, source: template, accountId: auth.accountId, asTemplate: false });
      ctx.status = 201;
      ctx.body = { data: presentQuiz(copy.quiz, copy.questions) };
    },
  });

  api.route({
    method: 'post',
    path: '/templates',
    summary: 'Admins: add quizzes of their account to the template catalogue (ids separated by semicolons)',
    tags: ['templates'],
    access: 'admin',
    body: ZCreateTemplatesRequest,
    transaction: true,
    responses: { 201: z.object({ data: z.object({ message: z.string(), count: z.number() }) }), 403: 'Not an admin' },
    handler: async ({ ctx, db, auth, body }) => {
      const ids = [
        ...new Set(
          body.quizIds
            .split(';')
            .map((id) => id.trim())
            .filter(Boolean),
        ),
      ];
      if (ids.length === 0) throw ValidationError(quizMessages.templateIdsEmpty, 'quizIds');
      for (const id of ids) {
        if (!ZId.safeParse(id).success) throw ValidationError(`Not a quiz id: ${id}`, 'quizIds');
        const source = await findOwnQuiz(db, auth, id);
        const problem = validateForPublish({ ...quizData(source), questions: await loadQuestions(db, source.id) });
        if (problem) throw ValidationError(`${source.title || id}: ${problem}`, 'quizIds');
        await templateCopier({ db, source, accountId: auth.accountId, asTemplate: true });
      }
      ctx.status = 201;
      ctx.body = { data: { message: quizMessages.templateCreated, count: ids.length } };
    },
  });
}
