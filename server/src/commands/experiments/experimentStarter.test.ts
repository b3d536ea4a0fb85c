import { afterAll, beforeAll, expect, it } from 'vitest';
import { experimentMessages, ZExperimentInput } from '@quizlead/shared/schemas/experiments.ts';
import { findOwnQuiz } from '../../policies/quiz.ts';
import { recordedHooks } from '../../test/commandHooks.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';
import { createGradedQuiz } from '../../test/quizFactory.ts';
import { experimentEnder } from './experimentEnder.ts';
import { experimentStarter } from './experimentStarter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const introTest = ZExperimentInput.parse({
  subject: 'intro',
  variants: [
    { name: 'Original', share: 50, value: '' },
    { name: 'Warmer', share: 50, value: '<p>Welcome in!</p>' },
  ],
});

it('starts and ends a quiz’s test, its players’ cached copy dropped after each commit; a second start is a 409', async () => {
  const owner = await createOwner(server);
  const { db } = server.services.database;
  const made = await createGradedQuiz(owner.client, { questions: 1 });
  const quiz = await findOwnQuiz(db, { accountId: owner.account.id }, made.id);

  const start = recordedHooks();
  const experiment = await experimentStarter(
    { db, changed: start.changed },
    { item: { kind: 'quiz', row: quiz }, input: introTest },
  );
  expect(experiment).toMatchObject({ quizId: quiz.id, subject: 'intro', status: 'running' });
  expect(start.invalidated).toEqual([]);
  await start.commit();
  expect(start.invalidated).toEqual([{ quizId: quiz.id }]);

  const again = recordedHooks();
  await expect(
    experimentStarter({ db, changed: again.changed }, { item: { kind: 'quiz', row: quiz }, input: introTest }),
  ).rejects.toMatchObject({ status: 409, message: experimentMessages.alreadyRunning });
  await again.commit();
  expect(again.invalidated).toEqual([]);

  const end = recordedHooks();
  const ended = await experimentEnder(
    { db, changed: end.changed },
    { item: { kind: 'quiz', row: quiz }, experimentId: experiment.id, winner: 'b' },
  );
  expect(ended).toMatchObject({ status: 'ended', winner: 'b' });
  expect((await findOwnQuiz(db, { accountId: owner.account.id }, quiz.id)).settings.welcomeMessage).toBe('<p>Welcome in!</p>');
  await end.commit();
  expect(end.invalidated).toEqual([{ quizId: quiz.id }]);
});
