import { asc, desc, eq } from 'drizzle-orm';
import { z } from 'zod';
import { ZAdminDiscountCode, ZAdminPlan, ZDiscountCodeInput, ZPlanInput } from '@quizlead/shared/schemas/billing.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { discountCodeRetirer } from '../../../commands/admin/discountCodeRetirer.ts';
import { discountCodeSaver } from '../../../commands/admin/discountCodeSaver.ts';
import { planSaver } from '../../../commands/admin/planSaver.ts';
import type { Db } from '../../../db/client.ts';
import { discountCodeUses } from '../../../db/queries/billing.ts';
import { discountCodes, plans } from '../../../db/schema/index.ts';
import { NotFoundError } from '../../../errors.ts';
import { presentAdminCode, presentAdminPlan } from '../../../presenters/billing.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const ZPlanParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ZCodeParams = z.object({ id: ZId });
const ZRetireRequest = z.object({ retired: z.boolean() });

/** The code, locked for the caller's change (a checkout writing a payment with it waits); 404 when there is none. */
async function lockedCode(db: Db, id: string) {
  const [existing] = await db.select().from(discountCodes).where(eq(discountCodes.id, id)).limit(1).for('update');
  if (!existing) throw NotFoundError();
  return existing;
}

/**
 * The platform administrator's plans and discount codes (the admin screens come with the admin area).
 * Plans are retired by unlisting them: accounts on them keep them to the end of their period.
 */
export function adminBillingRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/admin/plans',
    summary: 'Administrators: every plan, listed or not',
    tags: ['admin'],
    access: 'admin',
    responses: { 200: z.object({ data: z.array(ZAdminPlan) }), 403: 'Not an administrator' },
    handler: async ({ ctx, db }) => {
      const rows = await db.select().from(plans).orderBy(asc(plans.position), asc(plans.id));
      ctx.body = { data: rows.map(presentAdminPlan) };
    },
  });

  api.route({
    method: 'post',
    path: '/admin/plans',
    summary: 'Administrators: adds a paid plan',
    tags: ['admin'],
    access: 'admin',
    body: ZPlanInput,
    transaction: true,
    responses: { 201: z.object({ data: ZAdminPlan }), 400: 'Invalid plan', 403: 'Not an administrator' },
    handler: async ({ ctx, db, auth, body }) => {
      const plan = await planSaver({ db }, { plan: body, actor: { auth, ctx } });
      ctx.status = 201;
      ctx.body = { data: presentAdminPlan(plan) };
    },
  });

  api.route({
    method: 'put',
    path: '/admin/plans/:id',
    summary: 'Administrators: changes a plan (price, description, order, listed); paid periods already bought keep their price',
    tags: ['admin'],
    access: 'admin',
    params: ZPlanParams,
    body: ZPlanInput,
    transaction: true,
    responses: { 200: z.object({ data: ZAdminPlan }), 400: 'Invalid plan', 403: 'Not an administrator', 404: 'No such plan' },
    handler: async ({ ctx, db, auth, body, params }) => {
      const plan = await planSaver({ db }, { id: params.id, plan: body, actor: { auth, ctx } });
      ctx.body = { data: presentAdminPlan(plan) };
    },
  });

  api.route({
    method: 'get',
    path: '/admin/discount-codes',
    summary: 'Administrators: every discount code with how many paid orders used it',
    tags: ['admin'],
    access: 'admin',
    responses: { 200: z.object({ data: z.array(ZAdminDiscountCode) }), 403: 'Not an administrator' },
    handler: async ({ ctx, db }) => {
      const rows = await db.select().from(discountCodes).orderBy(desc(discountCodes.createdAt));
      const uses = await discountCodeUses(
        db,
        rows.map((row) => row.id),
      );
      ctx.body = { data: rows.map((row) => presentAdminCode(row, uses.get(row.id) ?? 0)) };
    },
  });

  api.route({
    method: 'post',
    path: '/admin/discount-codes',
    summary: 'Administrators: adds a discount code (percent or amount; plan, period, dates and use limits optional)',
    tags: ['admin'],
    access: 'admin',
    body: ZDiscountCodeInput,
    transaction: true,
    responses: {
      201: z.object({ data: ZAdminDiscountCode }),
      400: 'Invalid code',
      403: 'Not an administrator',
      409: 'Code taken',
    },
    handler: async ({ ctx, db, auth, body }) => {
      const saved = await discountCodeSaver({ db }, { code: body, actor: { auth, ctx } });
      ctx.status = 201;
      ctx.body = { data: presentAdminCode(saved.code, saved.uses) };
    },
  });

  api.route({
    method: 'put',
    path: '/admin/discount-codes/:id',
    summary:
      'Administrators: changes a discount code; once a payment used it, only its dates and use limits (the rest is what owners paid with)',
    tags: ['admin'],
    access: 'admin',
    params: ZCodeParams,
    body: ZDiscountCodeInput,
    transaction: true,
    responses: {
      200: z.object({ data: ZAdminDiscountCode }),
      400: 'Invalid code, or a used code whose text or value would change (the field is named)',
      403: 'Not an administrator',
      404: 'No such code',
      409: 'Code taken',
    },
    handler: async ({ ctx, db, auth, body, params }) => {
      const existing = await lockedCode(db, params.id);
      const saved = await discountCodeSaver({ db }, { existing, code: body, actor: { auth, ctx } });
      ctx.body = { data: presentAdminCode(saved.code, saved.uses) };
    },
  });

  api.route({
    method: 'patch',
    path: '/admin/discount-codes/:id',
    summary: 'Administrators: retires a discount code (it is refused from then on) or brings it back',
    tags: ['admin'],
    access: 'admin',
    params: ZCodeParams,
    body: ZRetireRequest,
    transaction: true,
    responses: { 200: z.object({ data: ZAdminDiscountCode }), 403: 'Not an administrator', 404: 'No such code' },
    handler: async ({ ctx, db, auth, body, params }) => {
      const existing = await lockedCode(db, params.id);
      const saved = await discountCodeRetirer({ db }, { existing, retired: body.retired, actor: { auth, ctx } });
      ctx.body = { data: presentAdminCode(saved.code, saved.uses) };
    },
  });
}
