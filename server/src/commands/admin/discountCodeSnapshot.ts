import type { DiscountCodeRow } from '../../db/queries/billing.ts';
import { presentAdminCode } from '../../presenters/billing.ts';

/** A code as the audit log keeps it: what an administrator set, not how often it was used. */
export const discountCodeSnapshot = (code: DiscountCodeRow) => {
  const { redemptions: _uses, ...fields } = presentAdminCode(code, 0);
  return fields;
};
