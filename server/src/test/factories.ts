import { randomUUID } from 'node:crypto';
import { sessionCookie } from '@quizlead/shared/constants.ts';
import type { AccountRole } from '@quizlead/shared/permissions.ts';
import { userCreator } from '../commands/userCreator.ts';
import { accounts, platformAdmins, sessions } from '../db/schema/index.ts';
import { randomToken, sha256 } from '../lib/crypto.ts';
import { hashPassword } from '../lib/passwords.ts';
import type { Db } from '../db/client.ts';
import type { TestClient } from './getTestServer.ts';

export const uniqueEmail = (label = 'owner') => `${label}-${randomUUID().slice(0, 8)}@example.com`;

/**
 * What the factories need of a server: its database and a client for it. A test server is one; a bench
 * that seeds the database before it starts the server as a process of its own passes just these.
 */
export interface FactoryHost {
  services: { database: { db: Db } };
  client(): TestClient;
}

/** A fresh account with one signed-in owner, so tests never share data or need truncation. */
export async function createOwner(
  server: FactoryHost,
  options: { password?: string; usertype?: 'email' | 'social'; platformAdmin?: boolean } = {},
) {
  const { db } = server.services.database;
  const [account] = await db.insert(accounts).values({ kind: 'standalone', companyName: 'Acme' }).returning();
  const signedIn = await signInUser(server, account!, { ...options, role: 'owner', fullName: 'Olive Owner' });
  if (options.platformAdmin) await db.insert(platformAdmins).values({ userId: signedIn.user.id });
  return signedIn;
}

/** Another user of `account` with `role`, signed in: for the policies of each role. */
export const createMember = (server: FactoryHost, account: typeof accounts.$inferSelect, role: AccountRole = 'member') =>
  signInUser(server, account, { role, fullName: 'Mia Member' });

/**
 * A password's argon2 hash, made once per password per test process: a hash costs tens of milliseconds
 * of CPU by design, and the suite makes thousands of users with the same password. Each hash still has
 * its salt and verifies like any other.
 */
const hashes = new Map<string, Promise<string>>();
function factoryHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

async function signInUser(
  server: FactoryHost,
  account: typeof accounts.$inferSelect,
  options: { password?: string; usertype?: 'email' | 'social'; role: AccountRole; fullName: string },
) {
  const email = uniqueEmail();
  const password = options.password ?? 'correct horse battery';
  const { db } = server.services.database;
  const user = await userCreator(
    db,
    {
      accountId: account.id,
      email,
      fullName: options.fullName,
      usertype: options.usertype ?? 'email',
      passwordHash: await factoryHash(password),
      verifiedAt: new Date(),
    },
    options.role,
  );
  // A session written directly: factories stay fast and out of the sign-in rate limits.
  const token = randomToken();
  const client = server.client();
  client.cookie = `${sessionCookie}=${token}`;
  client.csrfToken = randomToken();
  await db.insert(sessions).values({
    id: sha256(token),
    accountId: account.id,
    userId: user.id,
    csrfToken: client.csrfToken,
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  return { account, user, email, password, client };
}
