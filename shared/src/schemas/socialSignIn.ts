import { z } from 'zod';
import { socialProviders, socialSignInIntents } from '../socialSignIn.ts';
import { ZReferralCode } from './referrals.ts';

/** GET /auth/{provider}/start. A malformed referral code is dropped, as on the email sign-up. */
export const ZSocialSignInStartQuery = z.object({
  intent: z.enum(socialSignInIntents, { error: 'intent must be signin or signup' }).default('signin'),
  ref: ZReferralCode,
});
export type TSocialSignInStartQuery = z.infer<typeof ZSocialSignInStartQuery>;

/** GET /api/v1/auth/providers: the providers whose credentials are configured, so their buttons show. */
export const ZSocialProvidersResponse = z.object({
  data: z.object({ providers: z.array(z.enum(socialProviders)) }),
});
export type TSocialProvidersResponse = z.infer<typeof ZSocialProvidersResponse>;
