import { type Ability, roleCan } from '@quizlead/shared/permissions.ts';
import type { Auth } from '../context.ts';

/** Who acts: a member of one account with a role there. */
export type Actor = Pick<Auth, 'accountId' | 'role'>;

/** A row of some account, for abilities on one resource rather than on a model. */
export interface OwnedResource {
  accountId: string;
}

/**
 * Whether `actor` may take `ability` (shared/src/permissions.ts), on the model as a whole or on one
 * row. A row of another account is never theirs, whatever the role: routes still answer 404 for
 * it (the row is looked up scoped to the account), this is the same rule stated once.
 */
export function can(actor: Actor, ability: Ability, resource?: OwnedResource): boolean {
  if (resource && resource.accountId !== actor.accountId) return false;
  return roleCan(actor.role, ability);
}
