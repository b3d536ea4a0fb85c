import { and, asc, count, desc, eq, inArray, ne } from 'drizzle-orm';
import { z } from 'zod';
import { adminMessages } from '@quizlead/shared/admin.ts';
import {
  ZAdminDiscountCode,
  ZAdminPlan,
  ZDiscountCodeInput,
  ZPlanInput,
  type TAdminDiscountCode,
} from '@quizlead/shared/schemas/billing.ts';
import { ZId } from '@quizlead/shared/schemas/common.ts';
import { recordAudit } from '../../../commands/auditRecorder.ts';
import type { Db } from '../../../db/client.ts';
import { discountCodes, payments, plans } from '../../../db/schema/index.ts';
import { AppError, NotFoundError, ValidationError } from '../../../errors.ts';
import { sanitizeRichText } from '../../../lib/sanitizeHtml.ts';
import type { ApiRouter } from '../../apiRouter.ts';

const ZPlanParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
const ZCodeParams = z.object({ id: ZId });
const ZRetireRequest = z.object({ retired: z.boolean() });

type DiscountCodeRow = typeof discountCodes.$inferSelect;

const presentAdminPlan = (plan: typeof plans.$inferSelect) => ({
  id: plan.id,
  name: plan.name,
  free: plan.free,
  monthlyPriceCents: plan.monthlyPriceCents,
  descriptionHtml: plan.descriptionHtml,
  position: plan.position,
  listed: plan.listed,
  currentForUnlisted: plan.currentForUnlisted,
});

const presentAdminCode = (code: DiscountCodeRow, redemptions: number): TAdminDiscountCode => ({
  id: code.id,
  code: code.code,
  kind: code.kind,
  percent: code.percent,
  amountCents: code.amountCents,
  planId: code.planId,
  period: code.period,
  startsAt: code.startsAt?.toISOString() ?? null,
  endsAt: code.endsAt?.toISOString() ?? null,
  maxRedemptions: code.maxRedemptions,
  maxPerAccount: code.maxPerAccount,
  redemptions,
  retired: code.retiredAt !== null,
});

/** A code as the audit log keeps it: what an administrator set, not how often it was used. */
const codeSnapshot = (code: DiscountCodeRow) => {
  const { redemptions: _uses, ...fields } = presentAdminCode(code, 0);
  return fields;
};

async function redemptionCounts(db: Db, codeIds: string[]): Promise<Map<string, number>> {
  if (codeIds.length === 0) return new Map();
  const rows = await db
    .select({ id: payments.discountCodeId, uses: count() })
    .from(payments)
    .where(inArray(payments.discountCodeId, codeIds))
    .groupBy(payments.discountCodeId);
  return new Map(rows.map((row) => [row.id!, Number(row.uses)]));
}

const planValues = (input: z.infer<typeof ZPlanInput>) => ({
  name: input.name,
  monthlyPriceCents: input.monthlyPriceCents,
  descriptionHtml: sanitizeRichText(input.descriptionHtml),
  position: input.position,
  listed: input.listed,
  currentForUnlisted: input.currentForUnlisted,
  updatedAt: new Date(),
});

const codeValues = (input: z.infer<typeof ZDiscountCodeInput>) => ({
  code: input.code,
  kind: input.kind,
  percent: input.kind === 'percent' ? input.percent : null,
  amountCents: input.kind === 'amount' ? input.amountCents : null,
  planId: input.planId,
  period: input.period,
  startsAt: input.startsAt ? new Date(input.startsAt) : null,
  endsAt: input.endsAt ? new Date(input.endsAt) : null,
  maxRedemptions: input.maxRedemptions,
  maxPerAccount: input.maxPerAccount,
});

/**
 * What owners paid with, in the order the form shows them: once a payment refers to a code, these stay
 * as they were (its invoices and audit rows name them); only dates and use limits may change.
 */
const usedCodeFixedFields = ['code', 'kind', 'percent', 'amountCents', 'planId', 'period'] as const;

