import { desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { adminLimits } from '@quizlead/shared/admin.ts';
import {
  ZAdminDeliveryListQuery,
  ZAdminDeliveryListResponse,
  ZAdminDeliveryReplayResponse,
  ZAdminIdParams,
  type TAdminDeliveryRow,
} from '@quizlead/shared/schemas/admin.ts';
import { deliveryMessages, type TDeliveryStatus } from '@quizlead/shared/schemas/deliveries.ts';
import { recordAudit } from '../../../commands/auditRecorder.ts';
import { deliveryReplayer } from '../../../commands/deliveryReplayer.ts';
import type { Db } from '../../../db/client.ts';
import { pageOf } from '../../../db/queries/pagination.ts';
import { accounts, deliveries, destinations, events } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentDelivery } from '../../../presenters/delivery.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const failedStatuses: TDeliveryStatus[] = ['failed', 'dead'];

const lastAttemptAt = sql<
  string | null
>`(select max("a"."started_at") from "delivery_attempts" as "a" where "a"."delivery_id" = ${deliveries.id})`;

/** Deliveries with what the admin's rows show, newest first. */
function deliveryRows(db: Db, where: SQL) {
  return db
    .select({
      delivery: deliveries,
      destination: destinations,
      event: events.payload,
      companyName: accounts.companyName,
      lastAttemptAt,
    })
    .from(deliveries)
    .innerJoin(events, eq(events.id, deliveries.eventId))
    .innerJoin(destinations, eq(destinations.id, deliveries.destinationId))
    .innerJoin(accounts, eq(accounts.id, deliveries.accountId))
    .where(where)
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id));
}

type Row = Awaited<ReturnType<typeof deliveryRows>>[number];

const presentRow = (row: Row): TAdminDeliveryRow => ({
  ...presentDelivery(row.delivery, row.destination, row.event),
  accountId: row.delivery.accountId,
  companyName: row.companyName,
  lastAttemptAt: row.lastAttemptAt === null ? null : new Date(row.lastAttemptAt).toISOString(),
});

/** What a replay changes, as the audit log keeps it. */
const replaySnapshot = (delivery: typeof deliveries.$inferSelect) => ({
  accountId: delivery.accountId,
  status: delivery.status,
  attempts: delivery.attempts,
  lastError: delivery.lastError,
  nextAttemptAt: delivery.nextAttemptAt,
});

/**
 * Platform administrators: deliveries that failed in any account (retrying or given up), and
 * replaying one the way its owner would (commands/deliveryReplayer.ts).
 */
export function adminDeliveryRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/admin/deliveries',
    summary: `Administrators: failed deliveries of every account, newest first, ${adminLimits.pageSize} a page`,
    tags: ['admin'],
    access: 'admin',
    query: ZAdminDeliveryListQuery,
    responses: { 200: ZAdminDeliveryListResponse },
    handler: async ({ ctx, db, query }) => {
      const where = inArray(deliveries.status, failedStatuses);
      const page = await pageOf(db, deliveryRows(db, where), { from: deliveries, where }, query.page, adminLimits.pageSize);
      ctx.body = { data: { ...page, items: page.items.map(presentRow) } };
    },
  });

  api.route({
    method: 'post',
    path: '/admin/deliveries/:id/replay',
    summary: 'Administrators: queues a failed delivery of any account again, now, under the same id',
    tags: ['admin'],
    access: 'admin',
    params: ZAdminIdParams,
    transaction: true,
    responses: {
      200: ZAdminDeliveryReplayResponse,
      404: 'No such delivery',
      409: 'The delivery has not failed, or its destination is switched off',
    },
    handler: async ({ ctx, db, services, auth, params }) => {
      const [before] = await db.select().from(deliveries).where(eq(deliveries.id, params.id)).limit(1);
      if (!before) throw NotFoundError();
      const after = await deliveryReplayer({ db, queue: services.queue, accountId: before.accountId, deliveryId: before.id });
      await recordAudit(db, {
        auth,
        ctx,
        action: 'delivery.replay',
        targetType: 'delivery',
        targetId: before.id,
        before: replaySnapshot(before),
        after: replaySnapshot(after),
      });
      const [row] = await deliveryRows(db, eq(deliveries.id, before.id));
      ctx.body = { data: { delivery: presentRow(row!), message: deliveryMessages.replayed } };
    },
  });
}
