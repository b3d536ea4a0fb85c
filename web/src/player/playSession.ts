/**
 * The play id: made by the client, kept in sessionStorage per quiz so a reload or a retried request
 * reuses it (the server never counts one play id twice), and dropped once the play is completed.
 */
const key = (quizId: string) => `quizlead.play.${quizId}`;

/** Storage can be switched off or throw in third-party frames; the player then keeps the id in memory only. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

export function newUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  // Pages served over plain http (not a secure context) have no randomUUID: build a version 4 uuid.
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The play id in progress for this quiz, or a new one (remembered). */
export function currentPlayId(quizId: string): string {
  const store = storage();
  try {
    const kept = store?.getItem(key(quizId));
    if (kept && /^[0-9a-f-]{36}$/i.test(kept)) return kept;
  } catch {
    // ignore: a fresh id below
  }
  const id = newUuid();
  try {
    store?.setItem(key(quizId), id);
  } catch {
    // ignore: the id lives in memory for this play
  }
  return id;
}

/** The play is completed (or abandoned by a retake): the next start makes a new play. */
export function forgetPlayId(quizId: string): void {
  try {
    storage()?.removeItem(key(quizId));
  } catch {
    // ignore
  }
}
