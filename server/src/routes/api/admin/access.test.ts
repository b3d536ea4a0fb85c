import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

/**
 * Every route the route table declares for platform administrators (`access: 'admin'`, which the
 * OpenAPI document marks x-platform-admin), walked from that document: to an account's owner and to a
 * member it does not exist (404), and a signed-out caller is asked to sign in (401). The refusal
 * comes before the body is read, so no route needs a valid body here.
 */

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

interface Operation {
  'x-platform-admin'?: boolean;
}

/** What the admin area is made of; a route missing from the table fails the walk. */
const expected = [
  'get /api/v1/admin/accounts',
  'get /api/v1/admin/accounts/{id}',
  'post /api/v1/admin/accounts/{id}/plan-grants',
  'post /api/v1/admin/accounts/{id}/plan-grants/end',
  'delete /api/v1/admin/accounts/{id}',
  'post /api/v1/admin/users/{id}/verify',
  'post /api/v1/admin/users/{id}/disable',
  'post /api/v1/admin/users/{id}/enable',
  'put /api/v1/admin/users/{id}/role',
  'put /api/v1/admin/users/{id}/platform-admin',
  'delete /api/v1/admin/users/{id}',
  'get /api/v1/admin/plans',
  'post /api/v1/admin/plans',
  'put /api/v1/admin/plans/{id}',
  'get /api/v1/admin/discount-codes',
  'post /api/v1/admin/discount-codes',
  'put /api/v1/admin/discount-codes/{id}',
  'patch /api/v1/admin/discount-codes/{id}',
  'get /api/v1/admin/templates',
  'post /api/v1/admin/templates',
  'post /api/v1/admin/templates/{id}/retire',
  'post /api/v1/admin/templates/{id}/restore',
  'put /api/v1/admin/templates/order',
  'get /api/v1/admin/deliveries',
  'post /api/v1/admin/deliveries/{id}/replay',
  'get /api/v1/admin/contact-messages',
  'get /api/v1/admin/audit-log',
  'get /api/v1/admin/web-vitals',
];

describe('the platform administrators’ routes', () => {
  it('do not exist for an owner or a member, and ask a signed-out caller to sign in', async () => {
    const openapi = (await server.client().get('/api/v1/openapi.json')).body as {
      paths: Record<string, Record<string, Operation>>;
    };
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account, 'member');
    const signedOut = server.client();
    const walked: string[] = [];
    for (const [path, operations] of Object.entries(openapi.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const key = `${method} ${path}`;
        // Administrators' routes live under /admin, and everything under /admin is theirs alone.
        expect(operation['x-platform-admin'] === true, key).toBe(path.startsWith('/api/v1/admin/'));
        if (!operation['x-platform-admin']) continue;
        const url = path.replace('{id}', crypto.randomUUID());
        expect(url, `unknown parameter in ${key}`).not.toContain('{');
        for (const [who, client] of [
          ['owner', owner.client],
          ['member', member.client],
        ] as const) {
          const answer = await client.request(method.toUpperCase(), url, method === 'get' ? undefined : {});
          expect(answer.status, `${who}: ${key}`).toBe(404);
          expect(answer.body.error.code, `${who}: ${key}`).toBe('not_found');
        }
        const answer = await signedOut.request(method.toUpperCase(), url, method === 'get' ? undefined : {});
        expect(answer.status, `signed out: ${key}`).toBe(401);
        walked.push(key);
      }
    }
    expect(walked.sort()).toEqual([...expected].sort());
  });

  it('answer an administrator', async () => {
    const admin = await createOwner(server, { platformAdmin: true });
    for (const path of ['accounts', 'templates', 'deliveries', 'contact-messages', 'audit-log', 'plans', 'discount-codes']) {
      expect((await admin.client.get(`/api/v1/admin/${path}`)).status, path).toBe(200);
    }
  });
});