/** A code for a plan that does not exist would break the foreign key: a 400 on planId instead. */
async function assertPlanExists(db: Db, planId: number | null) {
  if (planId === null) return;
  const [plan] = await db.select({ id: plans.id }).from(plans).where(eq(plans.id, planId)).limit(1);
  if (!plan) throw ValidationError(adminMessages.discountCodePlanMissing, 'planId');
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

  const savePlan = async (db: Db, input: z.infer<typeof ZPlanInput>, id?: number) => {
    // One plan at most is the card marked for paid accounts on unlisted plans.
    if (input.currentForUnlisted)
      await db
        .update(plans)
        .set({ currentForUnlisted: false })
        .where(id === undefined ? eq(plans.currentForUnlisted, true) : ne(plans.id, id));
    if (id === undefined) return { before: null, after: (await db.insert(plans).values(planValues(input)).returning())[0]! };
    const [existing] = await db.select().from(plans).where(eq(plans.id, id)).limit(1).for('update');
    if (!existing) throw NotFoundError();
    if (existing.free && input.monthlyPriceCents !== 0)
      throw new AppError(400, 'validation', 'The free plan stays free.', { field: 'monthlyPriceCents' });
    return { before: existing, after: (await db.update(plans).set(planValues(input)).where(eq(plans.id, id)).returning())[0]! };
  };

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
      const { after } = await savePlan(db, body);
      const plan = presentAdminPlan(after);
      await recordAudit(db, {
        auth,
        ctx,
        action: 'plan.create',
        targetType: 'plan',
        targetId: plan.id,
        before: null,
        after: plan,
      });
      ctx.status = 201;
      ctx.body = { data: plan };
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
      const saved = await savePlan(db, body, params.id);
      const plan = presentAdminPlan(saved.after);
      const before = saved.before && presentAdminPlan(saved.before);
      await recordAudit(db, { auth, ctx, action: 'plan.update', targetType: 'plan', targetId: plan.id, before, after: plan });
      ctx.body = { data: plan };
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
      const uses = await redemptionCounts(
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
      await assertPlanExists(db, body.planId);
      const [row] = await db.insert(discountCodes).values(codeValues(body)).onConflictDoNothing().returning();
      if (!row) throw new AppError(409, 'conflict', adminMessages.discountCodeTaken, { field: 'code' });
      const after = codeSnapshot(row);
      await recordAudit(db, {
        auth,
        ctx,
        action: 'discount_code.create',
        targetType: 'discount_code',
        targetId: row.id,
        before: null,
        after,
      });
      ctx.status = 201;
      ctx.body = { data: presentAdminCode(row, 0) };
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
      // Locked first: a checkout writing a payment with this code is either counted below or waits for this change.
      const [existing] = await db.select().from(discountCodes).where(eq(discountCodes.id, params.id)).limit(1).for('update');
      if (!existing) throw NotFoundError();
      const values = codeValues(body);
      const uses = (await redemptionCounts(db, [existing.id])).get(existing.id) ?? 0;
      const fixed = uses > 0 ? usedCodeFixedFields.find((field) => values[field] !== existing[field]) : undefined;
      if (fixed) throw ValidationError(adminMessages.discountCodeUsed, fixed);
      await assertPlanExists(db, values.planId);
      const [taken] = await db
        .select({ id: discountCodes.id })
        .from(discountCodes)
        .where(and(eq(discountCodes.code, values.code), ne(discountCodes.id, existing.id)))
        .limit(1);
      if (taken) throw new AppError(409, 'conflict', adminMessages.discountCodeTaken, { field: 'code' });
      const [row] = await db.update(discountCodes).set(values).where(eq(discountCodes.id, existing.id)).returning();
      await recordAudit(db, {
        auth,
        ctx,
        action: 'discount_code.update',
        targetType: 'discount_code',
        targetId: existing.id,
        before: codeSnapshot(existing),
        after: codeSnapshot(row!),
      });
      ctx.body = { data: presentAdminCode(row!, uses) };
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
      const [existing] = await db.select().from(discountCodes).where(eq(discountCodes.id, params.id)).limit(1).for('update');
      if (!existing) throw NotFoundError();
      const [row] = await db
        .update(discountCodes)
        .set({ retiredAt: body.retired ? (existing.retiredAt ?? new Date()) : null })
        .where(eq(discountCodes.id, params.id))
        .returning();
      if (!row) throw NotFoundError();
      await recordAudit(db, {
        auth,
        ctx,
        action: body.retired ? 'discount_code.retire' : 'discount_code.restore',
        targetType: 'discount_code',
        targetId: row.id,
        before: codeSnapshot(existing),
        after: codeSnapshot(row),
      });
      const uses = await redemptionCounts(db, [row.id]);
      ctx.body = { data: presentAdminCode(row, uses.get(row.id) ?? 0) };
    },
  });
}
