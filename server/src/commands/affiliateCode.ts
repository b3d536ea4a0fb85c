import { randomInt } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { TReferralLink } from '@quizlead/shared/schemas/referrals.ts';
import type { Db } from '../db/client.ts';
import { accounts } from '../db/schema/index.ts';

/**
 * Every account's affiliate code, which is also its refer-a-friend code: the sign-up link
 * `<APP_URL>/Signup?ref=<code>` credits new accounts to it (referralAttributor).
 */

const codeAlphabet = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';
const affiliateCodeLength = 8;

export function randomAffiliateCode(): string {
  let code = '';
  for (let index = 0; index < affiliateCodeLength; index++) code += codeAlphabet[randomInt(codeAlphabet.length)];
  return code;
}

/**
 * The account's affiliate code, made on first read and kept. Two first reads race on
 * `affiliate_code is null`: the loser updates nothing and reads the winner's code; a code another
 * account already has (the unique index) is tried again with a new one.
 */
export async function affiliateCodeFor(db: Db, accountId: string, makeCode: () => string = randomAffiliateCode) {
  const read = async () =>
    (await db.select({ code: accounts.affiliateCode }).from(accounts).where(eq(accounts.id, accountId)).limit(1))[0]?.code;
  const existing = await read();
  if (existing) return existing;
  for (let attempt = 0; attempt < 8; attempt++) {
    const code = makeCode();
    const [taken] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.affiliateCode, code)).limit(1);
    if (!taken) {
      await db
        .update(accounts)
        .set({ affiliateCode: code })
        .where(and(eq(accounts.id, accountId), isNull(accounts.affiliateCode)));
    }
    const stored = await read();
    if (stored) return stored;
  }
  throw new Error('no free affiliate code after 8 attempts');
}

/** The standalone sign-up screen (standalone/src/App.tsx) with the code as the referrer. */
export const affiliateUrl = (appUrl: string, code: string) =>
  `${appUrl.replace(/\/$/, '')}/Signup?ref=${encodeURIComponent(code)}`;

/** The account's code and the sign-up link that carries it. */
export async function referralLinkFor(db: Db, appUrl: string, accountId: string): Promise<TReferralLink> {
  const code = await affiliateCodeFor(db, accountId);
  return { code, url: affiliateUrl(appUrl, code) };
}

/** The account whose code `code` is, if any (codes are case-sensitive). */
export async function accountByAffiliateCode(db: Db, code: string): Promise<string | undefined> {
  const [row] = await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.affiliateCode, code)).limit(1);
  return row?.id;
}
