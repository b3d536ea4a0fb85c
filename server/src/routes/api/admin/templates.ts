import { and, eq } from 'drizzle-orm';
import { adminMessages } from '@quizlead/shared/admin.ts';
import {
  ZAdminAddTemplateRequest,
  ZAdminIdParams,
  ZAdminTemplateListResponse,
  ZAdminTemplateOrderRequest,
  ZAdminTemplateOrderResponse,
  ZAdminTemplateResponse,
} from '@quizlead/shared/schemas/admin.ts';
import { templateAdder } from '../../../commands/admin/templateAdder.ts';
import { templateOrderSaver } from '../../../commands/admin/templateOrderSaver.ts';
import { templateRetirer } from '../../../commands/admin/templateRetirer.ts';
import type { Db } from '../../../db/client.ts';
import { templateCatalogue, type TemplateRow } from '../../../db/queries/admin.ts';
import { quizzes } from '../../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { presentAdminTemplate } from '../../../presenters/admin.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** A template, locked for the caller's change; 404 for any other id. */
async function lockedTemplate(db: Db, id: string): Promise<TemplateRow> {
  await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.isTemplate, true)))
    .for('update');
  const [template] = await templateCatalogue(db, id);
  if (!template) throw NotFoundError();
  return template;
}

/**
 * Platform administrators: the template catalogue every account chooses from. A template is a
 * copy of a quiz kept in the administrator's account; retiring hides it from the chooser and keeps
 * it, and the chooser lists templates by position, then title.
 */
export function adminTemplateRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/admin/templates',
    summary: 'Administrators: every template, retired ones included, in the chooser’s order',
    tags: ['admin'],
    access: 'admin',
    responses: { 200: ZAdminTemplateListResponse },
    handler: async ({ ctx, db }) => {
      ctx.body = { data: (await templateCatalogue(db)).map(presentAdminTemplate) };
    },
  });

  api.route({
    method: 'post',
    path: '/admin/templates',
    summary: 'Administrators: copies any account’s quiz, valid for publishing, into the catalogue as its last template',
    tags: ['admin'],
    access: 'admin',
    body: ZAdminAddTemplateRequest,
    transaction: true,
    responses: { 201: ZAdminTemplateResponse, 400: 'No such quiz, a template already, or not valid for publishing' },
    handler: async ({ ctx, db, auth, body, services }) => {
      const [source] = await db.select().from(quizzes).where(eq(quizzes.id, body.quizId)).limit(1);
      if (!source) throw ValidationError(adminMessages.quizNotFound, 'quizId');
      const template = await templateAdder(
        { db, storage: services.storage },
        { source, accountId: auth.accountId, actor: { auth, ctx } },
      );
      ctx.status = 201;
      ctx.body = { data: { template: presentAdminTemplate(template), message: adminMessages.templateAdded } };
    },
  });

  for (const [verb, retired] of [
    ['retire', true],
    ['restore', false],
  ] as const) {
    api.route({
      method: 'post',
      path: `/admin/templates/:id/${verb}`,
      summary: retired
        ? 'Administrators: retires a template: owners no longer see it, and it stays in the catalogue to restore'
        : 'Administrators: brings a retired template back to the chooser',
      tags: ['admin'],
      access: 'admin',
      params: ZAdminIdParams,
      transaction: true,
      responses: { 200: ZAdminTemplateResponse, 404: 'No such template' },
      handler: async ({ ctx, db, auth, params }) => {
        const template = await lockedTemplate(db, params.id);
        const after = await templateRetirer({ db }, { template, retired, actor: { auth, ctx } });
        ctx.body = {
          data: {
            template: presentAdminTemplate(after),
            message: retired ? adminMessages.templateRetired : adminMessages.templateRestored,
          },
        };
      },
    });
  }

  api.route({
    method: 'put',
    path: '/admin/templates/order',
    summary: 'Administrators: puts the templates in this order (positions 0, 1, …); the ids must be every template, once',
    tags: ['admin'],
    access: 'admin',
    body: ZAdminTemplateOrderRequest,
    transaction: true,
    responses: { 200: ZAdminTemplateOrderResponse, 400: 'Not every template exactly once' },
    handler: async ({ ctx, db, auth, body }) => {
      const templates = await templateOrderSaver({ db }, { ids: body.ids, actor: { auth, ctx } });
      ctx.body = { data: { templates: templates.map(presentAdminTemplate), message: adminMessages.templateOrderSaved } };
    },
  });
}
