import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { accounts, users } from '../db/schema/index.ts';
import { hashPassword } from '../lib/passwords.ts';

export const demoCredentials = { email: 'demo@quizlead.test', password: 'demo-password' } as const;

/**
 * Deletes the demo account with everything it owns and creates it afresh.
 * Later features add their example content here, so a newcomer sees the product at work.
 */
export async function demoAccountResetter(db: Db): Promise<typeof demoCredentials> {
  const passwordHash = await hashPassword(demoCredentials.password);
  await db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ accountId: users.accountId })
      .from(users)
      .where(sql`lower(${users.email}) = ${demoCredentials.email}`);
    if (existing) await tx.delete(accounts).where(sql`${accounts.id} = ${existing.accountId}`);
    const [account] = await tx
      .insert(accounts)
      .values({ kind: 'standalone', mode: 'free', companyName: 'Demo Outdoor Co.', companyUrl: 'https://example.com' })
      .returning();
    await tx.insert(users).values({
      accountId: account!.id,
      email: demoCredentials.email,
      fullName: 'Demo Owner',
      usertype: 'email',
      passwordHash,
      verifiedAt: new Date(),
    });
  });
  return demoCredentials;
}
