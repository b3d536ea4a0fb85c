import { sql } from 'drizzle-orm';
import { limits } from '@quizlead/shared/validations.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import { alreadyRegisteredMail, signupTokenMail } from '../integrations/mail/templates.ts';
import { sendEmailTask } from '../jobs/tasks/SendEmailTask.ts';
import { randomDigits } from '../lib/crypto.ts';
import { tokenIssuer } from './authTokens.ts';

/**
 * Mails a sign-up verification token. An address that already has an account gets a
 * "you already have an account" mail instead, and the caller cannot tell the difference.
 */
export async function signupTokenSender(props: { db: Db; services: Services; fullName: string; email: string }): Promise<void> {
  const { db, services, email } = props;
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (existing) {
    await services.queue.enqueue(db, sendEmailTask, { to: email, ...alreadyRegisteredMail(services.env.APP_URL) });
    return;
  }
  const token = randomDigits(limits.signupTokenLength);
  await tokenIssuer({
    db,
    secret: services.env.SESSION_SECRET,
    purpose: 'signup',
    email,
    token,
    ttlMinutes: limits.signupTokenMinutes,
  });
  await services.queue.enqueue(db, sendEmailTask, { to: email, ...signupTokenMail(props.fullName, token) });
}
