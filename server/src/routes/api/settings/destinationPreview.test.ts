import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinationPreviewMessages } from '@quizlead/shared/schemas/destinationPreview.ts';
import type { TQuestion } from '@quizlead/shared/schemas/quiz.ts';
import { singleDestinationSaver } from '../../../commands/singleDestinationSaver.ts';
import { accounts, flowTriggers } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { shopifyApiVersion } from '../../../integrations/shopify/shopifyApp.ts';
import { itemMetafieldKey } from '../../../integrations/shopify/customerMetafields.ts';
import { getTestServer, type TestClient, type TestServer } from '../../../test/getTestServer.ts';
import { createGradedQuiz, gradedQuestion } from '../../../test/quizFactory.ts';
import { createPoll } from '../../../test/widgetFactory.ts';

let server: TestServer;
beforeAll(async () => {
  server = await getTestServer();
});
afterAll(() => server.stop());

const privateKey = 'pk_0123456789abcdef0123456789SECRET';

/** A quiz whose first question is sent as `skin_type`, its first option as `oily` with the tag `skin-oily`. */
async function skinQuiz(client: TestClient, title = 'Skin quiz') {
  const quiz = await createGradedQuiz(client, { title });
  const first = gradedQuestion('<p>What is your skin type?</p>');
  const question: TQuestion = {
    ...first,
    propertyKey: 'skin_type',
    answers: [{ ...first.answers[0]!, text: 'Oily', value: 'oily', tags: ['skin-oily'] }, first.answers[1]!],
  };
  const saved = await client.put(`/api/v1/quizzes/${quiz.id}/questions`, { questions: [question] });
  expect(saved.status).toBe(200);
  return quiz as { id: string; title: string };
}

async function klaviyoOn(client: TestClient): Promise<string> {
  const saved = await client.put('/api/v1/settings/crm', {
    enabled: true,
    provider: 'klaviyo',
    settings: { password: privateKey, campaignid: 'Y6nRLr' },
  });
  expect(saved.status).toBe(200);
  return saved.body.data.id;
}

const db = () => server.services.database.db;

async function shopOwner() {
  const owner = await createOwner(server);
  const shopDomain = `shop-${owner.account.id.slice(0, 8)}.myshopify.com`;
  await db().update(accounts).set({ kind: 'shopify', shopDomain }).where(eq(accounts.id, owner.account.id));
  return { ...owner, shopDomain };
}

const previewPath = (id: string, query = '') => `/api/v1/settings/destinations/${id}/preview${query}`;

