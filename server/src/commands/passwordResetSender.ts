import { sql } from 'drizzle-orm';
import { limits } from '@quizlead/shared/validations.ts';
import type { Db } from '../db/client.ts';
import { users } from '../db/schema/index.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { passwordResetMail } from '../integrations/mail/templates.ts';
import { randomToken } from '../lib/crypto.ts';
import { tokenIssuer } from './authTokens.ts';

/**
 * Mails a single-use reset link to a user who signs in with a password, from a job: the request
 * only queues it, so registered and unknown addresses cost the same and answer alike.
 */
export async function passwordResetSender(props: {
  db: Db;
  mailer: Mailer;
  secret: string;
  appUrl: string;
  email: string;
}): Promise<void> {
  const { db } = props;
  // tenant-scope: a forgotten password names only an email, unique across accounts
  const [user] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${props.email.toLowerCase()}`)
    .limit(1);
  if (user?.usertype !== 'email') return;
  const token = randomToken();
  await tokenIssuer({
    db,
    secret: props.secret,
    purpose: 'password_reset',
    email: user.email,
    userId: user.id,
    token,
    ttlMinutes: limits.resetTokenMinutes,
  });
  const link = `${props.appUrl}/ResetPassword?token=${encodeURIComponent(token)}`;
  await props.mailer.send({ to: user.email, ...passwordResetMail(user.fullName, link) });
}
