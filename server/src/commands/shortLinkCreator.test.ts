import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { shareLimits, shortCodePattern } from '@quizlead/shared/sharing.ts';
import { shortLinks } from '../db/schema/index.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { shortLinkCreator } from './shortLinkCreator.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

it('makes one random base62 code per quiz and answers the same one after', async () => {
  const { client, account } = await createOwner(server);
  const quiz = await createGradedQuiz(client, { title: 'One' });
  const input = { accountId: account.id, quizId: quiz.id };

  const code = await shortLinkCreator({ db: db() }, input);
  expect(code).toMatch(shortCodePattern);
  expect(code).toHaveLength(shareLimits.shortCodeLength);
  expect(await shortLinkCreator({ db: db(), makeCode: () => expect.unreachable('a second code') }, input)).toBe(code);
  expect(await db().select().from(shortLinks).where(eq(shortLinks.quizId, quiz.id))).toHaveLength(1);
});

it('tries another code when a random code is taken', async () => {
  const { client, account } = await createOwner(server);
  const one = await createGradedQuiz(client, { title: 'One' });
  const two = await createGradedQuiz(client, { title: 'Two' });
  const taken = await shortLinkCreator({ db: db() }, { accountId: account.id, quizId: one.id });
  const fresh = crypto.randomUUID().replaceAll('-', '').slice(0, shareLimits.shortCodeLength);
  const offered = [taken, taken, fresh];
  const makeCode = () => offered.shift()!;
  expect(await shortLinkCreator({ db: db(), makeCode }, { accountId: account.id, quizId: two.id })).toBe(fresh);
  expect(offered).toEqual([]);
  expect(await shortLinkCreator({ db: db() }, { accountId: account.id, quizId: one.id })).toBe(taken);
});
