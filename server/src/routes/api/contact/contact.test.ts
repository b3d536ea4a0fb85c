import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactLimits, contactMessages as texts } from '@quizlead/shared/schemas/contact.ts';
import { contactMessages, users } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getTestServer, type TestServer } from '../../../test/getTestServer.ts';

let server: TestServer;

beforeAll(async () => {
  server = await getTestServer({ SUPPORT_EMAIL: 'help@quizlead.example' });
});

afterAll(async () => {
  await server.stop();
});

describe('Contact Us', () => {
  it('stores the message and emails it to the support address', async () => {
    const owner = await createOwner(server);
    const sent = await owner.client.post('/api/v1/contact-messages', { message: '  How do I export leads?  ' });
    expect(sent.status).toBe(201);
    expect(sent.body.data.message).toBe(texts.sent);
    const [row] = await server.services.database.db
      .select()
      .from(contactMessages)
      .where(eq(contactMessages.id, sent.body.data.id));
    expect(row).toMatchObject({ accountId: owner.account.id, email: owner.email, message: 'How do I export leads?' });
    const mail = await server.waitForMail('help@quizlead.example', /How do I export leads/);
    expect(mail.text).toContain(`Olive Owner <${owner.email}>`);
    expect(mail.text).toContain('Company: Acme');
  });

  it('answers straight to the owner (Reply-To), is not marked automatic, and its subject says what it is', async () => {
    const owner = await createOwner(server);
    expect((await owner.client.post('/api/v1/contact-messages', { message: 'Reply to me, please' })).status).toBe(201);
    const mail = await server.waitForMail('help@quizlead.example', /Reply to me, please/);
    expect(mail.replyTo).toBe(owner.email);
    expect(mail.subject).toBe('Contact Us message from Olive Owner');
    expect(mail.headers?.['Auto-Submitted']).toBeUndefined();
  });

  it('keeps the subject on one line even for a name stored before names were checked', async () => {
    const owner = await createOwner(server);
    await server.services.database.db
      .update(users)
      .set({ fullName: 'Olive\r\nBcc: victim@example.com' })
      .where(eq(users.id, owner.user.id));
    expect((await owner.client.post('/api/v1/contact-messages', { message: 'Legacy name here' })).status).toBe(201);
    const mail = await server.waitForMail('help@quizlead.example', /Legacy name here/);
    expect(mail.subject).toBe('Contact Us message from Olive Bcc: victim@example.com');
  });

  it.each([
    ['an empty message', { message: '' }, texts.messageRequired],
    ['only spaces', { message: '   ' }, texts.messageRequired],
    ['no message', {}, texts.messageRequired],
    ['a message too long', { message: 'x'.repeat(contactLimits.messageLength + 1) }, texts.messageTooLong],
  ])('refuses %s with a 400 naming the field', async (_case, body, message) => {
    const owner = await createOwner(server);
    const response = await owner.client.post('/api/v1/contact-messages', body);
    expect(response.status).toBe(400);
    expect(response.body.error).toEqual({ code: 'validation', message, field: 'message' });
  });

  it('allows 5 messages an hour per account, and none signed out', async () => {
    const owner = await createOwner(server);
    for (let index = 0; index < contactLimits.perHour; index += 1)
      expect((await owner.client.post('/api/v1/contact-messages', { message: `Note ${index}` })).status).toBe(201);
    const limited = await owner.client.post('/api/v1/contact-messages', { message: 'One more' });
    expect(limited.status).toBe(429);
    // Another account is not held back.
    expect((await (await createOwner(server)).client.post('/api/v1/contact-messages', { message: 'Hi' })).status).toBe(201);
    expect((await server.client().post('/api/v1/contact-messages', { message: 'Hi' })).status).toBe(401);
  });

  it('tells signed-in owners the support address', async () => {
    const owner = await createOwner(server);
    expect((await owner.client.get('/api/v1/support')).body).toEqual({ data: { email: 'help@quizlead.example' } });
  });
});

describe('GET /version', () => {
  it('shows the version, environment, API base and site base, as JSON or a page', async () => {
    const json = (await (await fetch(`${server.url}/version`, { headers: { accept: 'application/json' } })).json()) as {
      version: string;
    };
    expect(json).toEqual({
      version: expect.stringMatching(/^\d+\.\d+\.\d+/),
      environment: 'test',
      apiBase: `${server.url}/api/v1`,
      siteBase: server.url,
    });
    const page = await fetch(`${server.url}/version`, { headers: { accept: 'text/html' } });
    expect(page.headers.get('content-type')).toContain('text/html');
    const html = await page.text();
    expect(html).toContain(json.version);
    expect(html).toContain(`${server.url}/api/v1`);
  });
});
