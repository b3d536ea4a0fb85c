import { z } from 'zod';
import { socialProviders, socialSignInIntents } from '@quizlead/shared/socialSignIn.ts';
import { referralLimits } from '@quizlead/shared/schemas/referrals.ts';
import type { AppContext } from '../../context.ts';
import { SecretDecryptionError, type Secrets } from '../../lib/secrets.ts';

/** The browser's half of one sign-in attempt, from the start redirect to the provider's callback. */
export const socialFlowCookie = 'ql_social_flow';
/** Where the cookie is sent: only to the start and callback routes. */
const cookiePath = '/auth/';
export const socialFlowLifetimeMs = 10 * 60_000;
/** Bound into the sealed text, so nothing else sealed with the same keys passes for a flow. */
const purpose = 'social-sign-in';

const ZFlow = z.object({
  purpose: z.literal(purpose),
  provider: z.enum(socialProviders),
  intent: z.enum(socialSignInIntents),
  ref: z.string().max(referralLimits.code).optional(),
  state: z.string().min(1),
  nonce: z.string().min(1),
  codeVerifier: z.string().min(43).max(128),
  /** Epoch milliseconds. */
  expiresAt: z.number(),
});
export type SocialFlow = Omit<z.infer<typeof ZFlow>, 'purpose'>;

/** The flow sealed (AES-256-GCM, lib/secrets.ts) as a cookie value: `keyId.ciphertext` in base64url. */
export function sealFlow(secrets: Secrets, flow: SocialFlow): string {
  const { ciphertext, keyId } = secrets.seal(JSON.stringify({ purpose, ...flow }));
  return `${keyId}.${Buffer.from(ciphertext, 'base64').toString('base64url')}`;
}

/** Why a cookie does not hold a usable flow, for the server log. */
export type FlowProblem = 'missing' | 'unreadable' | 'expired';

export function openFlow(secrets: Secrets, value: string | undefined, now = Date.now()): SocialFlow | FlowProblem {
  if (!value) return 'missing';
  const dot = value.indexOf('.');
  if (dot < 1) return 'unreadable';
  let parsed: z.infer<typeof ZFlow>;
  try {
    const ciphertext = Buffer.from(value.slice(dot + 1), 'base64url').toString('base64');
    const result = ZFlow.safeParse(JSON.parse(secrets.open({ keyId: value.slice(0, dot), ciphertext })));
    if (!result.success) return 'unreadable';
    parsed = result.data;
  } catch (error) {
    if (error instanceof SecretDecryptionError || error instanceof SyntaxError) return 'unreadable';
    throw error;
  }
  if (parsed.expiresAt <= now) return 'expired';
  const { purpose: _purpose, ...flow } = parsed;
  return flow;
}

export function setFlowCookie(ctx: AppContext, value: string): void {
  ctx.cookies.set(socialFlowCookie, value, {
    httpOnly: true,
    // Lax: the provider's redirect back is a top-level GET navigation from another site.
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: socialFlowLifetimeMs,
    path: cookiePath,
    overwrite: true,
  });
}

/** Every flow is used once: the callback clears it whatever the outcome. */
export function clearFlowCookie(ctx: AppContext): void {
  ctx.cookies.set(socialFlowCookie, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure: ctx.secure,
    maxAge: 0,
    path: cookiePath,
    overwrite: true,
  });
}
