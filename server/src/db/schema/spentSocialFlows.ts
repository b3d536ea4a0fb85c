import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Social sign-in flows already used by a callback (commands/socialFlowSpender.ts). The flow itself lives
 * in the browser's sealed cookie, so only a server-side record can tell a replay of it (the same state
 * and cookie with a fresh code from the provider) from its first use. Holds the SHA-256 of the flow's
 * state, never the state; a row is of no use after the flow's own expiry and is swept then.
 * Not a tenant table: a flow is spent before anyone is signed in.
 */
export const spentSocialFlows = pgTable(
  'spent_social_flows',
  {
    stateHash: text('state_hash').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('spent_social_flows_expires_at_idx').on(table.expiresAt)],
);
