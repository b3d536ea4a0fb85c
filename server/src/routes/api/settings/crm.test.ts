import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { crmFields, destinations } from '../../../db/schema/index.ts';
import type { Exchange } from '../../../integrations/crm/crmProvider.ts';
import { maskSecret, openCrmSecrets } from '../../../integrations/destinations/crmDestination.ts';
import { createOwner } from '../../../test/factories.ts';
import { FakeBrevo } from '../../../test/fakes/crm/brevo.ts';
import { FakeExternalWorld } from '../../../test/fakes/externalWorld.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';
import { redactExchange } from './crm.ts';

let world: FakeExternalWorld;
let server: TestServer;
let brevo: FakeBrevo;
const apiKey = 'xkeysib-0123456789abcdef-SECRET-9876';

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  server = await getTestServer({ EXTERNAL_API_ORIGIN: world.origin });
});
afterAll(async () => {
  await server.stop();
  await world.stop();
});
beforeEach(() => {
  brevo = world.register('api.brevo.com', new FakeBrevo(apiKey));
  return () => world.unregister(brevo);
});

const db = () => server.services.database.db;
const brevoOn = (settings: Record<string, unknown> = {}) => ({
  enabled: true,
  provider: 'brevo',
  settings: { api_key: apiKey, campaignid: '12', ...settings },
});

async function crmRow(accountId: string) {
  const [row] = await db()
    .select()
    .from(destinations)
    .where(and(eq(destinations.accountId, accountId), eq(destinations.kind, 'crm')));
  return row;
}

