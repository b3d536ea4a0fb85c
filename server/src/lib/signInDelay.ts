/** The longest an attempt on a much-guessed email waits: slow for a guesser, bearable for the owner. */
export const maxSignInDelayMs = 5_000;

/**
 * How long a sign-in attempt on an email waits once that email has collected more wrong passwords
 * (from anywhere) than `ceiling` in the window: a quarter second more per failure past it, up to
 * `maxSignInDelayMs`. A progressive delay rather than a wall, which anyone could put up in front of
 * someone else's account.
 */
export function signInDelayMs(failures: number, ceiling: number): number {
  return Math.min(Math.max(0, failures - ceiling) * 250, maxSignInDelayMs);
}
