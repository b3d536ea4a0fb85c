import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prizeMessages } from '@quizlead/shared/schemas/prizes.ts';
import { engagementSchemas } from '@quizlead/shared/schemas/engagementKinds.ts';
import type { TEngagementBody } from '@quizlead/shared/schemas/engagementKinds.ts';
import { wheels } from '../db/schema/index.ts';
import { findOwnPoll } from '../policies/poll.ts';
import { pollKind } from '../routes/api/polls/polls.ts';
import { wheelKind } from '../routes/api/wheels/wheels.ts';
import { commandDeps } from '../test/commandHooks.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { engagementItemCreator } from './engagementItemCreator.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('creates the kind’s item in the account from the builder’s body', async () => {
  const owner = await createOwner(server);
  const body = engagementSchemas.poll.create.parse({
    description: 'Best season?',
    options: ['Summer', 'Winter'],
  }) as TEngagementBody<'poll'>;
  const poll = await engagementItemCreator(commandDeps(server), { store: pollKind, accountId: owner.account.id, body });
  expect(poll).toMatchObject({
    accountId: owner.account.id,
    description: 'Best season?',
    slug: 'best-season',
    options: ['Summer', 'Winter'],
  });
  expect(await findOwnPoll(server.services.database.db, { accountId: owner.account.id }, poll.id)).toEqual(poll);
});

it('stores nothing when the kind refuses the body (a unique-code prize outside a Shopify shop)', async () => {
  const owner = await createOwner(server);
  const prize = {
    kind: 'unique',
    valueType: 'percentage',
    value: 15,
    expiresInDays: 7,
    combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
  };
  const body = engagementSchemas.wheel.create.parse({
    description: 'Spin to win',
    options: [{ text: '15% off', prize }, { text: 'Nothing' }, { text: 'Try again' }],
  }) as TEngagementBody<'wheel'>;
  await expect(
    engagementItemCreator(commandDeps(server), { store: wheelKind, accountId: owner.account.id, body }),
  ).rejects.toMatchObject({
    status: 400,
    message: prizeMessages.shopifyOnly,
    field: 'options.0.prize',
  });
  expect(await server.services.database.db.select().from(wheels).where(eq(wheels.accountId, owner.account.id))).toEqual([]);
});
