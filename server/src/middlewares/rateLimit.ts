import { contactLimits } from '@quizlead/shared/schemas/contact.ts';
import { teamLimits } from '@quizlead/shared/schemas/team.ts';
import { RateLimitError } from '../errors.ts';

/**
 * Fixed-window counters kept in memory: enough for one process, and nothing is locked
 * out for longer than one window. (Several processes would share a store; see docs/architecture.md.)
 */
export class RateLimiter {
  /** Attempts per window; adjustable at run time (benchmarks lift it). */
  max: number;
  readonly windowMs: number;
  readonly #hits = new Map<string, { count: number; resetAt: number }>();

  constructor(options: { max: number; windowMs: number }) {
    this.max = options.max;
    this.windowMs = options.windowMs;
  }

  /** Counts one attempt for `key`; throws a 429 once the window's budget is spent. */
  hit(key: string, now = Date.now()): void {
    let entry = this.#hits.get(key);
    if (!entry || entry.resetAt <= now) {
      if (this.#hits.size > 50_000) this.#sweep(now);
      entry = { count: 0, resetAt: now + this.windowMs };
      this.#hits.set(key, entry);
    }
    entry.count += 1;
    if (entry.count > this.max) throw RateLimitError(Math.ceil((entry.resetAt - now) / 1000));
  }

  /** Throws the 429 when `key` has spent the window's budget, without counting an attempt. */
  check(key: string, now = Date.now()): void {
    const entry = this.#hits.get(key);
    if (entry && entry.resetAt > now && entry.count >= this.max) {
      throw RateLimitError(Math.ceil((entry.resetAt - now) / 1000));
    }
  }

  /** Attempts counted for `key` in its current window. */
  count(key: string, now = Date.now()): number {
    const entry = this.#hits.get(key);
    return entry && entry.resetAt > now ? entry.count : 0;
  }

  /** Counts one attempt for `key` and never throws: for limits checked apart from counting. */
  record(key: string, now = Date.now()): void {
    try {
      this.hit(key, now);
    } catch {
      // Over the budget already: the count went up, which is all a recorder wants.
    }
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(key);
  }
}

const minutes = (n: number) => n * 60_000;

export function createRateLimiters() {
  return {
    signInByIp: new RateLimiter({ max: 100, windowMs: minutes(15) }),
    /**
     * Wrong passwords for one email from one address: that address is stopped, the owner elsewhere is not.
     * Only failures count, so signing in never uses the budget up.
     */
    signInFailuresByEmailAndIp: new RateLimiter({ max: 10, windowMs: minutes(15) }),
    /**
     * Wrong passwords for one email from anywhere. Not a wall (anyone could lock the owner out with one):
     * past `max`, each attempt on that email waits longer (lib/signInDelay.ts).
     */
    signInFailuresByEmail: new RateLimiter({ max: 20, windowMs: minutes(15) }),
    /** Password changes by one signed-in user: a stolen session cannot guess the current password at leisure. */
    passwordChangeByUser: new RateLimiter({ max: 10, windowMs: minutes(15) }),
    signupTokenByIp: new RateLimiter({ max: 20, windowMs: minutes(60) }),
    signupTokenByEmail: new RateLimiter({ max: 5, windowMs: minutes(60) }),
    signupByIp: new RateLimiter({ max: 30, windowMs: minutes(15) }),
    signupByEmail: new RateLimiter({ max: 10, windowMs: minutes(15) }),
    forgotByIp: new RateLimiter({ max: 20, windowMs: minutes(60) }),
    forgotByEmail: new RateLimiter({ max: 5, windowMs: minutes(60) }),
    resetByIp: new RateLimiter({ max: 20, windowMs: minutes(15) }),
    /** "Continue with Facebook/Google": the redirects to the provider, and the provider's redirects back. */
    socialStartByIp: new RateLimiter({ max: 60, windowMs: minutes(15) }),
    socialCallbackByIp: new RateLimiter({ max: 60, windowMs: minutes(15) }),
    uploadByAccount: new RateLimiter({ max: 120, windowMs: minutes(60) }),
    /** Visitors playing quizzes: generous per IP (offices share one), and a ceiling per quiz. */
    publicByIp: new RateLimiter({ max: 600, windowMs: minutes(1) }),
    publicByQuiz: new RateLimiter({ max: 30_000, windowMs: minutes(1) }),
    /** Visitors of polls, web responses and wheels: the same budgets, per IP and per item. */
    widgetByIp: new RateLimiter({ max: 600, windowMs: minutes(1) }),
    widgetByItem: new RateLimiter({ max: 30_000, windowMs: minutes(1) }),
    /** Spins draw prizes: tighter per IP (one spin per email is the main guard). */
    spinByIp: new RateLimiter({ max: 30, windowMs: minutes(1) }),
    /** Contact Us messages by one account. */
    contactByAccount: new RateLimiter({ max: contactLimits.perHour, windowMs: minutes(60) }),
    /** Team invitations sent by one account. */
    teamInvitationByAccount: new RateLimiter({ max: teamLimits.invitationsPerDay, windowMs: minutes(24 * 60) }),
    /** Invitation links looked up or accepted from one address: enough for people, too few to guess. */
    teamJoinByIp: new RateLimiter({ max: 30, windowMs: minutes(15) }),
    /**
     * Refer-a-friend attempts by one account, refused ones included: the daily limit counts invitations
     * sent, this bounds probing which addresses have an account.
     */
    referralByAccount: new RateLimiter({ max: 30, windowMs: minutes(60) }),
    /** Quotes, code validations and checkouts by one account: enough for any owner, too few to guess codes. */
    discountCodeByAccount: new RateLimiter({ max: 60, windowMs: minutes(15) }),
  };
}
export type RateLimiters = ReturnType<typeof createRateLimiters>;
