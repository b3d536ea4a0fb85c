import { useAtomValue } from 'jotai';
import type { Ability } from '@quizlead/shared/permissions.ts';
import { sessionUserAtom } from './session.ts';

/**
 * Whether the signed-in user's role has `ability` (shared/src/permissions.ts), as the session
 * reported it: the admin hides or disables what the server would refuse, for the same reason.
 */
export function useCan(ability: Ability): boolean {
  return useAtomValue(sessionUserAtom)?.abilities.includes(ability) ?? false;
}
