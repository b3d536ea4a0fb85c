import { sql } from 'drizzle-orm';
import { limits } from '@quizlead/shared/validations.ts';
import { users } from '../db/schema/index.ts';
import { alreadyRegisteredMail, signupTokenMail } from '../integrations/mail/templates.ts';
import { randomDigits } from '../lib/crypto.ts';
import { tokenIssuer, type TokenMailDeps } from './authTokens.ts';

/**
 * Mails a sign-up verification token, from a job (the request only queues it, so it does the same
 * work for every address). An address that already has an account gets a "you already have an
 * account" mail instead. The mail carries nothing the requester typed: it goes to an address nobody
 * has proved yet.
 */
export async function signupTokenSender(deps: TokenMailDeps, input: { email: string }): Promise<void> {
  const { db } = deps;
  const { email } = input;
  // tenant-scope: email addresses are unique across accounts
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (existing) {
    await deps.mailer.send({ to: email, ...alreadyRegisteredMail(deps.appUrl) });
    return;
  }
  const token = randomDigits(limits.signupTokenLength);
  await tokenIssuer({ db, secret: deps.secret, purpose: 'signup', email, token, ttlMinutes: limits.signupTokenMinutes });
  await deps.mailer.send({ to: email, ...signupTokenMail(token) });
}
