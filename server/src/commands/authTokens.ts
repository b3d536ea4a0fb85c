import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { authTokens } from '../db/schema/index.ts';
import type { Mailer } from '../integrations/mail/mailer.ts';
import { hmac } from '../lib/crypto.ts';

type Purpose = (typeof authTokens.$inferSelect)['purpose'];

/** What the commands that mail a token to an address (sign-up code, reset link) work with. */
export interface TokenMailDeps {
  db: Db;
  mailer: Mailer;
  /** The key tokens are stored hashed with. */
  secret: string;
  /** The app's public URL, for links in the mail. */
  appUrl: string;
}

/** A token is spent after this many wrong guesses against its email. */
const maxFailedAttempts = 5;

export const tokenHash = (secret: string, purpose: Purpose, token: string) => hmac(secret, `${purpose}:${token}`);

const live = (purpose: Purpose, email: string) =>
  and(
    eq(authTokens.purpose, purpose),
    eq(authTokens.email, email),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date()),
  );

/** Stores a new token, superseding the live ones of the same purpose and email. */
export async function tokenIssuer(props: {
  db: Db;
  secret: string;
  purpose: Purpose;
  email: string;
  userId?: string;
  token: string;
  ttlMinutes: number;
}): Promise<void> {
  const email = props.email.toLowerCase();
  await props.db.update(authTokens).set({ usedAt: new Date() }).where(live(props.purpose, email));
  await props.db.insert(authTokens).values({
    purpose: props.purpose,
    email,
    userId: props.userId ?? null,
    tokenHash: tokenHash(props.secret, props.purpose, props.token),
    expiresAt: new Date(Date.now() + props.ttlMinutes * 60_000),
  });
}

/**
 * Spends a live token atomically (single use, even under concurrent requests) and returns its row,
 * or undefined. `email` narrows the match when the token was typed by a person.
 */
export async function tokenSpender(props: {
  db: Db;
  secret: string;
  purpose: Purpose;
  token: string;
  email?: string;
}): Promise<typeof authTokens.$inferSelect | undefined> {
  const conditions = [
    eq(authTokens.purpose, props.purpose),
    eq(authTokens.tokenHash, tokenHash(props.secret, props.purpose, props.token)),
    isNull(authTokens.usedAt),
    gt(authTokens.expiresAt, new Date()),
  ];
  if (props.email) conditions.push(eq(authTokens.email, props.email.toLowerCase()));
  const [spent] = await props.db
    .update(authTokens)
    .set({ usedAt: new Date() })
    .where(and(...conditions))
    .returning();
  return spent;
}

/** Counts a wrong guess against the live tokens of `email`; spends those that reach the limit. */
export async function tokenGuessRecorder(props: { db: Db; purpose: Purpose; email: string }): Promise<void> {
  await props.db
    .update(authTokens)
    .set({
      failedAttempts: sql`${authTokens.failedAttempts} + 1`,
      usedAt: sql`case when ${authTokens.failedAttempts} + 1 >= ${maxFailedAttempts} then now() else null end`,
    })
    .where(live(props.purpose, props.email.toLowerCase()));
}
