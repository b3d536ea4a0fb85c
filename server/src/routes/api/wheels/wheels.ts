import { desc, eq, sql } from 'drizzle-orm';
import { wheelMessages, widgetLimits } from '@quizlead/shared/engagement.ts';
import { ZMessageResponse } from '@quizlead/shared/schemas/auth.ts';
import { prizeMessages, ZPrizeOptionsResponse } from '@quizlead/shared/schemas/prizes.ts';
import { ZWheelListResponse, ZWheelRequest, ZWheelResponse, type TWheelData } from '@quizlead/shared/schemas/wheel.ts';
import { ZPageQuery } from '@quizlead/shared/schemas/widgets.ts';
import { slugify } from '@quizlead/shared/slug.ts';
import type { Auth } from '../../../context.ts';
import type { Db } from '../../../db/client.ts';
import { isShopifyAccount, prizePoolStates } from '../../../commands/prizes/prizePool.ts';
import { prizeSlotsRemover, prizeSlotsSyncer, wheelPrizeSlots } from '../../../commands/prizes/prizeSlotsSyncer.ts';
import { unusedImageRemover } from '../../../commands/unusedImageRemover.ts';
import { ownUploadsChecker } from '../../../db/queries/fileUsage.ts';
import { wheelSpinCount, wheelSpinTotal } from '../../../db/queries/wheels.ts';
import { wheels } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { NotFoundError, ValidationError } from '../../../errors.ts';
import { findOwnWheel } from '../../../policies/wheel.ts';
import { presentWheel, presentWheelRow } from '../../../presenters/wheel.ts';
import type { ApiRouter } from '../../apiRouter.ts';
import { ZWheelParams } from './schema.ts';

/**
 * The stored columns of a wheel as the builder sends it; an uploaded play-button image must be the
 * account's own, and unique-code prizes are a Shopify shop's (they are Shopify discounts).
 */
async function wheelColumns(db: Db, auth: Pick<Auth, 'accountId'>, body: TWheelData) {
  const image = [{ field: 'playButtonImage', url: body.playButtonImage }];
  await ownUploadsChecker(db, auth.accountId, image, wheelMessages.playButtonImageInvalid);
  const prized = body.options.findIndex((option) => option.prize);
  if (prized >= 0 && !(await isShopifyAccount(db, auth.accountId))) {
    throw ValidationError(prizeMessages.shopifyOnly, `options.${prized}.prize`);
  }
  return {
    description: body.description,
    slug: slugify(body.description),
    options: body.options,
    published: body.status === 'published',
    collectEmail: body.collectEmail,
    allowRepeatSpins: body.allowRepeatSpins,
    ignoreEmailTags: body.ignoreEmailTags,
    playButtonType: body.playButtonType,
    playButtonText: body.playButtonText,
    playButtonImage: body.playButtonImage,
  };
}

