import { afterAll, beforeAll, expect, it } from 'vitest';
import { engagementSchemas, type TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import { findOwnFeedback } from '../policies/feedback.ts';
import { feedbackKind } from '../routes/api/feedbacks/feedbacks.ts';
import { commandDeps } from '../test/commandHooks.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { engagementItemCreator } from './engagementItemCreator.ts';
import { engagementItemDeleter } from './engagementItemDeleter.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('deletes the account’s item; another account’s id is a 404 that deletes nothing', async () => {
  const owner = await createOwner(server);
  const other = await createOwner(server);
  const accountId = owner.account.id;
  const { db } = server.services.database;
  const body = engagementSchemas.feedback.create.parse({
    title: 'Your Experience',
    feelingType: 'star',
    question: 'Was this useful?',
  }) as TEngagementBody<'feedback'>;
  const feedback = await engagementItemCreator(commandDeps(server), { store: feedbackKind, accountId, body });

  await expect(
    engagementItemDeleter(commandDeps(server), { store: feedbackKind, accountId: other.account.id, id: feedback.id }),
  ).rejects.toMatchObject({ status: 404 });
  expect(await findOwnFeedback(db, { accountId }, feedback.id)).toMatchObject({ id: feedback.id });

  await engagementItemDeleter(commandDeps(server), { store: feedbackKind, accountId, id: feedback.id });
  await expect(findOwnFeedback(db, { accountId }, feedback.id)).rejects.toMatchObject({ status: 404 });
});
