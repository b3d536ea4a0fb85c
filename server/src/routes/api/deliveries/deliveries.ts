import { asc, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import {
  deliveryLimits,
  deliveryMessages,
  ZDeliveryListQuery,
  ZDeliveryListResponse,
  ZDeliveryReplayAllRequest,
  ZDeliveryReplayAllResponse,
  ZDeliveryReplayResponse,
  ZDeliveryResponse,
  type TDeliveryListQuery,
} from '@quizlead/shared/schemas/deliveries.ts';
import type { Db } from '../../../db/client.ts';
import { deliveries, deliveryAttempts, destinations, events } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { deliveryReplayer, failedDeliveriesReplayer, replayableDeliveryCount } from '../../../commands/deliveryReplayer.ts';
import { presentAttempt, presentDelivery, presentDestinationSummary } from '../../../presenters/delivery.ts';
import { findOwnDelivery } from '../../../policies/delivery.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZDeliveryParams } from './schema.ts';

type DestinationRow = typeof destinations.$inferSelect;

/** The row `before` names, as the keyset cursor: a foreign or unknown id matches nothing. */
const cursorRow = alias(deliveries, 'cursor_row');

/**
 * One page of the log, newest first, read along deliveries_account_created_idx
 * (account_id, created_at, id) from where the previous page ended.
 */
async function deliveryPage(db: Db, accountId: string, query: TDeliveryListQuery) {
  const after = query.before
    ? sql`(${deliveries.createdAt}, ${deliveries.id}) < (${db
        .select({ createdAt: cursorRow.createdAt, id: cursorRow.id })
        .from(cursorRow)
        .where(scoped(cursorRow, accountId, eq(cursorRow.id, query.before)))})`
    : undefined;
  const rows = await db
    .select({ delivery: deliveries, event: events.payload })
    .from(deliveries)
    .innerJoin(events, eq(events.id, deliveries.eventId))
    .where(
      scoped(
        deliveries,
        accountId,
        query.status ? eq(deliveries.status, query.status) : undefined,
        query.destinationId ? eq(deliveries.destinationId, query.destinationId) : undefined,
        query.tool ? eq(deliveries.tool, query.tool) : undefined,
        after,
      ),
    )
    .orderBy(desc(deliveries.createdAt), desc(deliveries.id))
    .limit(deliveryLimits.pageSize + 1);
  const items = rows.slice(0, deliveryLimits.pageSize);
  return { items, nextCursor: rows.length > items.length ? items[items.length - 1]!.delivery.id : null };
}

/** Every destination of the account, switched-off ones included: the log's destination filter. */
async function accountDestinations(db: Db, accountId: string): Promise<DestinationRow[]> {
  return db
    .select()
    .from(destinations)
    .where(scoped(destinations, accountId))
    .orderBy(asc(destinations.createdAt), asc(destinations.id));
}

export function deliveryRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/deliveries',
    summary:
      'The delivery log, newest first, a page at a time (`before` is the last row’s id), filtered by status, destination and tool; with the account’s destinations and how many failed deliveries "Replay all" would queue (of the filtered destination, if any)',
    tags: ['deliveries'],
    access: 'owner',
    can: 'delivery.read',
    query: ZDeliveryListQuery,
    responses: { 200: ZDeliveryListResponse, 400: 'A filter that is not valid' },
    handler: async ({ ctx, db, auth, query }) => {
      const { accountId } = auth;
      const [page, destinationRows, failedCount] = await Promise.all([
        deliveryPage(db, accountId, query),
        accountDestinations(db, accountId),
        replayableDeliveryCount({ db, accountId, destinationId: query.destinationId }),
      ]);
      const byId = new Map(destinationRows.map((destination) => [destination.id, destination]));
      ctx.body = {
        data: {
          items: page.items.map((row) => presentDelivery(row.delivery, byId.get(row.delivery.destinationId)!, row.event)),
          nextCursor: page.nextCursor,
          destinations: destinationRows.map(presentDestinationSummary),
          failedCount,
        },
      };
    },
  });

  api.route({
    method: 'get',
    path: '/deliveries/:id',
    summary:
      'A delivery with every attempt: its outcome, time, duration and the request and response as sent and received (secrets redacted)',
    tags: ['deliveries'],
    access: 'owner',
    can: 'delivery.read',
    params: ZDeliveryParams,
    responses: { 200: ZDeliveryResponse, 404: 'No such delivery in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const { delivery, destination, event } = await findOwnDelivery(db, auth, params.id);
      const attempts = await db
        .select()
        .from(deliveryAttempts)
        .where(scoped(deliveryAttempts, auth.accountId, eq(deliveryAttempts.deliveryId, delivery.id)))
        .orderBy(asc(deliveryAttempts.number), asc(deliveryAttempts.startedAt));
      ctx.body = { data: { ...presentDelivery(delivery, destination, event), attemptsLog: attempts.map(presentAttempt) } };
    },
  });

  api.route({
    method: 'post',
    path: '/deliveries/replay',
    summary: `Replay every failed delivery of the account (or of one destination), at most ${deliveryLimits.replayBatch} at a time; switched-off destinations are skipped`,
    tags: ['deliveries'],
    access: 'owner',
    can: 'delivery.replay',
    body: ZDeliveryReplayAllRequest,
    transaction: true,
    responses: { 200: ZDeliveryReplayAllResponse, 400: 'destinationId is not an id' },
    handler: async ({ ctx, db, services, auth, body }) => {
      const count = await failedDeliveriesReplayer({
        db,
        queue: services.queue,
        accountId: auth.accountId,
        destinationId: body.destinationId,
      });
      ctx.body = { data: { count, message: count > 0 ? deliveryMessages.replayedAll(count) : deliveryMessages.nothingToReplay } };
    },
  });

  api.route({
    method: 'post',
    path: '/deliveries/:id/replay',
    summary: 'Queue a failed delivery again, now, under the same id (the idempotency key receivers dedupe on)',
    tags: ['deliveries'],
    access: 'owner',
    can: 'delivery.replay',
    params: ZDeliveryParams,
    transaction: true,
    responses: {
      200: ZDeliveryReplayResponse,
      404: 'No such delivery in this account',
      409: 'The delivery has not failed, or its destination is switched off',
    },
    handler: async ({ ctx, db, services, auth, params }) => {
      await deliveryReplayer({ db, queue: services.queue, accountId: auth.accountId, deliveryId: params.id });
      const { delivery, destination, event } = await findOwnDelivery(db, auth, params.id);
      ctx.body = { data: { delivery: presentDelivery(delivery, destination, event), message: deliveryMessages.replayed } };
    },
  });
}
