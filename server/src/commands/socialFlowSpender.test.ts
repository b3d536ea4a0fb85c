import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spentSocialFlows } from '../db/schema/index.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { socialFlowSpender } from './socialFlowSpender.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

describe('socialFlowSpender', () => {
  it('spends a flow once, however many callbacks race for it, and keeps only a hash of the state', async () => {
    const flow = { state: `state-${randomUUID()}`, expiresAt: Date.now() + 60_000 };
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => socialFlowSpender(db(), flow)));
    expect(outcomes.filter(Boolean)).toHaveLength(1);
    expect(await socialFlowSpender(db(), flow)).toBe(false);
    expect(await socialFlowSpender(db(), { ...flow, state: `state-${randomUUID()}` })).toBe(true);
    expect(JSON.stringify(await db().select().from(spentSocialFlows))).not.toContain(flow.state);
  });

  it('sweeps flows whose lifetime has passed', async () => {
    const old = { state: `state-${randomUUID()}`, expiresAt: Date.now() - 1000 };
    await db()
      .insert(spentSocialFlows)
      .values({ stateHash: `old-${randomUUID()}`, expiresAt: new Date(old.expiresAt) });
    await socialFlowSpender(db(), { state: `state-${randomUUID()}`, expiresAt: Date.now() + 60_000 });
    const rows = await db().select().from(spentSocialFlows);
    expect(rows.every((row) => row.expiresAt.getTime() > Date.now())).toBe(true);
  });
});
