import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { ZUpdateProfileRequest } from '@quizlead/shared/schemas/account.ts';
import type { Db } from '../db/client.ts';
import { findOwner } from '../db/queries/owner.ts';
import { accounts, users } from '../db/schema/index.ts';
import { scoped } from '../db/scope.ts';
import type { FileStorage } from '../integrations/storage/fileStorage.ts';
import type { CommitHooks } from './commitHooks.ts';
import { fileRemover } from './fileRemover.ts';

/**
 * Saves the user's name and the account's company details (name, url, logo). A logo is uploaded for the
 * logo alone: the one it replaces (`logoFileId` as it was before) is deleted with the change. Public
 * quizzes show the company name and logo, so the account's cached quizzes are dropped once this commits.
 * Returns the user and account as stored.
 */
export async function profileSaver(
  deps: { db: Db; storage: FileStorage } & Pick<CommitHooks, 'afterCommit' | 'changed'>,
  input: {
    accountId: string;
    userId: string;
    logoFileId: string | null;
    profile: z.output<typeof ZUpdateProfileRequest>;
  },
) {
  const { db } = deps;
  const { accountId, profile } = input;
  const now = new Date();
  await db
    .update(users)
    .set({ fullName: profile.fullName, updatedAt: now })
    .where(scoped(users, accountId, eq(users.id, input.userId)));
  await db
    .update(accounts)
    .set({
      companyName: profile.companyName,
      companyUrl: profile.companyUrl,
      ...(profile.companyLogoId === undefined ? {} : { logoFileId: profile.companyLogoId }),
      updatedAt: now,
    })
    .where(eq(accounts.id, accountId));
  const replacedLogo = profile.companyLogoId !== undefined && input.logoFileId !== profile.companyLogoId;
  if (replacedLogo && input.logoFileId) {
    await fileRemover({ db, storage: deps.storage, accountId, fileId: input.logoFileId, afterCommit: deps.afterCommit });
  }
  deps.changed({ accountId });
  return findOwner(db, input);
}
