import type { AppContext } from '../../../context.ts';
import { RateLimiter } from '../../../middlewares/rateLimit.ts';

/**
 * Test connection and Send test call someone else's server on the owner's behalf: 30 a quarter of an
 * hour per account is plenty for setting up, and keeps the app from being used to hammer an address.
 */
export const connectionTestLimiter = () => new RateLimiter({ max: 30, windowMs: 15 * 60_000 });

/** Rate-limit key of an owner route (authenticate has run). */
export const ownerKey = (_body: unknown, ctx: AppContext) => `account:${ctx.state.auth?.accountId ?? ctx.ip}`;
