import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { discountCodeUses, type DiscountCodeRow } from '../../db/queries/billing.ts';
import { discountCodes } from '../../db/schema/index.ts';
import { NotFoundError } from '../../errors.ts';
import { recordAudit, type AuditActor } from '../auditRecorder.ts';
import { discountCodeSnapshot } from './discountCodeSnapshot.ts';

/**
 * Retires a discount code (it is refused from then on; retiring twice keeps the first time) or brings it
 * back, with the change in the audit log. `existing` is the code as it was, locked by the caller. Returns
 * the code stored with how many payments used it.
 */
export async function discountCodeRetirer(
  deps: { db: Db },
  input: { existing: DiscountCodeRow; retired: boolean; actor: AuditActor },
): Promise<{ code: DiscountCodeRow; uses: number }> {
  const { db } = deps;
  const { existing, retired } = input;
  const [row] = await db
    .update(discountCodes)
    .set({ retiredAt: retired ? (existing.retiredAt ?? new Date()) : null })
    .where(eq(discountCodes.id, existing.id))
    .returning();
  if (!row) throw NotFoundError();
  await recordAudit(db, {
    ...input.actor,
    action: retired ? 'discount_code.retire' : 'discount_code.restore',
    targetType: 'discount_code',
    targetId: row.id,
    before: discountCodeSnapshot(existing),
    after: discountCodeSnapshot(row),
  });
  return { code: row, uses: (await discountCodeUses(db, [row.id])).get(row.id) ?? 0 };
}
