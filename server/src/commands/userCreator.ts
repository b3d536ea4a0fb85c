import type { AccountRole } from '@quizlead/shared/permissions.ts';
import type { Db } from '../db/client.ts';
import { memberships, users } from '../db/schema/index.ts';

type NewUser = typeof users.$inferInsert;

/** A user and their membership of `values.accountId`, in the caller's transaction. */
export async function userCreator(db: Db, values: NewUser, role: AccountRole = 'owner') {
  const [user] = await db.insert(users).values(values).returning();
  await db.insert(memberships).values({ accountId: user!.accountId, userId: user!.id, role });
  return user!;
}
