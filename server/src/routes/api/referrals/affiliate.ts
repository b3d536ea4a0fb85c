import { referralLimits, ZAffiliateResponse } from '@quizlead/shared/schemas/referrals.ts';
import { referralLinkFor } from '../../../commands/affiliateCode.ts';
import { commissionsOf, commissionTotals, referralCounts } from '../../../db/queries/referrals.ts';
import { presentCommission } from '../../../presenters/referral.ts';
import type { ApiRouter } from '../../apiRouter.ts';

/**
 * Settings → Affiliate url (spec: account-player-management.md §2, §7 affiliate/getaffiliatecode): the code and
 * link, the accounts it brought, and the commission their payments earned (the owner's business only).
 */
export function affiliateRoutes(api: ApiRouter): void {
  api.route({
    method: 'get',
    path: '/affiliate',
    summary: 'The affiliate code and link, referrals, paid referrals, commission earned and reversed, and the commissions',
    tags: ['referrals'],
    access: 'owner',
    can: 'affiliate.read',
    // The affiliate programme pays standalone subscriptions; a shop pays Shopify.
    standaloneOnly: true,
    responses: { 200: ZAffiliateResponse, 404: 'Not there for a shop’s session token' },
    handler: async ({ ctx, db, auth, services }) => {
      const [link, counts, totals, commissions] = await Promise.all([
        referralLinkFor(db, services.env.APP_URL, auth.accountId),
        referralCounts(db, auth.accountId),
        commissionTotals(db, auth.accountId),
        commissionsOf(db, auth.accountId, referralLimits.listed),
      ]);
      ctx.body = {
        data: {
          ...link,
          ratePercent: services.env.AFFILIATE_COMMISSION_PERCENT,
          ...counts,
          currency: services.env.BILLING_CURRENCY,
          totals,
          commissions: commissions.map(presentCommission),
        },
      };
    },
  });
}
