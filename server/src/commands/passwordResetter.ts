import { eq } from 'drizzle-orm';
import { messages } from '@quizlead/shared/validations.ts';
import type { Db } from '../db/client.ts';
import { sessions, users } from '../db/schema/index.ts';
import { ValidationError } from '../errors.ts';
import { assertPasswordAllowed } from '../lib/passwordPolicy.ts';
import { hashPassword } from '../lib/passwords.ts';
import { tokenSpender } from './authTokens.ts';

/** Sets a new password from a reset link, spends the link and signs the user out everywhere. */
export async function passwordResetter(props: { db: Db; secret: string; token: string; password: string }): Promise<void> {
  assertPasswordAllowed(props.password);
  const passwordHash = await hashPassword(props.password);
  await props.db.transaction(async (tx) => {
    const spent = await tokenSpender({ db: tx, secret: props.secret, purpose: 'password_reset', token: props.token });
    if (!spent?.userId) throw ValidationError(messages.auth.resetInvalid, 'token');
    // The link names the address; refusing the password rolls the spending back, the link still works.
    assertPasswordAllowed(props.password, { email: spent.email });
    // tenant-scope: the user named by the spent reset link (a secret token), in whichever account they are
    await tx.update(users).set({ passwordHash, updatedAt: new Date() }).where(eq(users.id, spent.userId));
    // tenant-scope: that user's own sessions by user id: a new password signs them out of every account
    await tx.delete(sessions).where(eq(sessions.userId, spent.userId));
  });
}
