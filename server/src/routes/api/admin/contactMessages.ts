import { desc, eq } from 'drizzle-orm';
import { adminLimits } from '@quizlead/shared/admin.ts';
import { ZAdminContactMessageListQuery, ZAdminContactMessageListResponse } from '@quizlead/shared/schemas/admin.ts';
import { pageOf } from '../../../db/queries/pagination.ts';
import { accounts, contactMessages } from '../../../db/schema/index.ts';
import { presentAdminContactMessage } from '../../../presenters/admin.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/** Platform administrators: what owners wrote through Contact Us, whether or not the email to support went out. */
export function adminContactMessageRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/admin/contact-messages',
    summary: `Administrators: Contact Us messages of every account, newest first, ${adminLimits.pageSize} a page`,
    tags: ['admin'],
    access: 'admin',
    query: ZAdminContactMessageListQuery,
    responses: { 200: ZAdminContactMessageListResponse },
    handler: async ({ ctx, db, query }) => {
      const rows = db
        .select({ message: contactMessages, companyName: accounts.companyName })
        .from(contactMessages)
        .innerJoin(accounts, eq(accounts.id, contactMessages.accountId))
        .orderBy(desc(contactMessages.createdAt), desc(contactMessages.id));
      const page = await pageOf(db, rows, { from: contactMessages, where: undefined }, query.page, adminLimits.pageSize);
      ctx.body = {
        data: {
          ...page,
          items: page.items.map((row) => presentAdminContactMessage({ ...row.message, companyName: row.companyName })),
        },
      };
    },
  });
}
