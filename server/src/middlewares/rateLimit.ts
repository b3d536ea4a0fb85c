import { contactLimits } from '@quizlead/shared/schemas/contact.ts';
import { teamLimits } from '@quizlead/shared/schemas/team.ts';
import { webVitalLimits } from '@quizlead/shared/schemas/webVitals.ts';
import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { RateLimitError } from '../errors.ts';

/** Attempts counted for a key in its current window, and when that window ends (ms since the epoch). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/** Where fixed-window counts live: this process's memory, or PostgreSQL for every process at once. */
export interface RateLimitStore {
  /** Adds `amount` to the key's count, opening a new window when the last one has ended. */
  add(limiter: string, key: string, windowMs: number, amount: number): Promise<WindowCount>;
  /** The key's current window, if it has one. */
  get(limiter: string, key: string): Promise<WindowCount | undefined>;
  close(): void;
}

/** One process (the embedded PGlite runs in one): counts in a map, expired windows swept as it grows. */
export class MemoryRateLimitStore implements RateLimitStore {
  readonly #hits = new Map<string, WindowCount>();
  readonly #now: () => number;

  constructor(now: () => number = Date.now) {
    this.#now = now;
  }

  async add(limiter: string, key: string, windowMs: number, amount: number): Promise<WindowCount> {
    const now = this.#now();
    const id = `${limiter}\u0000${key}`;
    let entry = this.#hits.get(id);
    if (!entry || entry.resetAt <= now) {
      if (this.#hits.size > 50_000) this.#sweep(now);
      entry = { count: 0, resetAt: now + windowMs };
      this.#hits.set(id, entry);
    }
    entry.count += amount;
    return { ...entry };
  }

  async get(limiter: string, key: string): Promise<WindowCount | undefined> {
    const entry = this.#hits.get(`${limiter}\u0000${key}`);
    return entry && entry.resetAt > this.#now() ? { ...entry } : undefined;
  }

  close(): void {}

  #sweep(now: number): void {
    for (const [id, entry] of this.#hits) if (entry.resetAt <= now) this.#hits.delete(id);
  }
}

/**
 * Every server process on one PostgreSQL shares these counts (table rate_limits): a limit holds
 * however many processes a load balancer spreads the attempts over. One upsert per attempt, on the
 * database's clock; `namespace` keeps apart servers that share a database but not their limits (tests).
 */
export class PostgresRateLimitStore implements RateLimitStore {
  readonly #db: Db;
  readonly #namespace: string;
  readonly #sweeper: NodeJS.Timeout;

  constructor(db: Db, options: { namespace?: string | undefined; sweepMs?: number } = {}) {
    this.#db = db;
    this.#namespace = options.namespace ? `${options.namespace}:` : '';
    this.#sweeper = setInterval(() => void this.sweep().catch(() => undefined), options.sweepMs ?? 5 * 60_000);
    this.#sweeper.unref();
  }

