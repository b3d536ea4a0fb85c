import { atom } from 'jotai';
import type { TSessionUser } from '@quizlead/shared/schemas/auth.ts';

/**
 * The signed-in user. The shell (standalone or embedded) loads it and sets it before it
 * renders any page; pages read it and may refresh it (the Account page renames the user).
 */
export const sessionUserAtom = atom<TSessionUser | null>(null);
