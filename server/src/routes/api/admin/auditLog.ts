import { and, desc, eq } from 'drizzle-orm';
import { adminLimits } from '@quizlead/shared/admin.ts';
import { ZAuditLogQuery, ZAuditLogResponse } from '@quizlead/shared/schemas/admin.ts';
import { pageOf } from '../../../db/queries/pagination.ts';
import { auditLog } from '../../../db/schema/index.ts';
import { presentAuditEntry } from '../../../presenters/admin.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** Platform administrators: every administrator action, with the target before and after. */
export function adminAuditLogRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/admin/audit-log',
    summary: `Administrators: the audit log, newest first, ${adminLimits.pageSize} a page; of one kind of target, or one target`,
    tags: ['admin'],
    access: 'admin',
    query: ZAuditLogQuery,
    responses: { 200: ZAuditLogResponse, 400: 'Not a target type' },
    handler: async ({ ctx, db, query }) => {
      const where = and(
        query.targetType ? eq(auditLog.targetType, query.targetType) : undefined,
        query.targetId ? eq(auditLog.targetId, query.targetId) : undefined,
      );
      const rows = db.select().from(auditLog).where(where).orderBy(desc(auditLog.createdAt), desc(auditLog.id));
      const page = await pageOf(db, rows, { from: auditLog, where }, query.page, adminLimits.pageSize);
      ctx.body = {
        data: { ...page, items: page.items.map(presentAuditEntry) },
      };
    },
  });
}
