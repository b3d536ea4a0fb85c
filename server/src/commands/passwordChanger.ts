import { and, eq, ne } from 'drizzle-orm';
import { messages } from '@quizlead/shared/validations.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import { assertPasswordAllowed } from '../lib/passwordPolicy.ts';
import { hashPassword, verifyPassword } from '../lib/passwords.ts';

/**
 * Changes a user's password once the current one is given right (else a 400 on `currentPassword`; a new
 * one the policy refuses is a 400 on `newPassword`), and signs the user out of every session but
 * `keepSessionId`, in one transaction of its own.
 */
export async function passwordChanger(
  deps: { db: Db },
  input: {
    user: { id: string; accountId: string; email: string; passwordHash: string | null };
    keepSessionId: string | undefined;
    currentPassword: string;
    newPassword: string;
  },
): Promise<void> {
  const { user } = input;
  if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
    throw ValidationError(messages.account.currentPasswordWrong, 'currentPassword');
  }
  assertPasswordAllowed(input.newPassword, { email: user.email, field: 'newPassword' });
  const passwordHash = await hashPassword(input.newPassword);
  await deps.db.transaction(async (tx) => {
    await tx
      .update(users)
      .set({ passwordHash, updatedAt: new Date() })
      .where(scoped(users, user.accountId, eq(users.id, user.id)));
    const others = input.keepSessionId
      ? and(eq(sessions.userId, user.id), ne(sessions.id, input.keepSessionId))
      : eq(sessions.userId, user.id);
    // tenant-scope: the user's own sessions by user id: a new password signs them out of every account
    await tx.delete(sessions).where(others);
  });
}
