import type { AppContext } from '../../../context.ts';

/** Rate-limit key of an owner route (authenticate has run). */
export const ownerKey = (_body: unknown, ctx: AppContext) => `account:${ctx.state.auth?.accountId ?? ctx.ip}`;
