import { sql } from 'drizzle-orm';
import { userCreator } from './userCreator.ts';
import type { TSignupRequest } from '@quizlead/shared/schemas/auth.ts';
import { messages } from '@quizlead/shared/validations.ts';
import type { Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/index.ts';
import { AppError, ValidationError } from '../errors.ts';
import { hashPassword } from '../lib/passwords.ts';
import { tokenGuessRecorder, tokenSpender } from './authTokens.ts';
import { attributeSignup } from './referralAttributor.ts';

type SignupInput = Required<Omit<TSignupRequest, 'companyName' | 'companyUrl' | 'ref'>> & {
  companyName: string;
  companyUrl: string;
  /** The referral link's code, if the visitor came through one. */
  ref?: string | undefined;
};

/**
 * Creates a standalone account and its first user once the emailed token checks out, credited to
 * whoever referred it. The token is spent in the same transaction as the account, so a failure leaves
 * it usable.
 */
export async function accountCreator(props: { database: Db; services: Services; input: SignupInput }) {
  const { database, services, input } = props;
  const passwordHash = await hashPassword(input.password);
  const created = await database.transaction(async (tx) => {
    const spent = await tokenSpender({
      db: tx,
      secret: services.env.SESSION_SECRET,
      purpose: 'signup',
      token: input.token,
      email: input.email,
    });
    if (!spent) return undefined;
    // tenant-scope: email addresses are unique across accounts
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = ${input.email.toLowerCase()}`)
      .limit(1);
    if (taken)
      throw new AppError(409, 'conflict', 'An account with this email already exists. Please sign in.', { field: 'email' });
    const [account] = await tx
      .insert(accounts)
      .values({ kind: 'standalone', companyName: input.companyName, companyUrl: input.companyUrl })
      .returning();
    const user = await userCreator(tx, {
      accountId: account!.id,
      email: input.email,
      fullName: input.fullName,
      usertype: 'email',
      passwordHash,
      verifiedAt: new Date(),
    });
    await attributeSignup(tx, { accountId: account!.id, email: input.email, ref: input.ref });
    return { account: account!, user };
  });
  if (!created) {
    await tokenGuessRecorder({ db: database, purpose: 'signup', email: input.email });
    throw ValidationError(messages.auth.tokenInvalid, 'token');
  }
  return created;
}
