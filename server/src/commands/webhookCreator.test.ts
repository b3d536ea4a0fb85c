import { afterAll, beforeAll, expect, it } from 'vitest';
import { integrationLimits, integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { listWebhooks } from '../db/queries/destinations.ts';
import { openSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { webhookCreator } from './webhookCreator.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

it('adds a switched-on endpoint whose sealed secret opens to the one answered', async () => {
  const owner = await createOwner(server);
  const { db } = server.services.database;
  const { secrets } = server.services;
  const { row, secret } = await webhookCreator({ db, secrets }, { accountId: owner.account.id, url: 'https://example.com/hook' });
  expect(row).toMatchObject({ accountId: owner.account.id, kind: 'webhook', url: 'https://example.com/hook', enabled: true });
  expect(secret).toMatch(/^whsec_/);
  expect(openSigningSecrets(secrets, row.sealed!)).toEqual({ current: secret });
});

it('refuses one endpoint over the limit with a 400 naming url, adding nothing', async () => {
  const owner = await createOwner(server);
  const { db } = server.services.database;
  const deps = { db, secrets: server.services.secrets };
  const input = { accountId: owner.account.id, url: 'https://example.com/hook' };
  for (let index = 0; index < integrationLimits.webhooks; index++) await webhookCreator(deps, input);
  await expect(webhookCreator(deps, input)).rejects.toMatchObject({
    status: 400,
    message: integrationMessages.webhookLimit,
    field: 'url',
  });
  expect(await listWebhooks(db, owner.account.id)).toHaveLength(integrationLimits.webhooks);
});
