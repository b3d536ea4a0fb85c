import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  abilities,
  abilitiesOf,
  accountRoles,
  type Ability,
  type AccountRole,
  permissionMessages,
  roleCan,
} from '@quizlead/shared/permissions.ts';
import { memberships, users } from '../db/schema/index.ts';
import { createMember, createOwner } from '../test/factories.ts';
import { getTestServer, type TestClient, type TestServer } from '../test/getTestServer.ts';
import { can } from './abilities.ts';

/**
 * The policies of every role on every route, walked from the OpenAPI document the route table
 * builds (each owner route declares its ability as `x-ability`, each administrators' route
 * `x-platform-admin`). For each route and caller the answer must be exactly what the policy says:
 * signed out 401; a role without the ability 403 with the policy's message; a role with it never
 * that 403; an administrators' route 404 to every account role and to a platform administrator's
 * absence. Then a few real actions check the same rules end to end.
 */

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer();
});

afterAll(async () => {
  await server.stop();
});

interface Operation {
  security?: unknown[];
  'x-ability'?: Ability;
  'x-platform-admin'?: boolean;
}

async function operations() {
  const openapi = (await server.client().get('/api/v1/openapi.json')).body as {
    paths: Record<string, Record<string, Operation>>;
  };
  return Object.entries(openapi.paths).flatMap(([path, byMethod]) =>
    Object.entries(byMethod).map(([method, operation]) => ({
      method: method.toUpperCase(),
      // Any id will do: authorization is decided before the route looks anything up.
      url: path.replace(/\{\w+\}/g, crypto.randomUUID()),
      key: `${method} ${path}`,
      body: method === 'get' ? undefined : {},
      operation,
    })),
  );
}

const refusedByPolicy = (answer: { status: number; body: { error?: { message?: string } } }) =>
  answer.status === 403 && answer.body.error?.message === permissionMessages.forbidden;

describe('the abilities table', () => {
  it('gives owners every ability and members all but billing, settings changes, the company and affiliate figures', () => {
    expect(abilitiesOf('owner').length).toBe(Object.values(abilities).flatMap((actions) => Object.keys(actions)).length);
    const memberLacks = abilitiesOf('owner').filter((ability) => !roleCan('member', ability));
    expect(memberLacks.sort()).toEqual(['account.manage', 'affiliate.read', 'billing.pay', 'billing.read', 'settings.manage']);
  });

  it('never lets any role act on another account’s row', () => {
    for (const role of accountRoles) {
      expect(can({ accountId: 'a', role }, 'quiz.read', { accountId: 'a' })).toBe(true);
      expect(can({ accountId: 'a', role }, 'quiz.read', { accountId: 'b' })).toBe(false);
    }
  });
});

describe('every route, as every role', () => {
  it('declares who may call it, and answers each caller as the policy says', async () => {
    const routes = await operations();
    const owner = await createOwner(server);
    const signedIn: Partial<Record<AccountRole, TestClient>> = {};
    // Signing out ends the session: the next call gets a new one.
    const client = async (role: AccountRole, key: string) => {
      const current = (signedIn[role] ??= (await createMember(server, owner.account, role)).client);
      if (key === 'delete /api/v1/session') delete signedIn[role];
      return current;
    };
    let ownerRoutes = 0;
    let adminRoutes = 0;
    for (const { method, url, key, body, operation } of routes) {
      if (!operation.security?.length) {
        expect(operation['x-ability'], `${key} is public yet declares an ability`).toBeUndefined();
        continue;
      }
      const signedOut = await server.client().request(method, url, body);
      expect(signedOut.status, `${key} signed out`).toBe(401);
      if (operation['x-platform-admin']) {
        adminRoutes++;
        for (const role of accountRoles) {
          const answer = await (await client(role, key)).request(method, url, body);
          expect(answer.status, `${key} as ${role}`).toBe(404);
        }
        continue;
      }
      const ability = operation['x-ability'];
      expect(ability, `${key} declares no ability`).toBeDefined();
      ownerRoutes++;
      for (const role of accountRoles) {
        const answer = await (await client(role, key)).request(method, url, body);
        expect(answer.status, `${key} as ${role}`).not.toBe(401);
        expect(refusedByPolicy(answer), `${key} as ${role}: ${answer.status} ${JSON.stringify(answer.body)}`).toBe(
          !roleCan(role, ability!),
        );
      }
    }
    expect(ownerRoutes).toBeGreaterThan(60);
    expect(adminRoutes).toBeGreaterThan(5);
  });
});

describe('a member of an account', () => {
  it('builds quizzes and reads reports, but cannot pay, change where leads go, or rename the company', async () => {
    const owner = await createOwner(server);
    const { client: member } = await createMember(server, owner.account);
    const session = await member.get('/api/v1/session');
    expect(session.body.data.user).toMatchObject({ accountRole: 'member', platformAdmin: false });
    expect(session.body.data.user.abilities).toContain('quiz.write');
    expect(session.body.data.user.abilities).not.toContain('billing.pay');

    const quiz = await member.post('/api/v1/quizzes', { quizType: 'graded_quiz' });
    expect(quiz.status).toBe(201);
    expect((await owner.client.get(`/api/v1/quizzes/${quiz.body.data.id}`)).status).toBe(200);

    expect((await member.get('/api/v1/billing/plans')).status).toBe(403);
    expect((await member.put('/api/v1/settings/notifications', { enabled: true })).status).toBe(403);

    const profile = (await member.get('/api/v1/account/profile')).body.data;
    const renamed = await member.patch('/api/v1/account/profile', { ...profile, fullName: 'Mia M.' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.fullName).toBe('Mia M.');
    const company = await member.patch('/api/v1/account/profile', { ...profile, companyName: 'Taken over' });
    expect(company.status).toBe(403);
    expect((await owner.client.get('/api/v1/account/profile')).body.data.companyName).toBe('Acme');
  });

  it('is signed out when the membership goes, and a disabled user is signed out at once', async () => {
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account);
    expect((await member.client.get('/api/v1/session')).status).toBe(200);
    const { db } = server.services.database;
    await db.delete(memberships).where(and(eq(memberships.userId, member.user.id), eq(memberships.accountId, owner.account.id)));
    expect((await member.client.get('/api/v1/session')).status).toBe(401);

    await db.update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.user.id));
    expect((await owner.client.get('/api/v1/quizzes')).status).toBe(401);
    const signIn = await server.client().post('/api/v1/session', { email: owner.email, password: owner.password });
    expect(signIn.status).toBe(403);
  });
});
