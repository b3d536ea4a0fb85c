import { sql } from 'drizzle-orm';
import { limits } from '@quizlead/shared/validations.ts';
import { users } from '../db/schema/index.ts';
import { passwordResetMail } from '../integrations/mail/templates.ts';
import { randomToken } from '../lib/crypto.ts';
import { tokenIssuer, type TokenMailDeps } from './authTokens.ts';

/**
 * Mails a single-use reset link to a user who signs in with a password, from a job: the request
 * only queues it, so registered and unknown addresses cost the same and answer alike.
 */
export async function passwordResetSender(deps: TokenMailDeps, input: { email: string }): Promise<void> {
  const { db } = deps;
  // tenant-scope: a forgotten password names only an email, unique across accounts
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
    .limit(1);
  if (user?.usertype !== 'email') return;
  const token = randomToken();
  await tokenIssuer({
    db,
    secret: deps.secret,
    purpose: 'password_reset',
    email: user.email,
    userId: user.id,
    token,
    ttlMinutes: limits.resetTokenMinutes,
  });
  const link = `${deps.appUrl}/ResetPassword?token=${encodeURIComponent(token)}`;
  await deps.mailer.send({ to: user.email, ...passwordResetMail(user.fullName, link) });
}
