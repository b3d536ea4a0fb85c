import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadQuestions } from '../db/queries/quizzes.ts';
import { findOwnQuiz } from '../policies/quiz.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { createGradedQuiz } from '../test/quizFactory.ts';
import { commitHooks, type Changed } from './commitHooks.ts';
import { quizPublisher } from './quizPublisher.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** The command's deps with hooks whose cache records what it was told once the work "commits". */
function deps() {
  const invalidated: Changed[] = [];
  const hooks = commitHooks({ drop: async (change) => void invalidated.push(change) });
  return {
    invalidated,
    commit: () => hooks.committed((error) => expect.unreachable(String(error))),
    deps: { db: server.services.database.db, afterCommit: hooks.afterCommit, changed: hooks.changed },
  };
}

it('publishes a quiz that passes the builder rules, stamps the first publish, and drops the cached copy after commit', async () => {
  const owner = await createOwner(server);
  const made = await createGradedQuiz(owner.client, { questions: 2 });
  const db = server.services.database.db;
  const quiz = await findOwnQuiz(db, { accountId: owner.account.id }, made.id);
  const run = deps();

  const published = await quizPublisher(run.deps, { quiz, questions: await loadQuestions(db, quiz.id), status: 'published' });
  expect(published.status).toBe('published');
  expect(published.publishedAt).toBeInstanceOf(Date);
  // Nothing is dropped before the transaction commits.
  expect(run.invalidated).toEqual([]);
  await run.commit();
  expect(run.invalidated).toEqual([{ quizId: quiz.id }]);

  // Back to draft keeps the first publish's time.
  const draft = await quizPublisher(deps().deps, { quiz: published, questions: [], status: 'draft' });
  expect(draft.status).toBe('draft');
  expect(draft.publishedAt).toEqual(published.publishedAt);
});

it('refuses to publish a quiz that breaks a rule, naming the rule, and changes nothing', async () => {
  const owner = await createOwner(server);
  const made = await createGradedQuiz(owner.client, { questions: 0 });
  const db = server.services.database.db;
  const quiz = await findOwnQuiz(db, { accountId: owner.account.id }, made.id);
  const run = deps();

  await expect(quizPublisher(run.deps, { quiz, questions: [], status: 'published' })).rejects.toMatchObject({ status: 400 });
  expect((await findOwnQuiz(db, { accountId: owner.account.id }, made.id)).status).toBe('draft');
  await run.commit();
  expect(run.invalidated).toEqual([]);
});
