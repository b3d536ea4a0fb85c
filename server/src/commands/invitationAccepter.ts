import { eq, sql } from 'drizzle-orm';
import { teamMessages } from '@quizlead/shared/schemas/team.ts';
import type { Db } from '../db/client.ts';
import { openInvitationWithToken } from '../db/queries/team.ts';
import { accounts, memberInvitations, users } from '../db/schema/index.ts';
import { AppError, ValidationError } from '../errors.ts';
import { assertPasswordAllowed } from '../lib/passwordPolicy.ts';
import { hashPassword } from '../lib/passwords.ts';
import { userCreator } from './userCreator.ts';

/**
 * Accepts an invitation: spends its link and creates the invited user in the account, with the role and
 * the name and password they chose (the mailed link proved the address). A spent, expired or unknown
 * link is a 400 on `token`; an address that got a user meanwhile is a 409. Returns the user, the account
 * and the role, for the session the caller opens.
 */
export async function invitationAccepter(
  deps: { db: Db; /** The key invitation tokens are stored hashed with. */ secret: string },
  input: { token: string; fullName: string; password: string },
) {
  const { db } = deps;
  assertPasswordAllowed(input.password);
  const passwordHash = await hashPassword(input.password);
  // Spent atomically: two submissions of one link make one user.
  // tenant-scope: an invitation is found by its mailed secret token (hashed); the account follows from the row
  const [invitation] = await db
    .update(memberInvitations)
    .set({ acceptedAt: new Date() })
    .where(openInvitationWithToken(deps.secret, input.token))
    .returning();
  if (!invitation) throw ValidationError(teamMessages.invitationInvalid, 'token');
  // Only now is the address known; the refusal rolls the spending back.
  assertPasswordAllowed(input.password, { email: invitation.email });
  // tenant-scope: whether any account has this email: addresses are unique across accounts
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${invitation.email}`)
    .limit(1);
  if (taken) throw new AppError(409, 'conflict', teamMessages.hasOwnAccount, { field: 'token' });
  const user = await userCreator(
    db,
    {
      accountId: invitation.accountId,
      email: invitation.email,
      fullName: input.fullName,
      usertype: 'email',
      passwordHash,
      verifiedAt: new Date(),
    },
    invitation.role,
  );
  const [account] = await db.select().from(accounts).where(eq(accounts.id, invitation.accountId)).limit(1);
  return { user, account: account!, role: invitation.role };
}
