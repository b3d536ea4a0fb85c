import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { destinations, flowTriggers } from '../../db/schema/index.ts';
import { signFlowRequest } from '../../test/fakes/shopify/signers.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../test/getTestServer.ts';
import { installedShop } from '../../test/shopifyWebhooks.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;

/** The callback Flow sends (reference C6, "Callback body"). */
const callback = (shop: string, handle: string, enabled: boolean, at = new Date()) => ({
  flow_trigger_definition_id: handle,
  has_enabled_flow: enabled,
  shop_id: 690933842,
  shopify_domain: shop,
  timestamp: at.toISOString(),
});

async function send(
  body: unknown,
  options: { secret?: string; tamper?: (signed: { body: string; headers: Record<string, string> }) => void } = {},
) {
  const signed = signFlowRequest(options.secret ?? server.app.apiSecret, body);
  options.tamper?.(signed);
  const response = await fetch(`${server.url}/webhooks/shopify/flow-lifecycle`, {
    method: 'POST',
    headers: signed.headers,
    body: signed.body,
  });
  return { status: response.status, body: (await response.json()) as any };
}

const triggersOf = async (accountId: string) =>
  (await db().select().from(flowTriggers).where(eq(flowTriggers.accountId, accountId)))
    .map((row) => ({ handle: row.handle, enabled: row.enabled }))
    .sort((a, b) => a.handle.localeCompare(b.handle));

const flowDestination = async (accountId: string) =>
  (
    await db()
      .select()
      .from(destinations)
      .where(and(eq(destinations.accountId, accountId), eq(destinations.kind, 'shopify_flow')))
  )[0];

describe('POST /webhooks/shopify/flow-lifecycle', () => {
  it('refuses a wrong, missing or altered signature with 401, writing nothing', async () => {
    const { shop, accountId } = await installedShop(server);
    const body = callback(shop, 'quiz-completed', true);
    const refused = [
      await send(body, { secret: 'not-the-app-secret' }),
      await send(body, { tamper: ({ headers }) => void delete headers['x-shopify-hmac-sha256'] }),
      await send(body, { tamper: (signed) => void (signed.body = signed.body.replace('true', 'false')) }),
      // The same JSON re-serialised is other bytes: the signature is over the raw body.
      await send(JSON.stringify(body, null, 2), {
        tamper: (signed) => void (signed.body = JSON.stringify(JSON.parse(signed.body))),
      }),
    ];
    for (const response of refused) {
      expect(response.status).toBe(401);
      expect(response.body.error.code).toBe('unauthorized');
    }
    expect(await triggersOf(accountId)).toEqual([]);
    expect(await flowDestination(accountId)).toBeUndefined();
  });

  it('answers 400 naming the field for a signed body of the wrong shape', async () => {
    const { shop } = await installedShop(server);
    const response = await send({ ...callback(shop, 'quiz-completed', true), has_enabled_flow: 'yes' });
    expect(response.status).toBe(400);
    expect(response.body.error).toMatchObject({
      field: 'has_enabled_flow',
      message: 'Invalid input: expected boolean, received string',
    });
    const domain = await send({ ...callback(shop, 'quiz-completed', true), shopify_domain: 'example.com' });
    expect(domain.status).toBe(400);
    expect(domain.body.error).toMatchObject({ field: 'shopify_domain', message: 'Must be a myshopify.com domain' });
  });

  it("records enabling and disabling per trigger, keeps the shop's Flow destination on while one is in use, and leaves another shop alone", async () => {
    const first = await installedShop(server);
    const other = await installedShop(server);
    expect((await send(callback(other.shop, 'wheel-spun', true))).status).toBe(200);

    const start = Date.now();
    const ok = await send(callback(first.shop, 'quiz-completed', true, new Date(start)));
    expect(ok).toEqual({ status: 200, body: { data: { received: true } } });
    expect((await send(callback(first.shop, 'prize-won', true, new Date(start + 1000)))).status).toBe(200);
    expect(await triggersOf(first.accountId)).toEqual([
      { handle: 'prize-won', enabled: true },
      { handle: 'quiz-completed', enabled: true },
    ]);
    // Made by the first callback, with nothing for the owner to set up.
    expect(await flowDestination(first.accountId)).toMatchObject({ enabled: true, disabledReason: null });

    expect((await send(callback(first.shop, 'quiz-completed', false, new Date(start + 2000)))).status).toBe(200);
    // An older notification arriving late changes nothing.
    expect((await send(callback(first.shop, 'quiz-completed', true, new Date(start + 1500)))).status).toBe(200);
    expect(await triggersOf(first.accountId)).toEqual([
      { handle: 'prize-won', enabled: true },
      { handle: 'quiz-completed', enabled: false },
    ]);
    expect((await flowDestination(first.accountId))?.enabled).toBe(true);
    expect((await send(callback(first.shop, 'prize-won', false, new Date(start + 3000)))).status).toBe(200);
    expect((await flowDestination(first.accountId))?.enabled).toBe(false);

    expect(await triggersOf(other.accountId)).toEqual([{ handle: 'wheel-spun', enabled: true }]);
    expect((await flowDestination(other.accountId))?.enabled).toBe(true);
  });

  it('acknowledges a trigger the app does not have, and a shop it does not know, writing nothing', async () => {
    const { shop, accountId } = await installedShop(server);
    expect((await send(callback(shop, 'add-row-to-spreadsheet', true))).status).toBe(200);
    expect(await triggersOf(accountId)).toEqual([]);
    expect((await send(callback('never-installed.myshopify.com', 'quiz-completed', true))).status).toBe(200);
  });
});
