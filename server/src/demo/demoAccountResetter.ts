import { asc, eq, sql } from 'drizzle-orm';
import { userCreator } from '../commands/userCreator.ts';
import { activeQuizTypes } from '@quizlead/shared/quizzes.ts';
import type { Db } from '../db/client.ts';
import { accounts, quizzes, users } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import { hashPassword } from '../lib/passwords.ts';
import { demoPlaySeeder } from './demoPlaySeeder.ts';
import { demoWidgetSeeder } from './demoWidgetSeeder.ts';
import { catalogueAccountId, templateCatalogueSeeder } from '../commands/templateCatalogueSeeder.ts';
import { templateCopier } from '../commands/templateCopier.ts';

export const demoCredentials = { email: 'demo@quizlead.test', password: 'demo-password' } as const;

/**
 * Deletes the demo account with everything it owns and creates it afresh.
 * Later features add their example content here, so a newcomer sees the product at work.
 */
export async function demoAccountResetter(db: Db): Promise<typeof demoCredentials> {
  const passwordHash = await hashPassword(demoCredentials.password);
  await templateCatalogueSeeder(db);
  await db.transaction(async (tx) => {
    // tenant-scope: the demo account is found by its owner's email, unique across accounts
    const [existing] = await tx
      .select({ accountId: users.accountId })
      .from(users)
      .where(sql`lower(${users.email}) = ${demoCredentials.email}`);
    if (existing) await tx.delete(accounts).where(sql`${accounts.id} = ${existing.accountId}`);
    const [account] = await tx
      .insert(accounts)
      .values({ kind: 'standalone', mode: 'free', companyName: 'Demo Outdoor Co.', companyUrl: 'https://example.com' })
      .returning();
    await userCreator(tx, {
      accountId: account!.id,
      email: demoCredentials.email,
      fullName: 'Demo Owner',
      usertype: 'email',
      passwordHash,
      verifiedAt: new Date(),
    });
    // One published quiz of every active type, copied from the template catalogue, with a month of plays.
    for (const [index, quizType] of activeQuizTypes.entries()) {
      const [template] = await tx
        .select()
        .from(quizzes)
        .where(scoped(quizzes, catalogueAccountId, eq(quizzes.isTemplate, true), eq(quizzes.quizType, quizType)))
        .orderBy(asc(quizzes.title))
        .limit(1);
      if (!template) continue;
      const copy = await templateCopier({ db: tx, source: template, accountId: account!.id, asTemplate: false });
      const completedPlays = await demoPlaySeeder({ db: tx, quiz: copy.quiz, questions: copy.questions, seed: index + 1 });
      await tx
        .update(quizzes)
        .set({ status: 'published', publishedAt: new Date(), completedPlays: completedPlays ?? 0 })
        .where(scoped(quizzes, account!.id, eq(quizzes.id, copy.quiz.id)));
    }
    // A published poll, a web response and a wheel, each with a few submissions.
    await demoWidgetSeeder({ db: tx, accountId: account!.id });
  });
  return demoCredentials;
}
