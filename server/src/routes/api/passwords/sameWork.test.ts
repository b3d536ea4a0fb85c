import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authTokens } from '../../../db/schema/index.ts';
import { createOwner, uniqueEmail } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

/**
 * Timing must not tell who has an account: forgot-password and the sign-up code do the same work in
 * the request whether or not the email is registered (the lookup, the token and the mail happen in a
 * job afterwards). With the worker held back, both requests leave the same trace: no token yet, one
 * job each, the same answer.
 */

let server: TestServer;
beforeAll(async () => {
  // The first poll happens at start; jobs enqueued after it wait an hour.
  server = await getTestServer({ JOB_POLL_SECONDS: '3600' });
});
afterAll(() => server.stop());

const tokensFor = async (email: string) =>
  (
    await server.services.database.db
      .select()
      .from(authTokens)
      .where(sql`lower(${authTokens.email}) = ${email.toLowerCase()}`)
  ).length;

describe.each([
  ['/api/v1/password/forgot', {}],
  ['/api/v1/signup/token', { fullName: 'Sam Visitor' }],
])('POST %s', (path, fields) => {
  it('answers a registered and an unknown email alike, and looks neither up in the request', async () => {
    const { user } = await createOwner(server);
    const unknown = uniqueEmail();
    const registered = await server.client().post(path, { ...fields, email: user.email });
    const stranger = await server.client().post(path, { ...fields, email: unknown });
    expect(registered.status).toBe(200);
    expect({ status: stranger.status, body: stranger.body }).toEqual({ status: registered.status, body: registered.body });
    expect([...stranger.headers.keys()].sort()).toEqual([...registered.headers.keys()].sort());
    // The token is made by the job, not by the request.
    expect(await tokensFor(user.email)).toBe(0);
    expect(await tokensFor(unknown)).toBe(0);
  });
});
