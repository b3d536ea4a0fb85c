import { eq, isNull, sql } from 'drizzle-orm';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import { teamLimits, teamMessages } from '@quizlead/shared/schemas/team.ts';
import type { Db } from '../db/client.ts';
import { findOwner } from '../db/queries/owner.ts';
import { invitationHash } from '../db/queries/team.ts';
import { memberInvitations, users } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { ValidationError } from '../errors.ts';
import { teamInvitationMail } from '../integrations/mail/templates.ts';
import type { JobQueue } from '../jobs/queue.ts';
import { sendAuthEmailTask } from '../jobs/tasks/SendAuthMailTask.ts';
import { randomToken } from '../lib/crypto.ts';

export interface MemberInviterDeps {
  db: Db;
  queue: JobQueue;
  /** The key invitation tokens are stored hashed with. */
  secret: string;
  /** The app's public URL, for the link in the mail. */
  appUrl: string;
}

const joinUrl = (appUrl: string, token: string) => `${appUrl.replace(/\/$/, '')}/Join?token=${encodeURIComponent(token)}`;

/**
 * Invites an email address into the account with a role: an open invitation to the same address is
 * replaced (its link stops working), and the new link is mailed by a job that runs once this commits.
 * An address that already has a user, in this account or another, is a 400 on `email`.
 */
export async function memberInviter(
  deps: MemberInviterDeps,
  input: { accountId: string; userId: string; email: string; role: AccountRole },
): Promise<void> {
  const { db } = deps;
  const { accountId } = input;
  const email = input.email.toLowerCase();
  // tenant-scope: whether any account has this email: addresses are unique across accounts
  const [existing] = await db
    .select({ accountId: users.accountId })
    .from(users)
    .where(sql`lower(${users.email}) = ${email}`)
    .limit(1);
  if (existing) {
    throw ValidationError(existing.accountId === accountId ? teamMessages.alreadyInTeam : teamMessages.hasOwnAccount, 'email');
  }
  const token = randomToken();
  await db
    .delete(memberInvitations)
    .where(scoped(memberInvitations, accountId, eq(memberInvitations.email, email), isNull(memberInvitations.acceptedAt)));
  await db.insert(memberInvitations).values({
    accountId,
    email,
    role: input.role,
    invitedBy: input.userId,
    tokenHash: invitationHash(deps.secret, token),
    expiresAt: new Date(Date.now() + teamLimits.invitationDays * 86_400_000),
  });
  const { user } = await findOwner(db, input);
  const mail = teamInvitationMail({ inviterEmail: user.email, role: input.role, link: joinUrl(deps.appUrl, token) });
  await deps.queue.enqueue(db, sendAuthEmailTask, { to: email, ...mail });
}
