import { afterAll, beforeAll, expect, it } from 'vitest';
import { openSigningSecrets } from '../integrations/webhooks/secretStore.ts';
import { createOwner } from '../test/factories.ts';
import { getTestServer, type TestServer } from '../test/getTestServer.ts';
import { webhookCreator } from './webhookCreator.ts';
import { webhookSecretRotator } from './webhookSecretRotator.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

/** A new endpoint of a new account, with what rotating it needs. */
async function endpoint() {
  const owner = await createOwner(server);
  const { db } = server.services.database;
  const { secrets } = server.services;
  const made = await webhookCreator({ db, secrets }, { accountId: owner.account.id, url: 'https://a.example.com/' });
  return { deps: { db, secrets }, accountId: owner.account.id, made };
}

it('makes a new current secret and keeps the one before signing for a while', async () => {
  const { deps, accountId, made } = await endpoint();
  const { row, secret } = await webhookSecretRotator(deps, { accountId, id: made.row.id, saved: { current: made.secret } });
  expect(secret).not.toBe(made.secret);
  const stored = openSigningSecrets(deps.secrets, row.sealed!);
  expect(stored.current).toBe(secret);
  expect(stored.previous?.secret).toBe(made.secret);
  expect(new Date(stored.previous!.until).getTime()).toBeGreaterThan(Date.now());
});

it('starts afresh with the new secret alone when the saved ones could not be read', async () => {
  const owner = await createOwner(server);
  const { db } = server.services.database;
  const { secrets } = server.services;
  const made = await webhookCreator({ db, secrets }, { accountId: owner.account.id, url: 'https://a.example.com/' });

  const { row, secret } = await webhookSecretRotator(
    { db, secrets },
    { accountId: owner.account.id, id: made.row.id, saved: undefined },
  );
  expect(openSigningSecrets(secrets, row.sealed!)).toEqual({ current: secret });
});
