/**
 * The play id and its key: made by the client, kept in sessionStorage per quiz so a reload or a
 * retried request reuses them (the server never counts one play id twice), and dropped once the play
 * is completed. The key never leaves this browser but to start the play: with the id alone nobody
 * else can start it again and take it over.
 */
import { newUuid } from '../public/uuid.ts';
const key = (quizId: string) => `quizlead.play.${quizId}`;

/** Storage can be switched off or throw in third-party frames; the player then keeps the id in memory only. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export interface PlaySession {
  id: string;
  key: string;
}

const isPlaySession = (value: unknown): value is PlaySession =>
  typeof value === 'object' &&
  value !== null &&
  /^[0-9a-f-]{36}$/i.test(String((value as PlaySession).id)) &&
  /^[0-9a-f]{32}$/i.test(String((value as PlaySession).key));

/** The play in progress for this quiz, or a new one (remembered). */
export function currentPlay(quizId: string): PlaySession {
  const store = storage();
  try {
    const kept: unknown = JSON.parse(store?.getItem(key(quizId)) ?? 'null');
    if (isPlaySession(kept)) return kept;
  } catch {
    // ignore: a fresh play below
  }
  const play = { id: newUuid(), key: newUuid().replace(/-/g, '') };
  try {
    store?.setItem(key(quizId), JSON.stringify(play));
  } catch {
    // ignore: the play lives in memory only
  }
  return play;
}

/** The play is completed (or abandoned by a retake): the next start makes a new play. */
export function forgetPlayId(quizId: string): void {
  try {
    storage()?.removeItem(key(quizId));
  } catch {
    // ignore
  }
}
