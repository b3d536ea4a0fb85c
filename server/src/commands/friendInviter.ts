import { referralLimits, referralMessages, type TReferFriendRequest } from '@quizlead/shared/schemas/referrals.ts';
import type { Auth, Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { lockAccount } from '../db/queries/destinations.ts';
import { findOwner } from '../db/queries/owner.ts';
import { emailHasAccount, emailInvited, emailOptedOut, invitationsSentSince } from '../db/queries/referrals.ts';
import { friendInvitations } from '../db/schema/index.ts';
import { AppError, ValidationError } from '../errors.ts';
import { invitationUnsubscribeUrl } from '../integrations/mail/invitationUnsubscribe.ts';
import { friendInvitationMail } from '../integrations/mail/templates.ts';
import { sendEmailTask } from '../jobs/tasks/SendEmailTask.ts';
import { referralLinkFor } from './affiliateCode.ts';

const dayMs = 86_400_000;

/**
 * Refer a friend (spec §7 referfriend/send), in the request's transaction: an address is invited once,
 * ever, by anyone, never when it already has an account, and never after it used an invitation's
 * unsubscribe link (the sender is told so: invitationOptOuts); an account sends at most
 * `referralLimits.invitationsPerDay` in 24 hours. The invitation mail, from the signed-in user with the
 * account's referral link, is a job committed with the row, so it is sent exactly when the row exists.
 */
export async function friendInviter(props: {
  db: Db;
  services: Pick<Services, 'queue' | 'env'>;
  auth: Pick<Auth, 'userId' | 'accountId'>;
  request: TReferFriendRequest;
  now?: Date;
}) {
  const { db, services, auth, request, now = new Date() } = props;
  const { user } = await findOwner(db, auth);
  // One invitation at a time per account, so two at once cannot both pass the daily count.
  await lockAccount(db, auth.accountId);

  const email = request.friendEmail;
  if (email.toLowerCase() === user.email.toLowerCase()) throw ValidationError(referralMessages.self, 'friendEmail');
  // Said plainly rather than skipped: a sender told "sent" would wait for a friend who never hears of it.
  if (await emailOptedOut(db, email)) throw ValidationError(referralMessages.optedOut, 'friendEmail');
  if (await emailHasAccount(db, email)) throw ValidationError(referralMessages.alreadyMember, 'friendEmail');
  if (await emailInvited(db, email)) throw ValidationError(referralMessages.alreadyInvited, 'friendEmail');

  const { sent, oldest } = await invitationsSentSince(db, auth.accountId, new Date(now.getTime() - dayMs));
  if (sent >= referralLimits.invitationsPerDay) {
    const retryAfter = oldest ? Math.max(1, Math.ceil((oldest.getTime() + dayMs - now.getTime()) / 1000)) : 3600;
    throw new AppError(429, 'rate_limited', referralMessages.dailyLimit, { headers: { 'Retry-After': String(retryAfter) } });
  }

  // Another account may have invited the address since the check: the unique index decides.
  const [invitation] = await db
    .insert(friendInvitations)
    .values({
      accountId: auth.accountId,
      senderUserId: user.id,
      friendName: request.friendName,
      friendEmail: email,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning();
  if (!invitation) throw ValidationError(referralMessages.alreadyInvited, 'friendEmail');

  const link = await referralLinkFor(db, services.env.APP_URL, auth.accountId);
  const mail = friendInvitationMail({
    senderName: user.fullName,
    senderEmail: user.email,
    link: link.url,
    unsubscribeUrl: invitationUnsubscribeUrl(services.env.APP_URL, services.env.SESSION_SECRET, email),
  });
  await services.queue.enqueue(db, sendEmailTask, { to: email, ...mail });
  return invitation;
}
