import type { Auth } from '../context.ts';
import type { Db } from '../db/client.ts';
import { findOwner } from '../db/queries/owner.ts';
import { ForbiddenError } from '../errors.ts';

/** Platform administrators only (users.role = 'admin'); anyone else gets 403 with `refusal`. */
export async function requirePlatformAdmin(db: Db, auth: Auth, refusal: string): Promise<void> {
  const { user } = await findOwner(db, auth);
  if (user.role !== 'admin') throw ForbiddenError(refusal);
}