  async add(limiter: string, key: string, windowMs: number, amount: number): Promise<WindowCount> {
    const result = (await this.#db.execute(sql`
      insert into rate_limits as hits (limiter, key, count, reset_at)
      values (${this.#namespace + limiter}, ${key}, ${amount}, now() + ${windowMs} * interval '1 millisecond')
      on conflict (limiter, key) do update set
        count = case when hits.reset_at <= now() then excluded.count else hits.count + excluded.count end,
        reset_at = case when hits.reset_at <= now() then excluded.reset_at else hits.reset_at end
      returning count, (extract(epoch from reset_at) * 1000)::float8 as "resetAt",
        (extract(epoch from now()) * 1000)::float8 as "now"`)) as unknown as {
      rows: { count: number; resetAt: number; now: number }[];
    };
    return this.#local(result.rows[0]!);
  }

  async get(limiter: string, key: string): Promise<WindowCount | undefined> {
    const result = (await this.#db.execute(sql`
      select count, (extract(epoch from reset_at) * 1000)::float8 as "resetAt", (extract(epoch from now()) * 1000)::float8 as "now"
      from rate_limits where limiter = ${this.#namespace + limiter} and key = ${key} and reset_at > now()`)) as unknown as {
      rows: { count: number; resetAt: number; now: number }[];
    };
    return result.rows[0] ? this.#local(result.rows[0]) : undefined;
  }

  /** Deletes ended windows (they would be restarted, not read, but they take room). */
  async sweep(): Promise<void> {
    await this.#db.execute(sql`delete from rate_limits where reset_at <= now() - interval '1 minute'`);
  }

  close(): void {
    clearInterval(this.#sweeper);
  }

  /** The window's end on this process's clock (the database's clock counted, so skew does not matter). */
  #local(row: { count: number; resetAt: number; now: number }): WindowCount {
    return { count: Number(row.count), resetAt: Date.now() + (Number(row.resetAt) - Number(row.now)) };
  }
}

/**
 * For the busy public limits (every play step and widget request counts): attempts are counted here at
 * once and sent to the shared store in one write per key every `flushMs`, instead of one per attempt.
 * A process sees its own attempts immediately and the others' as of its last flush, so across processes
 * a limit can let through up to one flush interval's worth of extra attempts: fine for budgets of
 * hundreds a minute, never used for sign-in, sign-up or spins (exact, one write each).
 */
export class BatchedRateLimitStore implements RateLimitStore {
  readonly #shared: RateLimitStore;
  /** Per limiter and key: the shared window as last read, and the attempts not sent yet. */
  readonly #keys = new Map<string, { limiter: string; key: string; windowMs: number; known: WindowCount; pending: number }>();
  readonly #timer: NodeJS.Timeout;
  #flushing: Promise<void> | undefined;

  constructor(shared: RateLimitStore, options: { flushMs?: number } = {}) {
    this.#shared = shared;
    this.#timer = setInterval(() => void this.flush().catch(() => undefined), options.flushMs ?? 1000);
    this.#timer.unref();
  }

  async add(limiter: string, key: string, windowMs: number, amount: number): Promise<WindowCount> {
    const now = Date.now();
    const id = `${limiter}\u0000${key}`;
    let entry = this.#keys.get(id);
    if (!entry) {
      entry = { limiter, key, windowMs, known: { count: 0, resetAt: now + windowMs }, pending: 0 };
      this.#keys.set(id, entry);
    } else if (entry.known.resetAt <= now) entry.known = { count: 0, resetAt: now + windowMs };
    entry.pending += amount;
    return { count: entry.known.count + entry.pending, resetAt: entry.known.resetAt };
  }

  async get(limiter: string, key: string): Promise<WindowCount | undefined> {
    const entry = this.#keys.get(`${limiter}\u0000${key}`);
    if (!entry || entry.known.resetAt <= Date.now()) return this.#shared.get(limiter, key);
    return { count: entry.known.count + entry.pending, resetAt: entry.known.resetAt };
  }

  /** Sends every key's pending attempts (one write per key) and reads back the shared counts. */
  flush(): Promise<void> {
    this.#flushing ??= this.#flushOnce().finally(() => {
      this.#flushing = undefined;
    });
    return this.#flushing;
  }

  async #flushOnce(): Promise<void> {
    const now = Date.now();
    for (const [id, entry] of this.#keys) {
      if (entry.pending === 0) {
        if (entry.known.resetAt <= now) this.#keys.delete(id);
        continue;
      }
      const sent = entry.pending;
      entry.pending -= sent;
      try {
        entry.known = await this.#shared.add(entry.limiter, entry.key, entry.windowMs, sent);
      } catch (error) {
        entry.pending += sent;
        throw error;
      }
    }
  }

  close(): void {
    clearInterval(this.#timer);
  }
}

/** Fixed-window limits: nothing is locked out for longer than one window. */
export class RateLimiter {
  /** Attempts per window; adjustable at run time (benchmarks lift it). */
  max: number;
  readonly windowMs: number;
  readonly #name: string;
  readonly #store: RateLimitStore;

  constructor(name: string, options: { max: number; windowMs: number }, store: RateLimitStore) {
    this.#name = name;
    this.max = options.max;
    this.windowMs = options.windowMs;
    this.#store = store;
  }

  /** Counts one attempt for `key`; throws a 429 once the window's budget is spent. */
  async hit(key: string): Promise<void> {
    const window = await this.#store.add(this.#name, key, this.windowMs, 1);
    if (window.count > this.max) throw this.#refusal(window);
  }

  /** Throws the 429 when `key` has spent the window's budget, without counting an attempt. */
  async check(key: string): Promise<void> {
    const window = await this.#store.get(this.#name, key);
    if (window && window.count >= this.max) throw this.#refusal(window);
  }

