import { afterAll, beforeAll, expect, it } from 'vitest';
import { adminMessages } from '@quizlead/shared/admin.ts';
import { templateCatalogue } from '../../db/queries/admin.ts';
import { findOwnQuiz } from '../../policies/quiz.ts';
import { adminCommandRun } from '../../test/adminFixture.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz } from '../../test/quizFactory.ts';
import { templateAdder } from './templateAdder.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('copies a publishable quiz into the administrator’s account as the last template, the addition in the audit log', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const made = await createGradedQuiz(owner.client, { questions: 2, title: 'Capitals' });
  const source = await findOwnQuiz(run.db, { accountId: owner.account.id }, made.id);
  const catalogue = await templateCatalogue(run.db);

  const template = await templateAdder(
    { db: run.db, storage: server.services.storage },
    { source, accountId: run.admin.account.id, actor: run.actor },
  );
  expect(template).toMatchObject({
    title: 'Capitals',
    accountId: run.admin.account.id,
    questionCount: 2,
    position: catalogue.length,
  });
  expect((await templateCatalogue(run.db)).at(-1)!.id).toBe(template.id);
  expect(await run.audit(template.id)).toMatchObject([
    { action: 'template.add', before: null, after: { title: 'Capitals', sourceQuizId: source.id, position: catalogue.length } },
  ]);
});

it('refuses a quiz not valid for publishing and a template, naming quizId', async () => {
  const run = await adminCommandRun(server);
  const owner = await createOwner(server);
  const made = await createGradedQuiz(owner.client, { questions: 0 });
  const source = await findOwnQuiz(run.db, { accountId: owner.account.id }, made.id);
  const deps = { db: run.db, storage: server.services.storage };
  const input = { accountId: run.admin.account.id, actor: run.actor };
  await expect(templateAdder(deps, { ...input, source })).rejects.toMatchObject({ status: 400, field: 'quizId' });
  await expect(templateAdder(deps, { ...input, source: { ...source, isTemplate: true } })).rejects.toMatchObject({
    status: 400,
    field: 'quizId',
    message: adminMessages.alreadyTemplate,
  });
});
