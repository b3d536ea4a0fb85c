import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import type { TemplateRow } from '../../db/queries/admin.ts';

/** Additions and reorders one at a time: two at once would give positions twice, or miss a template. */
export const lockCatalogueOrder = (db: Db) => db.execute(sql`select pg_advisory_xact_lock(7243002)`);

/** A template as the audit log keeps it. */
export const templateSnapshot = (template: TemplateRow) => ({
  title: template.title,
  quizType: template.quizType,
  position: template.position,
  retiredAt: template.templateRetiredAt,
});
