import { and, asc, eq, sql } from 'drizzle-orm';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { validateForPublish } from '@quizlead/shared/engine/index.ts';
import {
  ZAdminAddTemplateRequest,
  ZAdminIdParams,
  ZAdminTemplateListResponse,
  ZAdminTemplateOrderRequest,
  ZAdminTemplateOrderResponse,
  ZAdminTemplateResponse,
  type TAdminTemplate,
} from '@quizlead/shared/schemas/admin.ts';
import { recordAudit } from '../../../commands/auditRecorder.ts';
import { quizData } from '../../../commands/quizSaver.ts';
import { templateCopier } from '../../../commands/templateCopier.ts';
import type { Db } from '../../../db/client.ts';
import { loadQuestions } from '../../../db/queries/quizzes.ts';
import { accounts, quizzes } from '../../../db/schema/index.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { presentAdminTemplate } from '../../../presenters/admin.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { questionCount } from '../quizzes/quizzes.ts';

/**
 * Every template, retired ones too, in the chooser's order; or only `id`. A template's position is its place in
 * that order, counted over the whole catalogue: stored positions can tie (templates seeded before they were
 * numbered all hold 0) and the chooser then orders by title, so the stored number is not what the owner sees.
 */
async function loadTemplates(db: Db, id?: string): Promise<TAdminTemplate[]> {
  const rows = await db
    .select({ quiz: quizzes, questionCount, companyName: accounts.companyName })
    .from(quizzes)
    .innerJoin(accounts, eq(accounts.id, quizzes.accountId))
    .where(eq(quizzes.isTemplate, true))
    .orderBy(asc(quizzes.templatePosition), asc(quizzes.title), asc(quizzes.id));
  const templates = rows.map((row, position) =>
    presentAdminTemplate({ ...row.quiz, questionCount: row.questionCount, companyName: row.companyName, position }),
  );
  return id ? templates.filter((template) => template.id === id) : templates;
}

/** A template, locked for the caller's change; 404 for any other id. */
async function lockedTemplate(db: Db, id: string): Promise<TAdminTemplate> {
  await db
    .select({ id: quizzes.id })
    .from(quizzes)
    .where(and(eq(quizzes.id, id), eq(quizzes.isTemplate, true)))
    .for('update');
  const [template] = await loadTemplates(db, id);
  if (!template) throw NotFoundError();
  return template;
}

/** Additions and reorders one at a time: two at once would give positions twice, or miss a template. */
const lockCatalogueOrder = (db: Db) => db.execute(sql`select pg_advisory_xact_lock(7243002)`);

const templateSnapshot = (template: TAdminTemplate) => ({
  title: template.title,
  quizType: template.quizType,
  position: template.position,
  retiredAt: template.retiredAt,
});

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
      ctx.body = { data: await loadTemplates(db) };
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
      if (source.isTemplate) throw ValidationError(adminMessages.alreadyTemplate, 'quizId');
      const problem = validateForPublish({ ...quizData(source), questions: await loadQuestions(db, source.id) });
      if (problem) throw ValidationError(`${source.title || source.id}: ${problem}`, 'quizId');
      await lockCatalogueOrder(db);
      const [last] = await db
        .select({ position: sql<number | null>`max(${quizzes.templatePosition})` })
        .from(quizzes)
        .where(eq(quizzes.isTemplate, true));
      const copy = await templateCopier({ db, source, accountId: auth.accountId, asTemplate: true, storage: services.storage });
      await db
        .update(quizzes)
        .set({ templatePosition: (last?.position ?? -1) + 1 })
        .where(eq(quizzes.id, copy.quiz.id));
      const [template] = await loadTemplates(db, copy.quiz.id);
      await recordAudit(db, {
        auth,
        ctx,
        action: 'template.add',
        targetType: 'template',
        targetId: template!.id,
        before: null,
        after: { ...templateSnapshot(template!), sourceQuizId: source.id, sourceAccountId: source.accountId },
      });
      ctx.status = 201;
      ctx.body = { data: { template: template!, message: adminMessages.templateAdded } };
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
        const before = await lockedTemplate(db, params.id);
        // Retiring twice keeps the first time.
        await db
          .update(quizzes)
          .set({ templateRetiredAt: retired ? sql`coalesce(${quizzes.templateRetiredAt}, now())` : null })
          .where(eq(quizzes.id, params.id));
        const [after] = await loadTemplates(db, params.id);
        await recordAudit(db, {
          auth,
          ctx,
          action: retired ? 'template.retire' : 'template.restore',
          targetType: 'template',
          targetId: params.id,
          before: templateSnapshot(before),
          after: templateSnapshot(after!),
        });
        ctx.body = {
          data: { template: after!, message: retired ? adminMessages.templateRetired : adminMessages.templateRestored },
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
      await lockCatalogueOrder(db);
      const before = await loadTemplates(db);
      const current = new Set(before.map((template) => template.id));
      const sameSet =
        body.ids.length === current.size && new Set(body.ids).size === current.size && body.ids.every((id) => current.has(id));
      if (!sameSet) throw ValidationError(adminMessages.templateOrder, 'ids');
      // Row locks in id order, as the built-in templates' seeder takes them at every start: locking in the body's
      // order deadlocked with a process starting beside this one.
      await db
        .select({ id: quizzes.id })
        .from(quizzes)
        .where(eq(quizzes.isTemplate, true))
        .orderBy(asc(quizzes.id))
        .for('update');
      for (const [position, id] of body.ids.entries()) {
        await db
          .update(quizzes)
          .set({ templatePosition: position })
          .where(and(eq(quizzes.id, id), eq(quizzes.isTemplate, true)));
      }
      const after = await loadTemplates(db);
      await recordAudit(db, {
        auth,
        ctx,
        action: 'template_catalogue.reorder',
        targetType: 'template_catalogue',
        targetId: 'templates',
        before: { ids: before.map((template) => template.id) },
        after: { ids: after.map((template) => template.id) },
      });
      ctx.body = { data: { templates: after, message: adminMessages.templateOrderSaved } };
    },
  });
}