describe('GET /api/v1/settings/destinations/:destinationId/preview', () => {
  it('shows the Klaviyo requests of a sample lead of the most recent quiz: its property key and option tag, the key redacted', async () => {
    const { client } = await createOwner(server);
    const id = await klaviyoOn(client);
    await createPoll(client);
    const quiz = await skinQuiz(client);

    const response = await client.get(previewPath(id));
    expect(response.status).toBe(200);
    const { data } = response.body;
    expect(data.item).toEqual({ kind: 'quiz', id: quiz.id, title: 'Skin quiz' });
    expect(data.items.map((item: { kind: string }) => item.kind)).toEqual(['quiz', 'poll']);
    expect(data.requests.map((request: { label: string }) => request.label)).toEqual([
      'Add or update the profile',
      'Record the "Left a lead" event',
      'Subscribe the profile',
    ]);
    const [profile, event] = data.requests;
    expect(profile).toMatchObject({ method: 'POST', url: 'https://a.klaviyo.com/api/profile-import' });
    expect(profile.headers.authorization).toBe('[redacted]');
    const attributes = JSON.parse(profile.body).data.attributes;
    expect(attributes).toMatchObject({ email: 'alex.sample@example.com', first_name: 'Alex', last_name: 'Sample' });
    expect(attributes.properties['skin_quiz.skin_type']).toBe('oily');
    expect(attributes.properties['Quizlead Tags']).toContain('skin-oily');
    expect(JSON.parse(event.body).data.attributes).toMatchObject({
      unique_id: '{delivery id}',
      properties: { skin_type: 'oily' },
    });
    expect(JSON.stringify(response.body)).not.toContain(privateKey);
  });

  it('makes the sample from the chosen item, each question answered with its first option', async () => {
    const { client } = await createOwner(server);
    const id = await klaviyoOn(client);
    const poll = await createPoll(client, { description: 'Tea or coffee?', options: ['Tea', 'Coffee'] });
    await skinQuiz(client);
    const response = await client.get(previewPath(id, `?kind=poll&item=${poll.id}`));
    expect(response.status).toBe(200);
    expect(response.body.data.item).toEqual({ kind: 'poll', id: poll.id, title: 'Tea or coffee?' });
    const event = JSON.parse(response.body.data.requests[1].body).data.attributes;
    expect(event.metric.data.attributes.name).toBe('Voted in poll');
    expect(event.properties).toMatchObject({ tea_or_coffee: 'Tea', Vote: 'Tea' });
    // A kind alone: its most recent item.
    expect((await client.get(previewPath(id, '?kind=poll'))).body.data.item).toEqual(response.body.data.item);
  });

  it('a webhook shows the exact body it would sign, the signature and the secret redacted', async () => {
    const { client } = await createOwner(server);
    await skinQuiz(client);
    const created = await client.post('/api/v1/settings/webhooks', { url: 'http://93.184.215.14/hooks/quizlead' });
    const { webhook, secret } = created.body.data;
    const response = await client.get(previewPath(webhook.id));
    expect(response.status).toBe(200);
    const [request] = response.body.data.requests;
    expect(request).toMatchObject({
      method: 'POST',
      url: 'http://93.184.215.14/hooks/quizlead',
      label: 'The lead.captured event',
    });
    expect(request.headers).toMatchObject({
      'content-type': 'application/json',
      'webhook-id': '{delivery id}',
      'webhook-signature': '[redacted]',
    });
    const body = JSON.parse(request.body);
    expect(body.type).toBe('lead.captured');
    expect(body.data.answers).toEqual({ skin_type: 'oily' });
    expect(body.data.tags).toContain('skin-oily');
    expect(body.data.questions).toEqual([
      { key: 'skin_type', text: 'What is your skin type?', type: 'choice', optionIds: ['a1'] },
    ]);
    expect(JSON.stringify(response.body)).not.toContain(secret);
    expect(JSON.stringify(response.body)).not.toContain(secret.slice('whsec_'.length));
  });

  it('the notification email shows the subject and text the mailer would send', async () => {
    const { client, email } = await createOwner(server);
    await skinQuiz(client);
    const saved = await client.put('/api/v1/settings/notifications', {
      enabled: true,
      additionalEnabled: false,
      recipients: '',
      mode: 'immediate',
    });
    expect(saved.status).toBe(200);
    const response = await client.get(previewPath(saved.body.data.id));
    expect(response.status).toBe(200);
    const [mail] = response.body.data.requests;
    expect(mail).toMatchObject({ method: 'SMTP', url: `mailto:${email}` });
    expect(mail.headers.subject).toBe('New lead from “Skin quiz”: alex.sample@example.com');
    expect(mail.body).toContain('- What is your skin type?: oily');
  });

  it('an account with no items previews the generic sample lead', async () => {
    const { client } = await createOwner(server);
    const id = await klaviyoOn(client);
    const { data } = (await client.get(previewPath(id))).body;
    expect(data.item).toBeNull();
    expect(data.items).toEqual([]);
    expect(JSON.parse(data.requests[0].body).data.attributes.email).toBe('jane.doe@example.com');
  });

  it('another account’s destination or item is 404; a bad kind or id is a 400 naming the field', async () => {
    const mine = await createOwner(server);
    const theirs = await createOwner(server);
    const myCrm = await klaviyoOn(mine.client);
    const theirCrm = await klaviyoOn(theirs.client);
    const theirQuiz = await skinQuiz(theirs.client);

    const other = await mine.client.get(previewPath(theirCrm));
    expect(other.status).toBe(404);
    const otherItem = await mine.client.get(previewPath(myCrm, `?kind=quiz&item=${theirQuiz.id}`));
    expect(otherItem.status).toBe(404);
    expect(otherItem.body.error.message).toBe(destinationPreviewMessages.itemNotFound);
    // The right kind matters: their quiz's id as a poll of mine is no item either.
    expect((await mine.client.get(previewPath(myCrm, `?kind=poll&item=${theirQuiz.id}`))).status).toBe(404);

    const cases: [string, string][] = [
      [previewPath(myCrm, '?kind=survey'), 'kind'],
      [previewPath(myCrm, '?kind=quiz&item=nope'), 'item'],
      [previewPath(myCrm, `?item=${theirQuiz.id}`), 'kind'],
      [previewPath('not-an-id'), 'destinationId'],
    ];
    for (const [path, field] of cases) {
      const response = await mine.client.get(path);
      expect(response.status, path).toBe(400);
      expect(response.body.error.field, path).toBe(field);
    }
    expect((await server.client().get(previewPath(myCrm))).status).toBe(401);
  });

  it('Shopify customers show the GraphQL documents and variables: the customer with the option tag, consent, the answer metafields', async () => {
    const { client, shopDomain } = await shopOwner();
    await skinQuiz(client);
    const on = await client.put('/api/v1/settings/shopify-customers', { enabled: true });
    const response = await client.get(previewPath(on.body.data.id));
    expect(response.status).toBe(200);
    const requests = response.body.data.requests as {
      label: string;
      url: string;
      headers: Record<string, string>;
      body: string;
    }[];
    expect(requests.map((request) => request.label)).toEqual([
      'Create the customer',
      'Subscribe it to email marketing',
      'Write the answers to its metafields',
      'If the email is already a customer: add the tags it lacks',
    ]);
    expect(new Set(requests.map((request) => request.url))).toEqual(
      new Set([`https://${shopDomain}/admin/api/${shopifyApiVersion}/graphql.json`]),
    );
    expect(requests[0]!.headers['x-shopify-access-token']).toBe('[redacted]');
    const [create, consent, metafields, tags] = requests.map((request) => JSON.parse(request.body));
    expect(create.query).toContain('customerCreate(input: $input)');
    expect(create.variables.input).toMatchObject({ email: 'alex.sample@example.com', firstName: 'Alex', lastName: 'Sample' });
    expect(create.variables.input.tags).toContain('skin-oily');
    expect(consent.variables.input).toMatchObject({
      customerId: '{customer id}',
      emailMarketingConsent: { marketingState: 'SUBSCRIBED', marketingOptInLevel: 'SINGLE_OPT_IN' },
    });
    expect(metafields.query).toContain('metafieldsSet');
    expect(metafields.variables.metafields).toContainEqual(
      expect.objectContaining({
        ownerId: '{customer id}',
        namespace: '$app:quizlead',
        key: itemMetafieldKey('skin_quiz'),
        type: 'json',
      }),
    );
    expect(JSON.parse(metafields.variables.metafields[0].value)).toMatchObject({ answers: { skin_type: 'oily' } });
    expect(tags.variables).toEqual({ id: '{customer id}', tags: expect.arrayContaining(['skin-oily']) });
  });

  it('Shopify Flow shows the flowTriggerReceive payload of the item’s trigger, and says when no workflow uses it', async () => {
    const { client, account } = await shopOwner();
    await skinQuiz(client);
    const flow = await singleDestinationSaver(
      { db: db() },
      { accountId: account.id, kind: 'shopify_flow', existing: undefined, values: { enabled: true } },
    );
    const before = (await client.get(previewPath(flow.id))).body.data.requests;
    expect(before).toHaveLength(1);
    expect(before[0].label).toBe(
      'Trigger "Lead captured" (Not sent: no workflow of the shop uses the trigger "Lead captured" any more.)',
    );
    await db()
      .insert(flowTriggers)
      .values({ accountId: account.id, handle: 'lead-captured', enabled: true, changedAt: new Date() });
    const [request] = (await client.get(previewPath(flow.id))).body.data.requests;
    expect(request.label).toBe('Trigger "Lead captured"');
    const body = JSON.parse(request.body);
    expect(body.query).toContain('flowTriggerReceive(handle: $handle, payload: $payload)');
    expect(body.variables.handle).toBe('lead-captured');
    expect(JSON.parse(body.variables.payload['Answers'])).toEqual({ skin_type: 'oily' });
  });

  it('a standalone account’s Shopify destination previews nothing and says why', async () => {
    const { client, account } = await createOwner(server);
    const row = await singleDestinationSaver(
      { db: db() },
      { accountId: account.id, kind: 'shopify_customers', existing: undefined, values: { enabled: true } },
    );
    const { data } = (await client.get(previewPath(row.id))).body;
    expect(data.requests).toEqual([]);
    expect(data.message).toBe(destinationPreviewMessages.shopsOnly);
  });
});
