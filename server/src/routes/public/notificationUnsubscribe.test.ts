import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { integrationMessages } from '@quizlead/shared/schemas/integrations.ts';
import { destinations } from '../../db/schema/index.ts';
import { emailRecipients, emailSettingsOf } from '../../integrations/destinations/emailDestination.ts';
import { unsubscribeToken, unsubscribeUrl } from '../../integrations/mail/leadNotification.ts';
import { escapeHtml } from '../../lib/escapeHtml.ts';
import { createOwner } from '../../test/factories.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

async function ownerWithNotifications() {
  const owner = await createOwner(server);
  const saved = await owner.client.put('/api/v1/settings/notifications', {
    enabled: true,
    additionalEnabled: true,
    recipients: 'Sales@Example.com, ops@example.com',
    mode: 'immediate',
  });
  expect(saved.status).toBe(200);
  return owner;
}

async function emailRow(accountId: string) {
  const [row] = await db()
    .select()
    .from(destinations)
    .where(and(eq(destinations.accountId, accountId), eq(destinations.kind, 'email')));
  return row!;
}

const visit = (url: string) => fetch(url, { redirect: 'manual' });

describe('/notifications/unsubscribe', () => {
  it('opening the link only asks; its button (or a one-click POST) unsubscribes the recipient, once, and says so', async () => {
    const { account, email } = await ownerWithNotifications();
    const link = unsubscribeUrl(server.env.APP_URL, server.env.SESSION_SECRET, {
      accountId: account.id,
      recipient: 'Sales@Example.com',
    });
    // A mail scanner that opens or checks the link unsubscribes nobody.
    expect((await fetch(link, { method: 'HEAD' })).status).toBe(200);
    const asked = await visit(link);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-security-policy')).toMatch(/form-action 'self'/);
    const form = await asked.text();
    expect(form).toContain(escapeHtml(integrationMessages.unsubscribeConfirm('sales@example.com')));
    const action = /<form method="post" action="([^"]+)">/.exec(form)![1]!.replaceAll('&amp;', '&');
    expect(new URL(action, server.url).href).toBe(link);
    expect(emailSettingsOf(await emailRow(account.id)).unsubscribed).toEqual([]);
    // Mail to owners is in English: a `lang` in the address changes nothing.
    const anyLanguage = await (await visit(`${link}&lang=fr`)).text();
    expect(anyLanguage).toContain('<html lang="en" dir="ltr">');
    expect(anyLanguage).toContain(escapeHtml(integrationMessages.unsubscribeConfirmTitle));
    expect(/<form method="post" action="([^"]+)">/.exec(anyLanguage)![1]).not.toContain('lang=');

    // The button, or a mail client's RFC 8058 one-click POST to the same address.
    const response = await fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    expect(response.headers.get('content-security-policy')).toMatch(/default-src 'none'.*form-action 'none'/);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(await response.text()).toContain(escapeHtml(integrationMessages.unsubscribed('sales@example.com')));

    const row = await emailRow(account.id);
    expect(emailSettingsOf(row).unsubscribed).toEqual(['sales@example.com']);
    expect(await emailRecipients(db(), row)).toEqual([email, 'ops@example.com']);
    expect((await fetch(link, { method: 'POST' })).status).toBe(200);
    expect(emailSettingsOf(await emailRow(account.id)).unsubscribed).toEqual(['sales@example.com']);

    const owners = unsubscribeUrl(server.env.APP_URL, server.env.SESSION_SECRET, { accountId: account.id, recipient: email });
    expect((await fetch(owners, { method: 'POST' })).status).toBe(200);
    expect(await emailRecipients(db(), await emailRow(account.id))).toEqual(['ops@example.com']);
  });

  it('refuses a forged, altered or missing token with a 400 page and changes nothing', async () => {
    const { account } = await ownerWithNotifications();
    const other = await ownerWithNotifications();
    const forged = unsubscribeToken('another-secret-another-secret-000000', {
      accountId: account.id,
      recipient: 'ops@example.com',
    });
    const genuine = unsubscribeToken(server.env.SESSION_SECRET, { accountId: other.account.id, recipient: 'ops@example.com' });
    const [, signature] = genuine.split('.');
    const payload = Buffer.from(JSON.stringify([account.id, 'ops@example.com'])).toString('base64url');
    for (const query of [
      `token=${encodeURIComponent(forged)}`,
      `token=${payload}.${signature}`,
      `token=${genuine.slice(0, -2)}`,
      'token=',
      '',
    ]) {
      for (const method of ['GET', 'POST']) {
        const response = await fetch(`${server.url}/notifications/unsubscribe?${query}`, { method, redirect: 'manual' });
        expect(response.status, `${method} ${query}`).toBe(400);
        expect(await response.text()).toContain(escapeHtml(integrationMessages.unsubscribeInvalidTitle));
      }
    }
    expect(emailSettingsOf(await emailRow(account.id)).unsubscribed).toEqual([]);
    expect(emailSettingsOf(await emailRow(other.account.id)).unsubscribed).toEqual([]);
  });
});
