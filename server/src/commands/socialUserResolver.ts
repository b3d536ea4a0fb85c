import { and, eq, sql } from 'drizzle-orm';
import { limits } from '@quizlead/shared/validations.ts';
import type { Db } from '../db/client.ts';
import { findAccess } from '../db/queries/owner.ts';
import { accounts, socialIdentities, users } from '../db/schema/index.ts';
import type { SocialProfile } from '../integrations/social/oidcClient.ts';
import { attributeSignup } from './referralAttributor.ts';
import { userCreator } from './userCreator.ts';

type User = typeof users.$inferSelect;
type Account = typeof accounts.$inferSelect;

/** Why a provider's person may not sign in here (logged; the browser only sees 'Login failed'). */
export type SocialRefusal = 'no-email' | 'email-unverified' | 'shopify-user' | 'disabled' | 'no-membership' | 'identity-taken';

export type SocialResolution =
  | {
      ok: true;
      user: User;
      account: Account;
      access: { role: 'owner' | 'member'; platformAdmin: boolean };
      outcome: 'signed-in' | 'linked' | 'created';
    }
  | { ok: false; refusal: SocialRefusal };

/**
 * The user a validated provider identity signs in as, in the caller's transaction:
 * 1. the user already linked to (provider, subject);
 * 2. else the user with that email (any case), linked now, but only when the provider says the
 *    email is verified (anyone can put an unconfirmed address on a Google account) and never a Shopify
 *    store login, whose sign-in belongs to Shopify;
 * 3. else a new standalone account owned by a new social user (the spec's fbuser: no password),
 *    again only for a verified email, so nobody claims an address they do not hold. The sign-up is
 *    credited to the referral code it started with, or to an invitation to that email.
 */
export async function socialUserResolver(
  db: Db,
  profile: SocialProfile,
  options: { ref?: string } = {},
): Promise<SocialResolution> {
  const [linked] = await db
    .select({ user: users })
    .from(socialIdentities)
    .innerJoin(users, eq(users.id, socialIdentities.userId))
    .where(and(eq(socialIdentities.provider, profile.provider), eq(socialIdentities.subject, profile.subject)))
    .limit(1);
  if (linked) return signIn(db, linked.user, 'signed-in');

  if (!profile.email) return { ok: false, refusal: 'no-email' };
  if (!profile.emailVerified) return { ok: false, refusal: 'email-unverified' };
  const email = profile.email;

  // tenant-scope: a verified social sign-in names only an email, unique across accounts
  const [existing] = await db
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1);
  if (existing) {
    if (existing.usertype === 'shopifyuser') return { ok: false, refusal: 'shopify-user' };
    const resolution = await signIn(db, existing, 'linked');
    if (!resolution.ok) return resolution;
    // A concurrent callback may have linked this identity a moment ago; it keeps its first user.
    const [inserted] = await db
      .insert(socialIdentities)
      .values({ userId: existing.id, provider: profile.provider, subject: profile.subject, email })
      .onConflictDoNothing()
      .returning({ userId: socialIdentities.userId });
    return inserted ? resolution : { ok: false, refusal: 'identity-taken' };
  }

  const [account] = await db.insert(accounts).values({ kind: 'standalone' }).returning();
  const user = await userCreator(
    db,
    {
      accountId: account!.id,
      email,
      fullName: (profile.name || email.split('@')[0]!).slice(0, limits.fullName),
      usertype: 'social',
      passwordHash: null,
      verifiedAt: new Date(),
    },
    'owner',
  );
  await db.insert(socialIdentities).values({ userId: user.id, provider: profile.provider, subject: profile.subject, email });
  await attributeSignup(db, { accountId: account!.id, email, ref: options.ref });
  return { ok: true, user, account: account!, access: { role: 'owner', platformAdmin: false }, outcome: 'created' };
}

async function signIn(db: Db, user: User, outcome: 'signed-in' | 'linked'): Promise<SocialResolution> {
  if (user.disabledAt) return { ok: false, refusal: 'disabled' };
  const access = await findAccess(db, user.id, user.accountId);
  if (!access) return { ok: false, refusal: 'no-membership' };
  const [account] = await db.select().from(accounts).where(eq(accounts.id, user.accountId)).limit(1);
  return { ok: true, user, account: account!, access, outcome };
}
