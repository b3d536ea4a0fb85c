import { eq, ne } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZPlanInput } from '@quizlead/shared/schemas/billing.ts';
import type { Db } from '../../db/client.ts';
import type { PlanRow } from '../../db/queries/billing.ts';
import { plans } from '../../db/schema/index.ts';
import { AppError, NotFoundError } from '../../errors.ts';
import { sanitizeRichText } from '../../lib/sanitizeHtml.ts';
import { presentAdminPlan } from '../../presenters/billing.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';

const planValues = (input: z.infer<typeof ZPlanInput>) => ({
  name: input.name,
  monthlyPriceCents: input.monthlyPriceCents,
  descriptionHtml: sanitizeRichText(input.descriptionHtml),
  position: input.position,
  listed: input.listed,
  currentForUnlisted: input.currentForUnlisted,
  updatedAt: new Date(),
});

/**
 * Adds a paid plan (no `id`) or changes plan `id` (404 when there is none; the free plan stays free, a 400
 * on `monthlyPriceCents`), with the change in the audit log. One plan at most is the card marked for paid
 * accounts on unlisted plans. Paid periods already bought keep their price. Returns the plan stored.
 */
export async function planSaver(
  deps: { db: Db },
  input: { id?: number; plan: z.infer<typeof ZPlanInput>; actor: AuditActor },
): Promise<PlanRow> {
  const { db } = deps;
  const { id, plan } = input;
  if (plan.currentForUnlisted)
    await db
      .update(plans)
      .set({ currentForUnlisted: false })
      .where(id === undefined ? eq(plans.currentForUnlisted, true) : ne(plans.id, id));
  let before: PlanRow | null = null;
  let after: PlanRow;
  if (id === undefined) [after] = (await db.insert(plans).values(planValues(plan)).returning()) as [PlanRow];
  else {
    const [existing] = await db.select().from(plans).where(eq(plans.id, id)).limit(1).for('update');
    if (!existing) throw NotFoundError();
    if (existing.free && plan.monthlyPriceCents !== 0)
      throw new AppError(400, 'validation', 'The free plan stays free.', { field: 'monthlyPriceCents' });
    before = existing;
    [after] = (await db.update(plans).set(planValues(plan)).where(eq(plans.id, id)).returning()) as [PlanRow];
  }
  await recordAudit(db, {
    ...input.actor,
    action: before ? 'plan.update' : 'plan.create',
    targetType: 'plan',
    targetId: after.id,
    before: before && presentAdminPlan(before),
    after: presentAdminPlan(after),
  });
  return after;
}
