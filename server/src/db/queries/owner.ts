import { and, eq } from 'drizzle-orm';
import type { Auth } from '../../context.ts';
import { UnauthorizedError } from '../../errors.ts';
import type { Db } from '../client.ts';
import { accounts, users } from '../schema/index.ts';

/** The signed-in user with their account; a user removed since sign-in is signed out. */
export async function findOwner(db: Db, auth: Pick<Auth, 'userId' | 'accountId'>) {
  const [row] = await db
    .select({ user: users, account: accounts })
    .from(users)
    .innerJoin(accounts, eq(accounts.id, users.accountId))
    .where(and(eq(users.id, auth.userId), eq(users.accountId, auth.accountId)))
    .limit(1);
  if (!row) throw UnauthorizedError();
  return row;
}