describe('PUT /api/v1/settings/crm', () => {
  it('401 → 400 naming the field with the provider’s own message', async () => {
    expect((await server.client().put('/api/v1/settings/crm', brevoOn())).status).toBe(401);
    const { client } = await createOwner(server);
    const cases: [unknown, string, string][] = [
      [{ enabled: true, provider: '', settings: {} }, integrationMessages.providerRequired, 'provider'],
      [{ enabled: true, settings: {} }, integrationMessages.providerRequired, 'provider'],
      [{ enabled: true, provider: 'webhook', settings: {} }, integrationMessages.providerUnknown, 'provider'],
      [brevoOn({ api_key: '' }), 'Enter your Brevo API key', 'settings.api_key'],
      [brevoOn({ api_key: '   ' }), 'Enter your Brevo API key', 'settings.api_key'],
      [brevoOn({ campaignid: 'abc' }), 'The Brevo list id is a number', 'settings.campaignid'],
      [
        { enabled: true, provider: 'agilecrm', settings: { agilecrm_domain: 'acme', agilecrm_email: 'nope', api_key: 'k' } },
        'Enter the email you sign in to Agile CRM with',
        'settings.agilecrm_email',
      ],
      [
        { enabled: true, provider: 'mailchimp', settings: { api_key: 'abc', campaignid: 'x' } },
        'Enter your Mailchimp API key, which ends in its data centre, e.g. -us6',
        'settings.api_key',
      ],
      [{ enabled: 'yes', provider: 'brevo', settings: {} }, expect.any(String), 'enabled'],
      [{ enabled: true, provider: 'brevo', settings: { api_key: 'k'.repeat(501) } }, expect.any(String), 'settings.api_key'],
    ];
    for (const [body, message, field] of cases) {
      const response = await client.put('/api/v1/settings/crm', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field });
    }
    const off = await client.put('/api/v1/settings/crm', { enabled: false, provider: '', settings: {} });
    expect(off.body).toEqual({ data: null });
  });

  it('seals the key, never answers it, and shows it masked', async () => {
    const { client, account } = await createOwner(server);
    const saved = await client.put('/api/v1/settings/crm', brevoOn());
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      id: (await crmRow(account.id))!.id,
      enabled: true,
      provider: 'brevo',
      settings: { campaignid: '12' },
      secrets: { api_key: maskSecret(apiKey) },
      disabledReason: null,
    });
    expect(maskSecret(apiKey)).toBe('••••••••9876');
    expect(JSON.stringify(saved.body)).not.toContain(apiKey);
    const shown = await client.get('/api/v1/settings/integrations');
    expect(shown.body.data.crm).toEqual(saved.body.data);
    expect(JSON.stringify(shown.body)).not.toContain(apiKey);

    const row = (await crmRow(account.id))!;
    expect(row.settings).toEqual({ campaignid: '12' });
    expect(row.sealed!.ciphertext).not.toContain(apiKey);
    expect(JSON.stringify(row)).not.toContain(apiKey);
    expect(openCrmSecrets(server.services.secrets, row.sealed)).toEqual({ api_key: apiKey });
  });

  it('a secret sent empty keeps the saved one; another provider must have its own', async () => {
    const { client, account } = await createOwner(server);
    await client.put('/api/v1/settings/crm', brevoOn());
    const kept = await client.put('/api/v1/settings/crm', brevoOn({ api_key: '', campaignid: '7' }));
    expect(kept.status).toBe(200);
    expect(kept.body.data).toMatchObject({ settings: { campaignid: '7' }, secrets: { api_key: maskSecret(apiKey) } });
    expect(openCrmSecrets(server.services.secrets, (await crmRow(account.id))!.sealed)).toEqual({ api_key: apiKey });

    const other = await client.put('/api/v1/settings/crm', {
      enabled: true,
      provider: 'getresponse',
      settings: { api_key: '', campaignid: 'Vp1' },
    });
    expect(other.body.error).toEqual({
      code: 'validation',
      message: 'Enter your GetResponse API key',
      field: 'settings.api_key',
    });

    const replaced = await client.put('/api/v1/settings/crm', brevoOn({ api_key: 'xkeysib-another-key-0000' }));
    expect(replaced.body.data.secrets).toEqual({ api_key: '••••••••0000' });
  });

  it('switching off keeps the saved values; saving clears why the pipeline switched it off', async () => {
    const { client, account } = await createOwner(server);
    await client.put('/api/v1/settings/crm', brevoOn());
    const off = await client.put('/api/v1/settings/crm', { enabled: false, provider: 'klaviyo', settings: {} });
    expect(off.body.data).toEqual({
      id: (await crmRow(account.id))!.id,
      enabled: false,
      provider: 'brevo',
      settings: { campaignid: '12' },
      secrets: { api_key: maskSecret(apiKey) },
      disabledReason: null,
    });

    await db()
      .update(destinations)
      .set({
        disabledReason: 'Switched off after 5 days of failed deliveries.',
        disabledAt: new Date(),
        failingSince: new Date(),
      })
      .where(eq(destinations.accountId, account.id));
    expect((await client.get('/api/v1/settings/integrations')).body.data.crm.disabledReason).toMatch(/Switched off/);
    const on = await client.put('/api/v1/settings/crm', brevoOn({ api_key: '' }));
    expect(on.body.data).toMatchObject({ enabled: true, disabledReason: null });
    const row = (await crmRow(account.id))!;
    expect([row.disabledAt, row.failingSince]).toEqual([null, null]);
    expect(await db().select().from(destinations).where(eq(destinations.accountId, account.id))).toHaveLength(1);
  });
});

