/**
 * The play in progress, kept in sessionStorage per quiz so a reload resumes it: its id and key (made by the
 * client; the server never counts one play id twice), the play token, and the step reached (the questions in
 * this play's order, the path walked, the picks, and whether the answers were sent). Dropped once the play is
 * completed or retaken. The key never leaves this browser but to start the play: with the id alone nobody
 * else can start it again and take it over.
 */
import { newUuid } from '../public/uuid.ts';
const key = (quizId: string) => `quizlead.play.${quizId}`;

/** Storage can be switched off or throw in third-party frames; the player then keeps the play in memory only. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/** Where a play is: what a reload needs to show the same screen with the same picks. */
export interface PlayStep {
  /** The questions in this play's order, each with its answers in the order shown (randomised plays keep theirs). */
  order: [questionId: string, answerIds: string[]][];
  /** The questions visited, the current one last. */
  path: string[];
  picks: Record<string, string[]>;
  /** The answers were sent: the server holds the play's state (waiting for the lead, or completed). */
  answered: boolean;
}

export interface PlaySession {
  id: string;
  key: string;
  token?: string;
  step?: PlayStep;
}

const isIdList = (value: unknown): value is string[] => Array.isArray(value) && value.every((item) => typeof item === 'string');

const isPlayStep = (value: unknown): value is PlayStep => {
  if (typeof value !== 'object' || value === null) return false;
  const step = value as PlayStep;
  return (
    Array.isArray(step.order) &&
    step.order.every((entry) => Array.isArray(entry) && typeof entry[0] === 'string' && isIdList(entry[1])) &&
    isIdList(step.path) &&
    typeof step.picks === 'object' &&
    step.picks !== null &&
    Object.values(step.picks).every(isIdList) &&
    typeof step.answered === 'boolean'
  );
};

const isPlaySession = (value: unknown): value is PlaySession =>
  typeof value === 'object' &&
  value !== null &&
  /^[0-9a-f-]{36}$/i.test(String((value as PlaySession).id)) &&
  /^[0-9a-f]{32}$/i.test(String((value as PlaySession).key));

function write(quizId: string, play: PlaySession): void {
  try {
    storage()?.setItem(key(quizId), JSON.stringify(play));
  } catch {
    // ignore: the play lives in memory only
  }
}

/** The play kept for this quiz (a token or step that does not read right is left out), or null. */
export function keptPlay(quizId: string): PlaySession | null {
  try {
    const kept: unknown = JSON.parse(storage()?.getItem(key(quizId)) ?? 'null');
    if (!isPlaySession(kept)) return null;
    return {
      id: kept.id,
      key: kept.key,
      ...(typeof kept.token === 'string' ? { token: kept.token } : {}),
      ...(isPlayStep(kept.step) ? { step: kept.step } : {}),
    };
  } catch {
    return null;
  }
}

/** The play in progress for this quiz, or a new one (remembered). */
export function currentPlay(quizId: string): PlaySession {
  const kept = keptPlay(quizId);
  if (kept) return kept;
  const play = { id: newUuid(), key: newUuid().replace(/-/g, '') };
  write(quizId, play);
  return play;
}

/** Keeps the play's token or step (or drops the step: `step: undefined`) beside its id and key. */
export function rememberPlay(quizId: string, play: PlaySession, change: Partial<Pick<PlaySession, 'token' | 'step'>>): void {
  const kept = keptPlay(quizId);
  write(quizId, { ...(kept?.id === play.id ? kept : play), ...change });
}

/** The play is completed (or abandoned by a retake): the next start makes a new play. */
export function forgetPlayId(quizId: string): void {
  try {
    storage()?.removeItem(key(quizId));
  } catch {
    // ignore
  }
}
