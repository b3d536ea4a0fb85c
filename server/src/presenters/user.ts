import type { TSessionUser } from '@quizlead/shared/schemas/auth.ts';
import type { TProfile } from '@quizlead/shared/schemas/account.ts';
import type { accounts, users } from '../db/schema/index.ts';
import { fileUrl } from './file.ts';
import { abilitiesOf } from '@quizlead/shared/permissions.ts';
import type { Auth } from '../context.ts';

type UserRow = typeof users.$inferSelect;
type AccountRow = typeof accounts.$inferSelect;

/** The session user with what their role lets them do, so the admin hides what the server would refuse. */
export const presentSessionUser = (
  user: UserRow,
  account: AccountRow,
  access: Pick<Auth, 'role' | 'platformAdmin'>,
): TSessionUser => ({
  id: user.id,
  accountId: account.id,
  name: user.fullName,
  email: user.email,
  mode: account.mode,
  usertype: user.usertype,
  accountRole: access.role,
  platformAdmin: access.platformAdmin,
  abilities: abilitiesOf(access.role),
  picture: null,
  companyName: account.companyName,
});

export const presentProfile = (user: UserRow, account: AccountRow): TProfile => ({
  fullName: user.fullName,
  email: user.email,
  companyName: account.companyName,
  companyUrl: account.companyUrl,
  companyLogoUrl: account.logoFileId ? fileUrl(account.logoFileId) : null,
  usertype: user.usertype,
});
