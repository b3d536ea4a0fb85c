import { abilitiesOf, type AccountRole } from '@quizlead/shared/permissions.ts';
import type { TSessionUser } from '@quizlead/shared/schemas/auth.ts';
import { useAtomValue } from 'jotai';
import { useHydrateAtoms } from 'jotai/utils';
import type { ReactNode } from 'react';
import { sessionUserAtom } from '../session.ts';

/** The signed-in user as GET /api/v1/session answers it, with the abilities of `role`. */
export const sessionUser = (role: AccountRole, fields: Partial<TSessionUser> = {}): TSessionUser => ({
  id: '0b7c2d4e-5f60-4a71-8b92-a3b4c5d6e7f8',
  accountId: '1c8d3e5f-6071-4b82-9ca3-b4c5d6e7f809',
  name: 'Olive Owner',
  email: 'olive@example.com',
  mode: 'free',
  usertype: 'email',
  accountRole: role,
  abilities: abilitiesOf(role),
  platformAdmin: false,
  picture: null,
  companyName: 'Olive Oils',
  ...fields,
});

/**
 * A screen as the shell shows it once the session is loaded: the shell puts the signed-in user in
 * `sessionUserAtom` before it renders any page (useSessionUser.ts), and pages read it from there.
 */
export function SignedIn({ user, children }: { user: TSessionUser; children: ReactNode }) {
  useHydrateAtoms([[sessionUserAtom, user]]);
  return children;
}

/** The signed-in user's name as the shell's menu would show it, for a test to read. */
export function SessionName() {
  const user = useAtomValue(sessionUserAtom);
  return <output data-testid="session-name">{user?.name ?? ''}</output>;
}
