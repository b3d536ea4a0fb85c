import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { notificationMessages } from '@quizlead/shared/schemas/notifications.ts';
import { destinations } from '../../../db/schema/index.ts';
import { emailRecipients, emailSettingsOf } from '../../../integrations/destinations/emailDestination.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
const path = '/api/v1/settings/notifications';
const valid = { enabled: true, additionalEnabled: true, recipients: 'sales@example.com', mode: 'immediate' };

async function emailRow(accountId: string) {
  const [row] = await db()
    .select()
    .from(destinations)
    .where(and(eq(destinations.accountId, accountId), eq(destinations.kind, 'email')));
  return row!;
}

describe('PUT /api/v1/settings/notifications', () => {
  it('401 → 400 naming the field and the address at fault', async () => {
    expect((await server.client().put(path, valid)).status).toBe(401);
    const { client } = await createOwner(server);
    const eleven = Array.from({ length: 11 }, (_, index) => `r${index}@example.com`).join(', ');
    const cases: [unknown, string, string][] = [
      [
        { ...valid, recipients: 'a@example.com, not-an-email' },
        notificationMessages.recipientInvalid('not-an-email'),
        'recipients',
      ],
      [{ ...valid, recipients: ' , ' }, integrationMessages.recipientsRequired, 'recipients'],
      [{ ...valid, recipients: eleven }, notificationMessages.tooManyRecipients, 'recipients'],
      [{ ...valid, mode: 'weekly' }, expect.any(String), 'mode'],
      [{ ...valid, enabled: undefined }, expect.any(String), 'enabled'],
      [{ ...valid, additionalEnabled: 'on' }, expect.any(String), 'additionalEnabled'],
    ];
    for (const [body, message, field] of cases) {
      const response = await client.put(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message, field });
    }
  });

  it('saves the one email destination: main switch, the list cleaned, the mode', async () => {
    const { client, account, email } = await createOwner(server);
    const saved = await client.put(path, {
      ...valid,
      recipients: 'a@example.com; B@Example.com,\n a@EXAMPLE.com',
      mode: 'digest',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({
      id: (await emailRow(account.id)).id,
      enabled: true,
      additionalEnabled: true,
      recipients: 'a@example.com, B@Example.com',
      mode: 'digest',
      ownerEmail: email,
      unsubscribed: [],
    });
    expect((await client.get('/api/v1/settings/integrations')).body.data.notifications).toEqual(saved.body.data);
    const row = await emailRow(account.id);
    expect(row.enabled).toBe(true);
    expect(emailSettingsOf(row)).toEqual({
      additionalEnabled: true,
      additional: ['a@example.com', 'B@Example.com'],
      mode: 'digest',
      unsubscribed: [],
    });
    expect(await emailRecipients(db(), row)).toEqual([email, 'a@example.com', 'B@Example.com']);

    await client.put(path, { ...valid, enabled: false });
    expect((await emailRow(account.id)).enabled).toBe(false);
    expect(await db().select().from(destinations).where(eq(destinations.accountId, account.id))).toHaveLength(1);
  });

  it('turning the additional recipients on turns the main switch on; turning the main switch off leaves the flag', async () => {
    const { client } = await createOwner(server);
    const turnedOn = await client.put(path, { ...valid, enabled: false, additionalEnabled: true });
    expect(turnedOn.body.data).toMatchObject({ enabled: true, additionalEnabled: true });
    const mainOff = await client.put(path, { ...valid, enabled: false, additionalEnabled: true });
    expect(mainOff.body.data).toMatchObject({ enabled: false, additionalEnabled: true, recipients: 'sales@example.com' });
    const allOff = await client.put(path, { ...valid, enabled: false, additionalEnabled: false });
    expect(allOff.body.data).toMatchObject({ enabled: false, additionalEnabled: false, recipients: 'sales@example.com' });
  });

  it('with its flag off, the hidden list is not checked and keeps what was saved', async () => {
    const { client } = await createOwner(server);
    await client.put(path, valid);
    const saved = await client.put(path, { ...valid, additionalEnabled: false, recipients: 'half-typed@' });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ additionalEnabled: false, recipients: 'sales@example.com' });
    const emptied = await client.put(path, { ...valid, additionalEnabled: false, recipients: '' });
    expect(emptied.body.data.recipients).toBe('');
  });

  it('an unsubscribed colleague stays off until the owner adds them again; the owner comes back by saving with “Email me” on', async () => {
    const { client, account, email } = await createOwner(server);
    await client.put(path, { ...valid, recipients: 'sales@example.com, ops@example.com' });
    const row = await emailRow(account.id);
    await db()
      .update(destinations)
      .set({ settings: { ...emailSettingsOf(row), unsubscribed: ['ops@example.com', email.toLowerCase()] } })
      .where(eq(destinations.id, row.id));

    const resaved = await client.put(path, {
      ...valid,
      enabled: false,
      recipients: 'sales@example.com, ops@example.com',
      mode: 'digest',
    });
    expect(resaved.body.data.unsubscribed).toEqual(['ops@example.com', email.toLowerCase()]);

    const ownerBack = await client.put(path, { ...valid, recipients: 'sales@example.com, ops@example.com' });
    expect(ownerBack.body.data.unsubscribed).toEqual(['ops@example.com']);
    expect(await emailRecipients(db(), await emailRow(account.id))).toEqual([email, 'sales@example.com']);

    const named = await client.put(path, {
      ...valid,
      recipients: 'sales@example.com, ops@example.com',
      resubscribe: ['OPS@example.com'],
    });
    expect(named.body.data.unsubscribed).toEqual([]);
    await db()
      .update(destinations)
      .set({ settings: { ...emailSettingsOf(await emailRow(account.id)), unsubscribed: ['ops@example.com'] } })
      .where(eq(destinations.id, row.id));

    await client.put(path, { ...valid, recipients: 'sales@example.com' });
    expect((await emailRow(account.id)).settings).toMatchObject({ unsubscribed: ['ops@example.com'] });
    const readded = await client.put(path, { ...valid, recipients: 'sales@example.com, OPS@example.com' });
    expect(readded.body.data.unsubscribed).toEqual([]);
    expect(await emailRecipients(db(), await emailRow(account.id))).toEqual([email, 'sales@example.com', 'OPS@example.com']);
  });

  it('changes only the caller’s own account', async () => {
    const mine = await createOwner(server);
    const theirs = await createOwner(server);
    await theirs.client.put(path, { ...valid, recipients: 'their.team@example.com' });
    await mine.client.put(path, { ...valid, enabled: false, additionalEnabled: false, recipients: '' });
    expect(emailSettingsOf(await emailRow(theirs.account.id)).additional).toEqual(['their.team@example.com']);
    expect((await emailRow(theirs.account.id)).enabled).toBe(true);
  });
});
