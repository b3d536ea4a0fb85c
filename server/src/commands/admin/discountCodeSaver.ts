import { and, eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { adminMessages } from '@quizlead/shared/admin.ts';
import type { ZDiscountCodeInput } from '@quizlead/shared/schemas/billing.ts';
import type { Db } from '../../db/client.ts';
import { discountCodeUses, type DiscountCodeRow } from '../../db/queries/billing.ts';
import { discountCodes, plans } from '../../db/schema/index.ts';
import { AppError, ValidationError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import { discountCodeSnapshot } from './discountCodeSnapshot.ts';

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
 * Adds a discount code (no `existing`) or changes `existing` (the code as it was, locked by the caller so a
 * checkout using it is counted or waits), with the change in the audit log. Once a payment used the code,
 * changing what owners paid with is a 400 naming the field; a plan that does not exist is a 400 on `planId`;
 * a code another one has is a 409. Returns the code stored with how many payments used it.
 */
export async function discountCodeSaver(
  deps: { db: Db },
  input: { existing?: DiscountCodeRow; code: z.infer<typeof ZDiscountCodeInput>; actor: AuditActor },
): Promise<{ code: DiscountCodeRow; uses: number }> {
  const { db } = deps;
  const { existing } = input;
  const values = codeValues(input.code);
  if (!existing) {
    await assertPlanExists(db, values.planId);
    const [row] = await db.insert(discountCodes).values(values).onConflictDoNothing().returning();
    if (!row) throw new AppError(409, 'conflict', adminMessages.discountCodeTaken, { field: 'code' });
    await recordAudit(db, {
      ...input.actor,
      action: 'discount_code.create',
      targetType: 'discount_code',
      targetId: row.id,
      before: null,
      after: discountCodeSnapshot(row),
    });
    return { code: row, uses: 0 };
  }
  const uses = (await discountCodeUses(db, [existing.id])).get(existing.id) ?? 0;
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
    ...input.actor,
    action: 'discount_code.update',
    targetType: 'discount_code',
    targetId: existing.id,
    before: discountCodeSnapshot(existing),
    after: discountCodeSnapshot(row!),
  });
  return { code: row!, uses };
}
