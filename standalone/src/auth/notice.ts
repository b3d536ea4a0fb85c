import { messages } from '@quizlead/shared/validations.ts';

/** Why the visitor landed on the sign-in page, carried in the navigation state. */
export type Notice = 'signedOut' | 'sessionExpired';

export function noticeState(notice: Notice): { notice: Notice } {
  return { notice };
}

export function noticeFrom(state: unknown): string | null {
  const notice = (state as { notice?: unknown } | null)?.notice;
  return notice === 'signedOut' || notice === 'sessionExpired' ? messages.auth[notice] : null;
}