export function wheelRoutes(api: ApiRouter): void {
  // Before /wheels/:id, which would take the name for an id.
  api.route({
    method: 'get',
    path: '/wheels/prize-options',
    summary: 'What prizes the account’s wheels can give: unique Shopify discount codes in a Shopify shop',
    tags: ['wheels'],
    access: 'owner',
    can: 'engagement.read',
    responses: { 200: ZPrizeOptionsResponse },
    handler: async ({ ctx, db, auth }) => {
      ctx.body = { data: { uniqueCodes: await isShopifyAccount(db, auth.accountId) } };
    },
  });

  api.route({
    method: 'get',
    path: '/wheels',
    summary: 'The account’s wheel spinners, newest first, with their number of spins',
    tags: ['wheels'],
    access: 'owner',
    can: 'engagement.read',
    query: ZPageQuery,
    responses: { 200: ZWheelListResponse },
    handler: async ({ ctx, db, auth, query }) => {
      const pageSize = widgetLimits.listPageSize;
      const where = scoped(wheels, auth.accountId);
      const [rows, [counted]] = await Promise.all([
        db
          .select({ wheel: wheels, totalSpins: wheelSpinTotal })
          .from(wheels)
          .where(where)
          .orderBy(desc(wheels.createdAt), desc(wheels.id))
          .limit(pageSize)
          .offset((query.page - 1) * pageSize),
        db
          .select({ total: sql<number>`count(*)::int` })
          .from(wheels)
          .where(where),
      ]);
      ctx.body = {
        data: {
          items: rows.map((row) => presentWheelRow(row.wheel, row.totalSpins)),
          total: counted?.total ?? 0,
          page: query.page,
          pageSize,
        },
      };
    },
  });

  api.route({
    method: 'post',
    path: '/wheels',
    summary:
      'Create a wheel spinner (3 to 8 options, each with a weight and an optional prize code, or in a Shopify shop unique discount codes)',
    tags: ['wheels'],
    access: 'owner',
    can: 'engagement.write',
    body: ZWheelRequest,
    transaction: true,
    responses: { 201: ZWheelResponse, 400: 'The first field that is wrong' },
    handler: async ({ ctx, db, auth, body, services }) => {
      const [wheel] = await db
        .insert(wheels)
        .values({ accountId: auth.accountId, ...(await wheelColumns(db, auth, body)) })
        .returning();
      await prizeSlotsSyncer({ db, queue: services.queue, item: wheelPrizeSlots(wheel!) });
      ctx.status = 201;
      ctx.body = { data: presentWheel(wheel!, 0, await prizePoolStates(db, wheel!)) };
    },
  });

  api.route({
    method: 'get',
    path: '/wheels/:id',
    summary: 'A wheel spinner with its options, weights and prize codes (unique-code slices with their pool)',
    tags: ['wheels'],
    access: 'owner',
    can: 'engagement.read',
    params: ZWheelParams,
    responses: { 200: ZWheelResponse, 404: 'No such wheel in this account' },
    handler: async ({ ctx, db, auth, params }) => {
      const wheel = await findOwnWheel(db, auth, params.id);
      const [spins, pools] = await Promise.all([wheelSpinCount(db, wheel), prizePoolStates(db, wheel)]);
      ctx.body = { data: presentWheel(wheel, spins, pools) };
    },
  });

  api.route({
    method: 'put',
    path: '/wheels/:id',
    summary:
      'Save a wheel spinner (spins already made keep the result they drew; a changed unique-code prize gets a new Shopify discount, codes given keep theirs)',
    tags: ['wheels'],
    access: 'owner',
    can: 'engagement.write',
    params: ZWheelParams,
    body: ZWheelRequest,
    transaction: true,
    responses: { 200: ZWheelResponse, 400: 'The first field that is wrong', 404: 'No such wheel in this account' },
    handler: async ({ ctx, db, auth, params, body, services, afterCommit }) => {
      const wheel = await findOwnWheel(db, auth, params.id, { forUpdate: true });
      const [stored] = await db
        .update(wheels)
        .set({ ...(await wheelColumns(db, auth, body)), updatedAt: new Date() })
        .where(scoped(wheels, auth.accountId, eq(wheels.id, wheel.id)))
        .returning();
      await prizeSlotsSyncer({ db, queue: services.queue, item: wheelPrizeSlots(stored!) });
      if (wheel.playButtonImage && wheel.playButtonImage !== stored!.playButtonImage) {
        const urls = [wheel.playButtonImage];
        await unusedImageRemover({ db, accountId: auth.accountId, urls, storage: services.storage, afterCommit });
      }
      ctx.body = { data: presentWheel(stored!, await wheelSpinCount(db, stored!), await prizePoolStates(db, stored!)) };
    },
  });

  api.route({
    method: 'delete',
    path: '/wheels/:id',
    summary:
      'Delete a wheel spinner, its spins, its unique codes and its uploaded play-button image (Shopify keeps its discounts, so codes given still work)',
    tags: ['wheels'],
    access: 'owner',
    can: 'engagement.write',
    params: ZWheelParams,
    transaction: true,
    responses: { 200: ZMessageResponse, 404: 'No such wheel in this account' },
    handler: async ({ ctx, db, auth, params, services, afterCommit }) => {
      const [deleted] = await db
        .delete(wheels)
        .where(scoped(wheels, auth.accountId, eq(wheels.id, params.id)))
        .returning({ playButtonImage: wheels.playButtonImage });
      if (!deleted) throw NotFoundError();
      await prizeSlotsRemover({ db, accountId: auth.accountId, kind: 'wheel', itemId: params.id });
      if (deleted.playButtonImage) {
        const urls = [deleted.playButtonImage];
        await unusedImageRemover({ db, accountId: auth.accountId, urls, storage: services.storage, afterCommit });
      }
      ctx.body = { data: { message: wheelMessages.deleted } };
    },
  });
}
