import { randomUUID } from 'node:crypto';
import { sessionCookie } from '@quizlead/shared/constants.ts';
import { accounts, sessions, users } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { TestServer } from './getTestServer.ts';

export const uniqueEmail = (label = 'owner') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/** A fresh account with one signed-in owner, so tests never share data or need truncation. */
export async function createOwner(server: TestServer, options: { password?: string; usertype?: 'email' | 'social' } = {}) {
  const email = uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const { db } = server.services.database;
  const [account] = await db.insert(accounts).values({ kind: 'standalone', companyName: 'Acme' }).returning();
  const [user] = await db
    .insert(users)
    .values({
      accountId: account!.id,
      email,
      fullName: 'Olive Owner',
      usertype: options.usertype ?? 'email',
      passwordHash: await hashPassword(password),
      verifiedAt: new Date(),
    })
    .returning();
  // A session written directly: factories stay fast and out of the sign-in rate limits.
  const token = randomToken();
  const client = server.client();
  client.cookie = `${sessionCookie}=${token}`;
  client.csrfToken = randomToken();
  await db.insert(sessions).values({
    id: sha256(token),
    accountId: account!.id,
    userId: user!.id,
    csrfToken: client.csrfToken,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { account: account!, user: user!, email, password, client };
}
