import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activeQuizTypes } from '@quizlead/shared/quizzes.ts';
import { quizzes, users } from '../db/schema/index.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { demoAccountResetter, demoCredentials } from './demoAccountResetter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

describe('demoAccountResetter', () => {
  it('creates a demo owner who can sign in, with one published quiz of every active type, and resets it', async () => {
    const { db } = server.services.database;
    await demoAccountResetter(db);
    await demoAccountResetter(db);
    const owners = await db
      .select()
      .from(users)
      .where(sql`lower(${users.email}) = ${demoCredentials.email}`);
    expect(owners).toHaveLength(1);
    const demo = await db.select().from(quizzes).where(eq(quizzes.accountId, owners[0]!.accountId));
    expect(demo.map((quiz) => quiz.quizType).sort()).toEqual([...activeQuizTypes].sort());
    expect(demo.every((quiz) => quiz.status === 'published')).toBe(true);

    const client = server.client();
    expect((await client.post('/api/v1/session', demoCredentials)).status).toBe(200);
    expect((await client.get('/api/v1/quizzes')).body.data.total).toBe(activeQuizTypes.length);
  });
});
