import type { AccountDetail } from '../../db/queries/admin.ts';
import { presentAdminAccountDetail } from '../../presenters/admin.ts';

/** What a plan change alters, as the audit log keeps it. */
export const billingSnapshot = (detail: AccountDetail) => ({
  mode: detail.account.mode,
  currentPeriod: presentAdminAccountDetail(detail).currentPeriod,
});

/** What a deletion removes, as the audit log keeps it (the rows themselves are gone). */
export const accountSnapshot = (detail: AccountDetail) => {
  const { account, users, counts } = presentAdminAccountDetail(detail);
  return { ...account, users: users.map((user) => ({ id: user.id, email: user.email, role: user.role })), counts };
};
