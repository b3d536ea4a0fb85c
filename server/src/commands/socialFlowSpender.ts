import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { spentSocialFlows } from '../db/schema/index.ts';
import { sha256 } from '../lib/crypto.ts';

/**
 * Spends a social sign-in flow at its callback: true the first time for a state, false for every
 * later callback with the same state and flow cookie (a replay with a fresh code from the provider,
 * a second tab). One insert that only one caller can win, so two callbacks at once on different
 * processes of one PostgreSQL still spend the flow once. Flows whose own lifetime has passed are
 * swept on the way: their cookie is refused as expired anyway.
 */
export async function socialFlowSpender(db: Db, flow: { state: string; expiresAt: number }): Promise<boolean> {
  await db.delete(spentSocialFlows).where(lt(spentSocialFlows.expiresAt, sql`now()`));
  const spent = await db
    .insert(spentSocialFlows)
    .values({ stateHash: sha256(flow.state), expiresAt: new Date(flow.expiresAt) })
    .onConflictDoNothing()
    .returning({ stateHash: spentSocialFlows.stateHash });
  return spent.length === 1;
}