  /** Attempts counted for `key` in its current window. */
  async count(key: string): Promise<number> {
    return (await this.#store.get(this.#name, key))?.count ?? 0;
  }

  /** Counts one attempt for `key` and never throws: for limits checked apart from counting. */
  async record(key: string): Promise<void> {
    await this.#store.add(this.#name, key, this.windowMs, 1);
  }

  #refusal(window: WindowCount) {
    return RateLimitError(Math.max(1, Math.ceil((window.resetAt - Date.now()) / 1000)));
  }
}

const minutes = (n: number) => n * 60_000;

/** The limits, counted in `store`; the busy public ones in `busyStore` (a BatchedRateLimitStore on PostgreSQL). */
export function createRateLimiters(store: RateLimitStore = new MemoryRateLimitStore(), busyStore: RateLimitStore = store) {
  const limit = (name: string, max: number, windowMs: number) => new RateLimiter(name, { max, windowMs }, store);
  const busyLimit = (name: string, max: number, windowMs: number) => new RateLimiter(name, { max, windowMs }, busyStore);
  return {
    signInByIp: limit('signInByIp', 100, minutes(15)),
    /**
     * Wrong passwords for one email from one address: that address is stopped, the owner elsewhere is not.
     * Only failures count, so signing in never uses the budget up.
     */
    signInFailuresByEmailAndIp: limit('signInFailuresByEmailAndIp', 10, minutes(15)),
    /**
     * Wrong passwords for one email from anywhere. Not a wall (anyone could lock the owner out with one):
     * past `max`, each attempt on that email waits longer (lib/signInDelay.ts).
     */
    signInFailuresByEmail: limit('signInFailuresByEmail', 20, minutes(15)),
    /** Password changes by one signed-in user: a stolen session cannot guess the current password at leisure. */
    passwordChangeByUser: limit('passwordChangeByUser', 10, minutes(15)),
    signupTokenByIp: limit('signupTokenByIp', 20, minutes(60)),
    signupTokenByEmail: limit('signupTokenByEmail', 5, minutes(60)),
    signupByIp: limit('signupByIp', 30, minutes(15)),
    /** The sign-up form's password check when step 1 is left: a person retries a few times, a script is slowed. */
    signupPasswordCheckByIp: limit('signupPasswordCheckByIp', 60, minutes(15)),
    signupByEmail: limit('signupByEmail', 10, minutes(15)),
    forgotByIp: limit('forgotByIp', 20, minutes(60)),
    forgotByEmail: limit('forgotByEmail', 5, minutes(60)),
    resetByIp: limit('resetByIp', 20, minutes(15)),
    /** "Continue with Facebook/Google": the redirects to the provider, and the provider's redirects back. */
    socialStartByIp: limit('socialStartByIp', 60, minutes(15)),
    socialCallbackByIp: limit('socialCallbackByIp', 60, minutes(15)),
    uploadByAccount: limit('uploadByAccount', 120, minutes(60)),
    /** Visitors playing quizzes: generous per IP (offices share one), and a ceiling per quiz. */
    publicByIp: busyLimit('publicByIp', 600, minutes(1)),
    publicByQuiz: busyLimit('publicByQuiz', 30_000, minutes(1)),
    /** Visitors of polls, web responses and wheels: the same budgets, per IP and per item. */
    widgetByIp: busyLimit('widgetByIp', 600, minutes(1)),
    widgetByItem: busyLimit('widgetByItem', 30_000, minutes(1)),
    /** Spins draw prizes: tighter per IP (one spin per email is the main guard). */
    spinByIp: limit('spinByIp', 30, minutes(1)),
    /** Contact Us messages by one account. */
    contactByAccount: limit('contactByAccount', contactLimits.perHour, minutes(60)),
    /** Team invitations sent by one account. */
    teamInvitationByAccount: limit('teamInvitationByAccount', teamLimits.invitationsPerDay, minutes(24 * 60)),
    /** Invitation links looked up or accepted from one address: enough for people, too few to guess. */
    teamJoinByIp: limit('teamJoinByIp', 30, minutes(15)),
    /**
     * Refer-a-friend attempts by one account, refused ones included: the daily limit counts invitations
     * sent, this bounds probing which addresses have an account.
     */
    referralByAccount: limit('referralByAccount', 30, minutes(60)),
    /** Quotes, code validations and checkouts by one account: enough for any owner, too few to guess codes. */
    discountCodeByAccount: limit('discountCodeByAccount', 60, minutes(15)),
    /**
     * Test connection and Send test call someone else's server on the owner's behalf: plenty for setting
     * up, and too few to use the app to hammer an address.
     */
    crmConnectionTestByAccount: limit('crmConnectionTestByAccount', 30, minutes(15)),
    webhookConnectionTestByAccount: limit('webhookConnectionTestByAccount', 30, minutes(15)),
    /** Product syncs an owner asks for: each reads the whole catalogue from Shopify. */
    productSyncByAccount: limit('productSyncByAccount', 10, minutes(15)),
    /** Web vitals reports by one account: a few per page load, so a busy team stays well under it. */
    webVitalsByAccount: busyLimit('webVitalsByAccount', webVitalLimits.reportsPerWindow, minutes(15)),
  };
}
export type RateLimiters = ReturnType<typeof createRateLimiters>;
