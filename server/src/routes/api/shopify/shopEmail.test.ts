import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shopNotificationEmailMessages } from '@quizlead/shared/schemas/shopNotificationEmail.ts';
import { accounts } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { deliverApplied, installedShop, jobsSettled, newShop } from '../../../test/shopifyWebhooks.ts';
import { startSmtpPeer } from '../../../test/smtpPeer.ts';
import { createPoll, submission } from '../../../test/widgetFactory.ts';

/**
 * A shop's mail goes to the store's real address (Admin API shop.email, kept current by shop/update),
 * or to the one the merchant chose; never to the made-up owner@{shop} the install creates its user with.
 */
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
let server: ShopifyTestServer;
beforeAll(async () => {
  peer = await startSmtpPeer();
  server = await getShopifyTestServer({ SMTP_URL: peer.url, MAIL_FROM: 'Quizlead <hello@quizlead.test>' });
});
afterAll(async () => {
  await server.stop();
  await peer.close();
});

const path = '/api/v1/shopify/notification-email';

/** A shop whose Shopify admin knows it by `email` (and a public contact address), installed with its jobs done. */
async function shopWithEmail(email: string) {
  const shop = newShop();
  const fakeShop = server.fake.shop(shop);
  fakeShop.query.shop = {
    ...(fakeShop.query.shop as object),
    email,
    contactEmail: `hello@${shop.replace('.myshopify.com', '')}.example`,
  };
  const installed = await installedShop(server, shop);
  await jobsSettled(server, 'shopify.shop-email.sync', installed.accountId);
  return installed;
}

/** A visitor votes with an email on a poll of the shop, with lead notifications on; the mail the peer got. */
async function notificationOf(owner: Awaited<ReturnType<typeof shopWithEmail>>['owner'], expectedTo: string) {
  const before = peer.received.length;
  const poll = await createPoll(owner);
  const visitor = `visitor-${crypto.randomUUID().slice(0, 8)}@example.com`;
  const vote = await server
    .client()
    .post(`/api/v1/public/polls/${poll.id}/votes`, { submissionId: submission(), option: 1, email: visitor });
  expect(vote.status).toBe(201);
  await expect
    .poll(() => peer.received.slice(before).find((mail) => mail.raw.includes(visitor)), { timeout: 15_000 })
    .toBeTruthy();
  const mail = peer.received.slice(before).find((item) => item.raw.includes(visitor))!;
  expect(mail.to).toEqual([expectedTo]);
  return mail;
}

const notificationsOn = { enabled: true, additionalEnabled: false, recipients: '', mode: 'immediate' };

describe('a shop’s notification email', () => {
  it('is the store’s address from Shopify, read at install; lead notifications go there over SMTP', async () => {
    const email = `merchant-${crypto.randomUUID().slice(0, 8)}@store.example`;
    const { owner, shop } = await shopWithEmail(email);
    const read = await owner.get(path);
    expect(read.status).toBe(200);
    expect(read.body.data).toEqual({ email, shopEmail: email, custom: '' });
    // Settings says where the mails go.
    const settings = await owner.put('/api/v1/settings/notifications', notificationsOn);
    expect(settings.status).toBe(200);
    expect(settings.body.data.ownerEmail).toBe(email);
    const mail = await notificationOf(owner, email);
    expect(mail.raw).not.toContain('owner@');
    // "See the report" opens the app inside Shopify's admin, not the standalone sign-in.
    const handle = shop.replace('.myshopify.com', '');
    const unfolded = mail.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    expect(unfolded).toContain(`See the report: https://admin.shopify.com/store/${handle}/apps/quizlead/shopify/app/poll/vote/`);
    expect(unfolded).not.toContain(`${server.url}/app/`);
    expect(server.fake.graphqlRequests().some((request) => request.body.includes('ShopEmail'))).toBe(true);
    server.fake.expectValidQueries();
  });

  it('follows shop/update; the merchant’s own address wins over it; empty goes back to the store’s', async () => {
    const first = `first-${crypto.randomUUID().slice(0, 8)}@store.example`;
    const { shop, owner } = await shopWithEmail(first);
    await owner.put('/api/v1/settings/notifications', notificationsOn);

    const changed = `changed-${crypto.randomUUID().slice(0, 8)}@store.example`;
    await deliverApplied(server, { topic: 'shop/update', shop, body: { email: changed, customer_email: null } });
    expect((await owner.get(path)).body.data).toEqual({ email: changed, shopEmail: changed, custom: '' });
    await notificationOf(owner, changed);

    const chosen = `Leads-${crypto.randomUUID().slice(0, 8)}@team.example`;
    const saved = await owner.put(path, { email: `  ${chosen} ` });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual({ email: chosen, shopEmail: changed, custom: chosen });
    // A later change in Shopify does not undo the merchant's choice.
    await deliverApplied(server, { topic: 'shop/update', shop, body: { email: `later@store.example`, customer_email: null } });
    expect((await owner.get(path)).body.data.email).toBe(chosen);
    await notificationOf(owner, chosen);

    const cleared = await owner.put(path, { email: '' });
    expect(cleared.body.data).toEqual({ email: 'later@store.example', shopEmail: 'later@store.example', custom: '' });
  });

  it('a shop installed before the app read its address gets it on its next admin request', async () => {
    const email = `existing-${crypto.randomUUID().slice(0, 8)}@store.example`;
    const { owner, accountId } = await shopWithEmail(email);
    // As a shop installed by an older version was: no address read.
    await server.services.database.db.update(accounts).set({ shopEmail: null }).where(eq(accounts.id, accountId));
    expect((await owner.get(path)).body.data.shopEmail).toBeNull();
    await jobsSettled(server, 'shopify.shop-email.sync', accountId);
    expect((await owner.get(path)).body.data).toEqual({ email, shopEmail: email, custom: '' });
  });

  it('401 → 400 naming the field → 404 for a standalone account', async () => {
    expect((await server.client().put(path, { email: 'a@example.com' })).status).toBe(401);
    const { owner } = await shopWithEmail(`v-${crypto.randomUUID().slice(0, 8)}@store.example`);
    for (const body of [{ email: 'not an address' }, { email: 42 }, {}, { email: `${'a'.repeat(250)}@example.com` }]) {
      const response = await owner.put(path, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.body.error).toEqual({ code: 'validation', message: shopNotificationEmailMessages.invalid, field: 'email' });
    }
    const { client } = await createOwner(server);
    expect((await client.get(path)).status).toBe(404);
    expect((await client.put(path, { email: 'a@example.com' })).status).toBe(404);
  });
});
