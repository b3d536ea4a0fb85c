import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postPurchaseMessages } from '@quizlead/shared/schemas/postPurchase.ts';
import { postPurchaseSurveys } from '../../../db/schema/index.ts';
import { scoped } from '../../../db/scope.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { orderBody, placeOrder } from '../../../test/revenueFixture.ts';
import { installedShop } from '../../../test/shopifyWebhooks.ts';
import { createFeedback, createPoll } from '../../../test/widgetFactory.ts';

/** The owner's post-purchase survey settings (issue 36): read, save, the shop's own items only. */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const path = '/api/v1/shopify/post-purchase-survey';

describe('post-purchase survey settings', () => {
  it('lists the polls and web responses to pick, saves one with its rules, and reads it back', async () => {
    const { shop, owner } = await installedShop(server);
    const empty = await owner.get(path);
    expect(empty.status).toBe(200);
    expect(empty.body.data).toEqual({ survey: null, items: [], currency: null });

    const poll = await createPoll(owner, { description: 'How did you find us?' });
    const feedback = await createFeedback(owner, { title: 'Checkout feeling' });
    await placeOrder(server, shop, orderBody({ total: '1500', currency: 'JPY' }));
    const listed = (await owner.get(path)).body.data;
    expect(listed.currency).toBe('JPY');
    expect(listed.items).toEqual(
      expect.arrayContaining([
        { kind: 'poll', id: poll.id, title: 'How did you find us?' },
        { kind: 'feedback', id: feedback.id, title: 'Checkout feeling' },
      ]),
    );

    const saved = await owner.put(path, {
      itemKind: 'poll',
      itemId: poll.id,
      audience: 'returning',
      minOrderMinor: 1000,
      maxOrderMinor: null,
      oncePerCustomer: false,
      enabled: true,
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.survey).toMatchObject({
      itemKind: 'poll',
      itemId: poll.id,
      itemTitle: 'How did you find us?',
      audience: 'returning',
      minOrderMinor: 1000,
      maxOrderMinor: null,
      oncePerCustomer: false,
      enabled: true,
    });

    // Saving again changes the one survey (one per account).
    const changed = await owner.put(path, { itemKind: 'feedback', itemId: feedback.id });
    expect(changed.body.data.survey).toMatchObject({
      itemKind: 'feedback',
      itemId: feedback.id,
      audience: 'all',
      oncePerCustomer: true,
    });
    expect((await owner.get(path)).body.data.survey.itemTitle).toBe('Checkout feeling');
  });

  it('400 naming the field for a bad body', async () => {
    const { owner } = await installedShop(server);
    const poll = await createPoll(owner);
    const cases: [Record<string, unknown>, string][] = [
      [{ itemKind: 'wheel', itemId: poll.id }, 'itemKind'],
      [{ itemKind: 'poll', itemId: 'nope' }, 'itemId'],
      [{ itemKind: 'poll', itemId: poll.id, audience: 'vip' }, 'audience'],
      [{ itemKind: 'poll', itemId: poll.id, minOrderMinor: -1 }, 'minOrderMinor'],
      [{ itemKind: 'poll', itemId: poll.id, minOrderMinor: 19.99 }, 'minOrderMinor'],
      [{ itemKind: 'poll', itemId: poll.id, minOrderMinor: 5000, maxOrderMinor: 1000 }, 'maxOrderMinor'],
      [{ itemKind: 'poll', itemId: poll.id, enabled: 'yes' }, 'enabled'],
    ];
    for (const [body, field] of cases) {
      const refused = await owner.put(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.field).toBe(field);
    }
    const reversed = await owner.put(path, { itemKind: 'poll', itemId: poll.id, minOrderMinor: 5000, maxOrderMinor: 1000 });
    expect(reversed.body.error.message).toBe(postPurchaseMessages.rangeInvalid);
  });

  it('another shop’s poll or web response answers 404 and saves nothing; its items are not listed', async () => {
    const a = await installedShop(server);
    const b = await installedShop(server);
    const poll = await createPoll(a.owner, { description: 'A’s poll' });
    const feedback = await createFeedback(a.owner, { title: 'A’s feedback' });
    for (const body of [
      { itemKind: 'poll', itemId: poll.id },
      { itemKind: 'feedback', itemId: feedback.id },
      // A's poll id named as a web response, and a made-up id.
      { itemKind: 'feedback', itemId: poll.id },
      { itemKind: 'poll', itemId: crypto.randomUUID() },
    ]) {
      const refused = await b.owner.put(path, body);
      expect(refused.status, JSON.stringify(body)).toBe(404);
    }
    const rows = await server.services.database.db
      .select()
      .from(postPurchaseSurveys)
      .where(scoped(postPurchaseSurveys, b.accountId));
    expect(rows).toEqual([]);
    expect((await b.owner.get(path)).body.data).toEqual({ survey: null, items: [], currency: null });
  });

  it('a survey whose item was deleted reads as not set', async () => {
    const { owner } = await installedShop(server);
    const poll = await createPoll(owner);
    expect((await owner.put(path, { itemKind: 'poll', itemId: poll.id })).status).toBe(200);
    expect((await owner.delete(`/api/v1/polls/${poll.id}`)).status).toBeLessThan(300);
    expect((await owner.get(path)).body.data.survey).toBeNull();
  });

  it('401 without a session, 404 for a standalone account', async () => {
    expect((await server.client().get(path)).status).toBe(401);
    const { client } = await createOwner(server);
    const poll = await createPoll(client);
    expect((await client.get(path)).status).toBe(404);
    expect((await client.put(path, { itemKind: 'poll', itemId: poll.id })).status).toBe(404);
  });
});
