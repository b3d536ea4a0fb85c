import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { templateCatalogue, type TemplateRow } from '../../db/queries/admin.ts';
import { quizzes } from '../../db/schema/index.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import { templateSnapshot } from './templateCatalogue.ts';

/**
 * Retires a template (owners no longer see it; retiring twice keeps the first time) or brings it back, with
 * the change in the audit log. `template` is the template as it was, locked by the caller. Returns it as it is now.
 */
export async function templateRetirer(
  deps: { db: Db },
  input: { template: TemplateRow; retired: boolean; actor: AuditActor },
): Promise<TemplateRow> {
  const { db } = deps;
  const { template, retired } = input;
  await db
    .update(quizzes)
    .set({ templateRetiredAt: retired ? sql`coalesce(${quizzes.templateRetiredAt}, now())` : null })
    .where(eq(quizzes.id, template.id));
  const [after] = await templateCatalogue(db, template.id);
  await recordAudit(db, {
    ...input.actor,
    action: retired ? 'template.retire' : 'template.restore',
    targetType: 'template',
    targetId: template.id,
    before: templateSnapshot(template),
    after: templateSnapshot(after!),
  });
  return after!;
}
