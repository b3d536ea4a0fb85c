import { z } from 'zod';
import { accountModes, userTypes } from '../constants.ts';
import { type Ability, accountRoles, allAbilities } from '../permissions.ts';
import { limits, messages } from '../validations.ts';
import { ZCompanyUrl, ZEmail, ZNewPassword, ZSingleLine } from './common.ts';
import { ZReferralCode } from './referrals.ts';

export const ZFullName = ZSingleLine(
  z.string({ error: messages.auth.fullNameEmpty }).trim().min(1, messages.auth.fullNameEmpty).max(limits.fullName),
  'Full Name',
);

/** A company's name, optional: what the sign-up's Personal Details step and the Account page take. */
export const ZCompanyName = ZSingleLine(z.string().trim().max(limits.companyName), 'Company name').default('');

export const ZSignInRequest = z.object({
  email: ZEmail,
  password: z.string({ error: messages.auth.passwordRequired }).min(1, messages.auth.passwordRequired).max(limits.passwordMax),
});
export type TSignInRequest = z.infer<typeof ZSignInRequest>;

/** Step 1 of the sign-up wizard: the token is mailed when the visitor leaves it. */
export const ZSignupTokenRequest = z.object({
  fullName: ZFullName,
  email: ZEmail,
});
export type TSignupTokenRequest = z.infer<typeof ZSignupTokenRequest>;

/**
 * Step 1's password, checked by the server when the step is left (POST /signup/password-check): the list
 * of common passwords is the server's alone, and the owner fixes the password where it is typed, before
 * a token is mailed, not after it.
 */
export const ZSignupPasswordCheckRequest = z.object({ email: ZEmail, password: ZNewPassword });
export type TSignupPasswordCheckRequest = z.infer<typeof ZSignupPasswordCheckRequest>;
export const ZSignupPasswordCheckResponse = z.object({ data: z.object({ allowed: z.literal(true) }) });

/** The last step: everything the wizard collected plus the emailed token. */
export const ZSignupRequest = z.object({
  fullName: ZFullName,
  email: ZEmail,
  password: ZNewPassword,
  companyName: ZCompanyName,
  companyUrl: ZCompanyUrl.default(''),
  token: z
    .string({ error: messages.auth.tokenRequired })
    .trim()
    .min(1, messages.auth.tokenRequired)
    .max(64, messages.auth.tokenInvalid),
  /** The referral (affiliate) code of the link the visitor signed up through. */
  ref: ZReferralCode,
});
export type TSignupRequest = z.input<typeof ZSignupRequest>;

export const ZForgotPasswordRequest = z.object({ email: ZEmail });
export type TForgotPasswordRequest = z.infer<typeof ZForgotPasswordRequest>;

export const ZResetPasswordRequest = z.object({
  token: z.string().min(1, messages.auth.resetInvalid).max(128, messages.auth.resetInvalid),
  password: ZNewPassword,
});
export type TResetPasswordRequest = z.infer<typeof ZResetPasswordRequest>;

/** The signed-in user as the browser sees it (the spec's "Session user"). */
export const ZSessionUser = z.object({
  id: z.string(),
  accountId: z.string(),
  name: z.string(),
  email: z.string(),
  mode: z.enum(accountModes),
  usertype: z.enum(userTypes),
  /** The user's role in this account and what it lets them do (permissions.ts). */
  accountRole: z.enum(accountRoles),
  abilities: z.array(z.enum(allAbilities as [Ability, ...Ability[]])),
  /** Platform administrators see the admin area. */
  platformAdmin: z.boolean(),
  picture: z.string().nullable(),
  companyName: z.string(),
});
export type TSessionUser = z.infer<typeof ZSessionUser>;

export const ZSessionResponse = z.object({
  data: z.object({ user: ZSessionUser, csrfToken: z.string() }),
});
export type TSessionResponse = z.infer<typeof ZSessionResponse>;

export const ZMessageResponse = z.object({ data: z.object({ message: z.string() }) });
export type TMessageResponse = z.infer<typeof ZMessageResponse>;
