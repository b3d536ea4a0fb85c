import { and, asc, eq } from 'drizzle-orm';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { Db } from '../../db/client.ts';
import { templateCatalogue, type TemplateRow } from '../../db/queries/admin.ts';
import { quizzes } from '../../db/schema/index.ts';
import { ValidationError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import { lockCatalogueOrder } from './templateCatalogue.ts';

/**
 * Puts the templates in the order of `ids` (positions 0, 1, …), with the reorder in the audit log. The ids
 * must be every template, once: otherwise a 400 on `ids`. Returns the catalogue in its new order.
 */
export async function templateOrderSaver(deps: { db: Db }, input: { ids: string[]; actor: AuditActor }): Promise<TemplateRow[]> {
  const { db } = deps;
  const { ids } = input;
  await lockCatalogueOrder(db);
  const before = await templateCatalogue(db);
  const current = new Set(before.map((template) => template.id));
  const sameSet = ids.length === current.size && new Set(ids).size === current.size && ids.every((id) => current.has(id));
  if (!sameSet) throw ValidationError(adminMessages.templateOrder, 'ids');
  // Row locks in id order, as the built-in templates' seeder takes them at every start: locking in the body's
  // order deadlocked with a process starting beside this one.
  await db.select({ id: quizzes.id }).from(quizzes).where(eq(quizzes.isTemplate, true)).orderBy(asc(quizzes.id)).for('update');
  for (const [position, id] of ids.entries()) {
    await db
      .update(quizzes)
      .set({ templatePosition: position })
      .where(and(eq(quizzes.id, id), eq(quizzes.isTemplate, true)));
  }
  const after = await templateCatalogue(db);
  await recordAudit(db, {
    ...input.actor,
    action: 'template_catalogue.reorder',
    targetType: 'template_catalogue',
    targetId: 'templates',
    before: { ids: before.map((template) => template.id) },
    after: { ids: after.map((template) => template.id) },
  });
  return after;
}
