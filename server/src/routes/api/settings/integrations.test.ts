import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crmProviderForms, crmReceives } from '@quizlead/shared/schemas/integrations.ts';
import { accounts, destinations } from '../../../db/schema/index.ts';
import { crmProviders } from '../../../integrations/crm/providers.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

async function shopifyOwner() {
  const owner = await createOwner(server);
  await db()
    .update(accounts)
    .set({ kind: 'shopify', shopDomain: `shop-${owner.account.id.slice(0, 8)}.myshopify.com` })
    .where(eq(accounts.id, owner.account.id));
  return owner;
}

describe('the CRM form fields in shared', () => {
  it('name the twelve providers of the registry, in its order, with its labels', () => {
    expect(crmProviderForms.map(({ id, label }) => ({ id, label }))).toEqual(
      crmProviders.map(({ id, label }) => ({ id, label })),
    );
  });

  it('are each provider’s schema fields; the secret fields are the password ones; required as the schema says', () => {
    for (const form of crmProviderForms) {
      const provider = crmProviders.find((candidate) => candidate.id === form.id)!;
      const shape = (
        provider.settings as unknown as { shape: Record<string, { safeParse(value: unknown): { success: boolean } }> }
      ).shape;
      expect(form.fields.map((field) => field.name).sort(), form.id).toEqual(Object.keys(shape).sort());
      expect(
        form.fields.filter((field) => field.type === 'password').map((field) => field.name),
        form.id,
      ).toEqual([...provider.secretFields]);
      for (const field of form.fields) {
        const optional = shape[field.name]!.safeParse(undefined).success;
        expect(field.required, `${form.id}.${field.name}`).toBe(!optional);
      }
    }
  });
});

describe('GET /api/v1/settings/integrations', () => {
  it('401 without a session', async () => {
    expect((await server.client().get('/api/v1/settings/integrations')).status).toBe(401);
  });

  it('answers the defaults of a new account and the providers', async () => {
    const { client, email } = await createOwner(server);
    const response = await client.get('/api/v1/settings/integrations');
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data).toMatchObject({
      crm: null,
      notifications: {
        enabled: false,
        additionalEnabled: false,
        recipients: '',
        mode: 'immediate',
        ownerEmail: email,
        unsubscribed: [],
      },
      webhooks: [],
      shopifyCustomers: { available: false, enabled: false },
    });
    expect(data.providers).toHaveLength(12);
    expect(data.providers.find((provider: { id: string }) => provider.id === 'brevo')).toEqual({
      id: 'brevo',
      label: 'Brevo (formerly Sendinblue)',
      receives: crmReceives.brevo,
      fields: [
        { name: 'api_key', label: 'API key', type: 'password', required: true, help: expect.any(String) },
        { name: 'campaignid', label: 'List id', type: 'text', required: false, help: expect.any(String) },
      ],
    });
  });

  it('shows only the account’s own destinations', async () => {
    const mine = await createOwner(server);
    const theirs = await createOwner(server);
    await theirs.client.put('/api/v1/settings/crm', {
      enabled: true,
      provider: 'sendfox',
      settings: { api_key: 'their-sendfox-token' },
    });
    await theirs.client.put('/api/v1/settings/notifications', {
      enabled: true,
      additionalEnabled: true,
      recipients: 'their.team@example.com',
      mode: 'digest',
    });
    expect((await theirs.client.post('/api/v1/settings/webhooks', { url: 'http://93.184.215.14/theirs' })).status).toBe(201);

    const { data } = (await mine.client.get('/api/v1/settings/integrations')).body;
    expect(data.crm).toBeNull();
    expect(data.webhooks).toEqual([]);
    expect(data.notifications).toMatchObject({ enabled: false, recipients: '', ownerEmail: mine.email });
    const theirsSeen = (await theirs.client.get('/api/v1/settings/integrations')).body.data;
    expect(theirsSeen.crm).toMatchObject({ provider: 'sendfox' });
    expect(theirsSeen.webhooks).toHaveLength(1);
    expect(JSON.stringify(theirsSeen)).not.toContain('their-sendfox-token');
  });
});

describe('PUT /api/v1/settings/shopify-customers', () => {
  it('is 404 for a standalone account and switches the destination for a shop', async () => {
    const standalone = await createOwner(server);
    expect((await standalone.client.put('/api/v1/settings/shopify-customers', { enabled: true })).status).toBe(404);
    expect(await db().select().from(destinations).where(eq(destinations.accountId, standalone.account.id))).toEqual([]);

    const shop = await shopifyOwner();
    const invalid = await shop.client.put('/api/v1/settings/shopify-customers', { enabled: 'yes' });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.field).toBe('enabled');
    const on = await shop.client.put('/api/v1/settings/shopify-customers', { enabled: true });
    expect(on.body).toEqual({ data: { id: expect.any(String), available: true, enabled: true } });
    expect((await shop.client.get('/api/v1/settings/integrations')).body.data.shopifyCustomers).toEqual({
      id: on.body.data.id,
      available: true,
      enabled: true,
    });
    await shop.client.put('/api/v1/settings/shopify-customers', { enabled: false });
    const rows = await db().select().from(destinations).where(eq(destinations.accountId, shop.account.id));
    expect(rows.map((row) => [row.kind, row.enabled])).toEqual([['shopify_customers', false]]);
  });
});