describe('POST /api/v1/settings/crm/test', () => {
  it('adds the sample contact with the saved key filled in and shows Brevo’s answer, the key redacted', async () => {
    const { client } = await createOwner(server);
    await client.put('/api/v1/settings/crm', brevoOn());
    const tested = await client.post('/api/v1/settings/crm/test', brevoOn({ api_key: '' }));
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({
      ok: true,
      message: integrationMessages.crmTestSent('Brevo (formerly Sendinblue)', 'jane.doe@example.com'),
    });
    // The sample's three answers: the attributes are listed and created, then the contact is sent.
    expect(tested.body.data.exchange.map((call: Exchange) => `${call.request.method} ${call.response?.status}`)).toEqual([
      'GET 200',
      'POST 201',
      'POST 201',
      'POST 201',
      'POST 201',
    ]);
    expect(tested.body.data.exchange[0].request.headers['api-key']).toBe('[redacted]');
    expect(JSON.stringify(tested.body)).not.toContain(apiKey);
    expect(brevo.contacts.get('jane.doe@example.com')).toMatchObject({
      listIds: [12],
      attributes: { COFFEE_QUIZ__ROAST: 'dark', COFFEE_QUIZ__BREW_METHODS: 'Espresso, Pour-over', COFFEE_QUIZ__CUPS_A_DAY: 3 },
    });
    expect(brevo.requests[0]!.headers['api-key']).toBe(apiKey);
  });

  it('Test connection with the saved settings keeps the fields it made for the destination; other settings keep none, and saving other settings forgets them', async () => {
    const { client, account } = await createOwner(server);
    await client.put('/api/v1/settings/crm', brevoOn());
    const row = (await crmRow(account.id))!;
    const kept = () => db().select().from(crmFields).where(eq(crmFields.destinationId, row.id));
    expect((await client.post('/api/v1/settings/crm/test', brevoOn({ api_key: '' }))).body.data.ok).toBe(true);
    expect((await kept()).map((field) => field.propertyKey).sort()).toEqual([
      'coffee_quiz.brew_methods',
      'coffee_quiz.cups_a_day',
      'coffee_quiz.roast',
    ]);
    const before = brevo.requests.length;
    await client.post('/api/v1/settings/crm/test', brevoOn({ api_key: '' }));
    expect(brevo.requestsSince(before).map((request) => `${request.method} ${request.path}`)).toEqual(['POST /v3/contacts']);

    // Another list: tried with a store of its own (the attributes are found, nothing kept for it).
    const other = brevo.requests.length;
    await client.post('/api/v1/settings/crm/test', brevoOn({ api_key: '', campaignid: '13' }));
    expect(brevo.requestsSince(other).map((request) => `${request.method} ${request.path}`)).toEqual([
      'GET /v3/contacts/attributes',
      'POST /v3/contacts',
    ]);
    expect(await kept()).toHaveLength(3);
    // Saved, the other list may be another account's: the destination forgets its fields.
    await client.put('/api/v1/settings/crm', brevoOn({ api_key: '', campaignid: '13' }));
    expect(await kept()).toHaveLength(0);
  });

  it('unsaved values are tried as typed; a bad key shows the provider’s message', async () => {
    const { client } = await createOwner(server);
    const wrongKey = 'xkeysib-wrong-key-4242';
    const tested = await client.post('/api/v1/settings/crm/test', brevoOn({ api_key: wrongKey }));
    expect(tested.status).toBe(200);
    expect(tested.body.data).toMatchObject({ ok: false, message: 'HTTP 401: Key not found' });
    expect(tested.body.data.exchange[0].response.status).toBe(401);
    expect(JSON.stringify(tested.body)).not.toContain(wrongKey);
    // Nothing saved by a test.
    expect((await client.get('/api/v1/settings/integrations')).body.data.crm).toBeNull();

    const missing = await client.post('/api/v1/settings/crm/test', brevoOn({ api_key: '' }));
    expect(missing.body.error).toEqual({ code: 'validation', message: 'Enter your Brevo API key', field: 'settings.api_key' });
  });

  it('another account’s saved key is never used to fill an empty one', async () => {
    const theirs = await createOwner(server);
    await theirs.client.put('/api/v1/settings/crm', brevoOn());
    const mine = await createOwner(server);
    const tested = await mine.client.post('/api/v1/settings/crm/test', brevoOn({ api_key: '' }));
    expect(tested.body.error).toMatchObject({ field: 'settings.api_key' });
    expect(brevo.requests).toHaveLength(0);
  });
});

describe('redactExchange', () => {
  it('removes every secret in its JSON and URL-encoded forms', () => {
    const secret = 'p@ss"word/1';
    const exchange = [
      {
        request: {
          method: 'POST',
          url: `https://x.example/?token=${encodeURIComponent(secret)}`,
          headers: { authorization: secret },
          body: JSON.stringify({ key: secret }),
        },
      },
    ];
    const text = JSON.stringify(redactExchange(exchange, [secret, 'abc']));
    expect(text).not.toContain(encodeURIComponent(secret));
    expect(text).not.toContain('p@ss');
    expect(text).toContain('[redacted]');
  });
});
