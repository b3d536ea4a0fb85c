import {
  referralLimits,
  referralMessages,
  ZInvitationSentResponse,
  ZReferFriendRequest,
  ZReferralsResponse,
} from '@quizlead/shared/schemas/referrals.ts';
import { referralLinkFor } from '../../../commands/affiliateCode.ts';
import { friendInviter } from '../../../commands/friendInviter.ts';
import { invitationsOf, referredAccountsOf } from '../../../db/queries/referrals.ts';
import { presentInvitation, presentReferredAccount } from '../../../presenters/referral.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/**
 * Refer Friend (spec: builder-widgets-shell.md §2.8, §7 referfriend/send): invitations by email carrying the
 * account's referral link, and the people who signed up through either.
 */
export function referralRoutes(api: ApiRouter): void {
  const { limiters } = api.services;

  api.route({
    method: 'get',
    path: '/referrals',
    summary: "The account's referral link, the friends it invited and the accounts that signed up through it",
    tags: ['referrals'],
    access: 'owner',
    can: 'support.refer',
    responses: { 200: ZReferralsResponse },
    handler: async ({ ctx, db, auth, services }) => {
      const [link, invitations, signups] = await Promise.all([
        referralLinkFor(db, services.env.APP_URL, auth.accountId),
        invitationsOf(db, auth.accountId, referralLimits.listed),
        referredAccountsOf(db, auth.accountId, referralLimits.listed),
      ]);
      ctx.body = {
        data: { link, invitations: invitations.map(presentInvitation), signups: signups.map(presentReferredAccount) },
      };
    },
  });

  api.route({
    method: 'post',
    path: '/referrals/invitations',
    summary: `Refer a friend: emails them the account's referral link (an address once, ever; ${referralLimits.invitationsPerDay} a day per account)`,
    tags: ['referrals'],
    access: 'owner',
    can: 'support.refer',
    body: ZReferFriendRequest,
    transaction: true,
    rateLimit: [{ limiter: limiters.referralByAccount, by: (_body, ctx) => ctx.state.auth?.accountId ?? ctx.ip }],
    responses: {
      201: ZInvitationSentResponse,
      400: `"${referralMessages.friendNameRequired}", "${referralMessages.alreadyInvited}", "${referralMessages.alreadyMember}"`,
      429: referralMessages.dailyLimit,
    },
    handler: async ({ ctx, db, auth, body, services }) => {
      const invitation = await friendInviter({ db, services, auth, request: body });
      ctx.status = 201;
      ctx.body = {
        data: { invitation: presentInvitation({ ...invitation, signedUp: false }), message: referralMessages.sent },
      };
    },
  });
}
