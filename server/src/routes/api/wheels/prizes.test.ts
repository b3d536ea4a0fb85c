import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { prizeMessages, type TPrizeSettingsInput } from '@quizlead/shared/schemas/prizes.ts';
import type { TWheelRequest } from '@quizlead/shared/schemas/wheel.ts';
import { customerDataRedactor } from '../../../commands/customerDataRedactor.ts';
import { lapsingPrizePools, prizePoolFiller } from '../../../commands/prizes/prizePoolFiller.ts';
import { events, prizeCodes, prizeDiscounts, products, wheelSpins } from '../../../db/schema/index.ts';
import { createOwner } from '../../../test/factories.ts';
import { WebhookReceiver } from '../../../test/fakes/webhookReceiver.ts';
import { getShopifyTestServer, type ShopifyTestServer, type TestClient } from '../../../test/getTestServer.ts';
import { installedShop, jobsSettled } from '../../../test/shopifyWebhooks.ts';
import { parseCsv, submission } from '../../../test/widgetFactory.ts';

let server: ShopifyTestServer;
let receiver: WebhookReceiver;
beforeAll(async () => {
  // Spins come from many addresses (X-Forwarded-For, one proxy), so the per-address limit is not what is tested.
  server = await getShopifyTestServer({ TRUST_PROXY: '1', WEBHOOKS_ALLOW_PRIVATE: 'true' });
  receiver = await WebhookReceiver.start('');
});
afterAll(async () => {
  await server.stop();
  await receiver.close();
});

const db = () => server.services.database.db;
const dayMs = 24 * 60 * 60 * 1000;

const prize = (overrides: Partial<TPrizeSettingsInput> = {}): TPrizeSettingsInput => ({
  kind: 'unique',
  valueType: 'percentage',
  value: 15,
  expiresInDays: 7,
  combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
  ...overrides,
});

/** A wheel whose first slice (all but certain) gives unique codes. */
const prizeWheel = (overrides: Partial<TWheelRequest> = {}): TWheelRequest => ({
  description: 'Spin to win',
  options: [
    { text: '15% off', weight: 1000, prize: prize() },
    { text: 'Nothing', weight: 0.000001 },
    { text: 'Try again', weight: 0.000001 },
  ],
  ...overrides,
});

let address = 0;
/** A visitor's spin, from an address of its own. */
async function spin(wheelId: string, email: string, submissionId = submission()) {
  address++;
  const from = `198.51.${(address >> 8) & 255}.${address & 255}`;
  const answer = await server
    .client()
    .request('POST', `/api/v1/public/wheels/${wheelId}/spins`, { submissionId, email }, { 'x-forwarded-for': from });
  return { ...answer, submissionId };
}

async function createPrizeWheel(owner: TestClient, accountId: string, overrides: Partial<TWheelRequest> = {}) {
  const created = await owner.post('/api/v1/wheels', prizeWheel(overrides));
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  await jobsSettled(server, 'prizes.fill-pool', accountId);
  return created.body.data as { id: string; slug: string };
}

const rowOf = async (wheelId: string, slot = '0') =>
  (
    await db()
      .select()
      .from(prizeDiscounts)
      .where(and(eq(prizeDiscounts.itemId, wheelId), eq(prizeDiscounts.slot, slot)))
  )[0]!;

const codesOf = (discountId: string) =>
  db().select().from(prizeCodes).where(eq(prizeCodes.discountId, discountId)).orderBy(asc(prizeCodes.createdAt));

describe('unique-code prizes: who may set them', () => {
  it('refuses them to a standalone account, naming the slice’s prize, and needs the email asked for', async () => {
    const { client } = await createOwner(server);
    const body = prizeWheel();
    body.options = [{ text: 'A' }, ...body.options.slice(0, 2)];
    const refused = await client.post('/api/v1/wheels', body);
    expect(refused.status).toBe(400);
    expect(refused.body.error).toEqual({ code: 'validation', message: prizeMessages.shopifyOnly, field: 'options.1.prize' });
    expect((await client.get('/api/v1/wheels/prize-options')).body.data).toEqual({ uniqueCodes: false });

    const { owner } = await installedShop(server);
    expect((await owner.get('/api/v1/wheels/prize-options')).body.data).toEqual({ uniqueCodes: true });
    const noEmail = await owner.post('/api/v1/wheels', prizeWheel({ collectEmail: false }));
    expect(noEmail.body.error).toMatchObject({ message: prizeMessages.collectEmail, field: 'collectEmail' });
    const both = prizeWheel();
    both.options[0] = { ...both.options[0]!, prizeCode: 'STATIC' };
    expect((await owner.post('/api/v1/wheels', both)).body.error).toMatchObject({
      message: prizeMessages.staticOrUnique,
      field: 'options.0.prizeCode',
    });
    for (const [value, valueType, message] of [
      [0, 'percentage', prizeMessages.percentageRange],
      [101, 'percentage', prizeMessages.percentageRange],
      [0, 'fixed_amount', prizeMessages.amountRange],
      [5.555, 'fixed_amount', prizeMessages.decimals],
    ] as const) {
      const wrong = prizeWheel();
      wrong.options[0] = { ...wrong.options[0]!, prize: prize({ value, valueType }) };
      expect((await owner.post('/api/v1/wheels', wrong)).body.error).toMatchObject({ message, field: 'options.0.prize.value' });
    }
    const badExpiry = prizeWheel();
    badExpiry.options[0] = { ...badExpiry.options[0]!, prize: prize({ expiresInDays: 366 }) };
    expect((await owner.post('/api/v1/wheels', badExpiry)).body.error).toMatchObject({
      message: prizeMessages.expiryRange,
      field: 'options.0.prize.expiresInDays',
    });
  });

  it('answers 404 to another shop for the wheel and its pools, and leaves them alone', async () => {
    const a = await installedShop(server);
    const b = await installedShop(server);
    const wheel = await createPrizeWheel(a.owner, a.accountId);
    expect((await b.owner.get(`/api/v1/wheels/${wheel.id}`)).status).toBe(404);
    const hijack = prizeWheel();
    hijack.options[0] = { ...hijack.options[0]!, prize: prize({ value: 90 }) };
    expect((await b.owner.put(`/api/v1/wheels/${wheel.id}`, hijack)).status).toBe(404);
    expect((await b.owner.delete(`/api/v1/wheels/${wheel.id}`)).status).toBe(404);
    expect((await b.owner.get(`/api/v1/wheels/${wheel.id}/spins`)).status).toBe(404);
    const row = await rowOf(wheel.id);
    expect(row).toMatchObject({ accountId: a.accountId, status: 'ready', settings: expect.objectContaining({ value: 15 }) });
  });
});

describe('unique-code prizes: the pool', () => {
  it('makes the Shopify discount and 250 live codes ahead, in calls of at most 250, each code single-use', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const wheel = await createPrizeWheel(owner, accountId);
    const fetched = (await owner.get(`/api/v1/wheels/${wheel.id}`)).body.data;
    expect(fetched.options[0]).toMatchObject({
      prize: { kind: 'unique', valueType: 'percentage', value: 15, expiresInDays: 7, appliesOncePerCustomer: true },
      prizePool: { status: 'ready', codesLeft: 250, codesGiven: 0, error: null },
    });
    expect(fetched.options[1].prizePool).toBeNull();

    const discounts = server.fake.shop(shop).discounts;
    expect(discounts.all()).toHaveLength(1);
    const [discount] = discounts.all();
    expect(discount).toMatchObject({
      title: 'Spin to win – 15% off',
      usageLimit: 1,
      appliesOncePerCustomer: true,
      value: { percentage: 0.15 },
      combinesWith: { orderDiscounts: false, productDiscounts: false, shippingDiscounts: true },
    });
    // Codes are given for 7 days and work for 14 from the discount's start: each at least 7.
    expect(new Date(discount!.endsAt!).getTime() - new Date(discount!.startsAt).getTime()).toBe(14 * dayMs);
    const row = await rowOf(wheel.id);
    expect(row).toMatchObject({ status: 'ready', shopifyDiscountId: discount!.id, itemKind: 'wheel' });
    const codes = await codesOf(row.id);
    expect(codes).toHaveLength(250);
    expect(codes.every((code) => code.live && code.email === null && /^WIN-[2-9A-HJKMNP-Z]{10}$/.test(code.code))).toBe(true);
    expect(new Set(discount!.codes.map((code) => code.code))).toEqual(new Set(codes.map((code) => code.code)));
    expect(discounts.bulkCreations().map((creation) => creation.results.length)).toEqual([249]);

    // A bigger pool: the filler adds in calls of at most 250.
    await prizePoolFiller({
      services: server.services,
      accountId,
      discountId: row.id,
      target: 600,
      lowWater: 600,
      pollDelaysMs: [5, 5, 5],
    });
    expect(discounts.bulkCreations().map((creation) => creation.results.length)).toEqual([249, 250, 100]);
    expect((await codesOf(row.id)).filter((code) => code.live)).toHaveLength(600);
    expect(discount!.codes).toHaveLength(600);
    server.fake.expectValidQueries();
  });

  it('keeps only the codes Shopify made', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const discounts = server.fake.shop(shop).discounts;
    let refused = 0;
    discounts.rejectCodes = () => refused++ < 10;
    const wheel = await createPrizeWheel(owner, accountId);
    const row = await rowOf(wheel.id);
    const codes = await codesOf(row.id);
    // The first call lost 10: a second one brought the pool to 250.
    expect(discounts.bulkCreations().map((creation) => creation.results.length)).toEqual([249, 10]);
    expect(codes.filter((code) => code.live)).toHaveLength(250);
    const made = new Set(discounts.all()[0]!.codes.map((code) => code.code));
    expect(codes.every((code) => made.has(code.code))).toBe(true);
  });

  it('marks the slice failed with Shopify’s reason, and tries again when the wheel is saved', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const mutation = server.fake.shop(shop).mutation;
    const create = mutation.discountCodeBasicCreate;
    mutation.discountCodeBasicCreate = () => ({
      codeDiscountNode: null,
      userErrors: [{ field: ['basicCodeDiscount', 'title'], code: 'INVALID', message: 'Title is not allowed' }],
    });
    const wheel = await createPrizeWheel(owner, accountId);
    const failed = (await owner.get(`/api/v1/wheels/${wheel.id}`)).body.data;
    expect(failed.options[0].prizePool).toEqual({ status: 'failed', codesLeft: 0, codesGiven: 0, error: 'Title is not allowed' });
    const pending = await spin(wheel.id, 'early@example.com');
    expect(pending.body.data).toMatchObject({ prizeCode: null, prizePending: true });

    mutation.discountCodeBasicCreate = create;
    expect((await owner.put(`/api/v1/wheels/${wheel.id}`, prizeWheel())).status).toBe(200);
    await jobsSettled(server, 'prizes.fill-pool', accountId);
    expect((await owner.get(`/api/v1/wheels/${wheel.id}`)).body.data.options[0].prizePool).toMatchObject({
      status: 'ready',
      codesLeft: 250,
    });
    // The spin that found none gets its code when it is sent again.
    const again = await spin(wheel.id, 'early@example.com', pending.submissionId);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ prizeCode: expect.stringMatching(/^WIN-/), prizePending: false });
  });
});

describe('unique-code prizes: spins', () => {
  it('40 spins at once, some by the same email: never one code twice, never two codes for one email', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    // Every slice gives codes, and the same email may spin again.
    const wheel = await createPrizeWheel(owner, accountId, {
      allowRepeatSpins: true,
      options: [
        { text: '10% off', prize: prize({ value: 10 }) },
        { text: '$5 off', prize: prize({ valueType: 'fixed_amount', value: 5, expiresInDays: null }) },
        { text: '20% off', prize: prize({ value: 20 }) },
      ],
    });
    const emails = [
      ...Array.from({ length: 25 }, (_, index) => `visitor${index}@example.com`),
      ...Array.from({ length: 5 }, () => 'twice@example.com'),
      ...Array.from({ length: 5 }, (_, index) => (index % 2 ? 'Again@Example.com' : 'again@example.com')),
      ...Array.from({ length: 5 }, () => 'thrice@example.com'),
    ];
    const spins = await Promise.all(emails.map((email) => spin(wheel.id, email)));
    expect(spins.map((answer) => answer.status)).toEqual(emails.map(() => 201));
    const codeByEmail = new Map<string, string>();
    for (const [index, answer] of spins.entries()) {
      const { prizeCode, prizePending } = answer.body.data;
      expect(prizePending).toBe(false);
      expect(prizeCode).toMatch(/^WIN-/);
      const email = emails[index]!.toLowerCase();
      expect(codeByEmail.get(email) ?? prizeCode, email).toBe(prizeCode);
      codeByEmail.set(email, prizeCode);
    }
    const distinct = new Set(codeByEmail.values());
    expect(distinct.size).toBe(28);
    const given = await db()
      .select()
      .from(prizeCodes)
      .where(and(eq(prizeCodes.itemId, wheel.id), isNotNull(prizeCodes.email)));
    expect(given).toHaveLength(28);
    expect(new Set(given.map((code) => code.code)).size).toBe(28);
    // Each stored spin carries its email's code, and each code is a live one of the shop.
    const stored = await db().select().from(wheelSpins).where(eq(wheelSpins.wheelId, wheel.id));
    expect(stored).toHaveLength(40);
    for (const row of stored) expect(row.prizeCode).toBe(codeByEmail.get(row.email!.toLowerCase()));
    const discounts = server.fake.shop(shop).discounts;
    for (const code of distinct) expect(discounts.redeem(code)).toEqual({ ok: true });
    expect(discounts.redeem([...distinct][0]!)).toEqual({ ok: false, reason: 'used up' });
  });

  it('gives the ad pixels a fixed amount’s worth in the shop’s currency, as its synced products price them (issue 35)', async () => {
    const { owner, accountId } = await installedShop(server);
    await db().delete(products).where(eq(products.accountId, accountId));
    const wheel = await createPrizeWheel(owner, accountId, {
      options: [
        { text: '€5 off', weight: 1000, prize: prize({ valueType: 'fixed_amount', value: 5 }) },
        { text: 'Nothing', weight: 0.000001 },
        { text: 'Try again', weight: 0.000001 },
      ],
    });
    const product = (id: string, currency: string) => ({
      accountId,
      source: 'shopify' as const,
      externalId: `gid://shopify/Product/${id}`,
      title: `Tea ${id}`,
      price: '9.50',
      currency,
    });
    // No products: the currency is not known, so no worth.
    expect((await spin(wheel.id, 'first@example.com')).body.data).toMatchObject({ result: '€5 off', prizeValue: null });
    await db()
      .insert(products)
      .values([product('1', 'EUR'), product('2', 'EUR')]);
    expect((await spin(wheel.id, 'second@example.com')).body.data.prizeValue).toEqual({ amount: 5, currency: 'EUR' });
    // Prices in two currencies name no one currency of the shop.
    await db().insert(products).values(product('3', 'USD'));
    expect((await spin(wheel.id, 'third@example.com')).body.data.prizeValue).toBeNull();
  });

  it('shows the code in the spin, its event and deliveries, and the spins list and export; a repeat gets it back', async () => {
    const { owner, accountId } = await installedShop(server);
    expect((await owner.post('/api/v1/settings/webhooks', { url: receiver.url(`/${accountId}`) })).status).toBe(201);
    const wheel = await createPrizeWheel(owner, accountId);
    const first = await spin(wheel.id, 'Pat@Example.com');
    expect(first.status).toBe(201);
    const code = first.body.data.prizeCode as string;
    expect(first.body.data).toEqual({
      optionIndex: 0,
      result: '15% off',
      prizeCode: expect.stringMatching(/^WIN-/),
      prizePending: false,
      prizeExpiresAt: expect.any(String),
      repeated: false,
      // A percentage off has no amount for the ad pixels.
      prizeValue: null,
    });
    // Valid for at least the 7 days the merchant chose.
    expect(new Date(first.body.data.prizeExpiresAt).getTime()).toBeGreaterThanOrEqual(Date.now() + 7 * dayMs - 60_000);

    const [event] = await db().select().from(events).where(eq(events.accountId, accountId));
    expect(event!.payload).toMatchObject({
      type: 'wheel.spun',
      spinId: first.submissionId,
      prize: { index: 0, text: '15% off', code },
    });
    await expect
      .poll(() => receiver.received.filter((hook) => hook.path === `/${accountId}`).length, { timeout: 10_000 })
      .toBe(1);
    expect(receiver.received.find((hook) => hook.path === `/${accountId}`)!.body).toContain(code);

    const repeat = await spin(wheel.id, 'pat@example.com');
    expect(repeat.status).toBe(200);
    expect(repeat.body.data).toMatchObject({ prizeCode: code, repeated: true, prizeExpiresAt: first.body.data.prizeExpiresAt });
    expect((await codesOf((await rowOf(wheel.id)).id)).filter((row) => row.email)).toHaveLength(1);

    const list = (await owner.get(`/api/v1/wheels/${wheel.id}/spins`)).body.data.items;
    expect(list).toEqual([expect.objectContaining({ email: 'Pat@Example.com', prizeCode: code })]);
    const exported = await owner.get<string>(`/api/v1/wheels/${wheel.id}/spins/export?format=csv`);
    const csv = parseCsv(Buffer.from(exported.body));
    expect(csv[1]).toEqual(['Pat@Example.com', '15% off', expect.any(String), code, '', '']);
    expect((await owner.get(`/api/v1/wheels/${wheel.id}`)).body.data.options[0].prizePool).toMatchObject({
      codesLeft: 249,
      codesGiven: 1,
    });
  });

  it('answers an empty pool with a pending code, fills it, and the same spin sent again gets its code', async () => {
    const { owner, accountId } = await installedShop(server);
    const wheel = await createPrizeWheel(owner, accountId);
    const row = await rowOf(wheel.id);
    // Visitors took every code.
    await db()
      .delete(prizeCodes)
      .where(and(eq(prizeCodes.discountId, row.id), isNull(prizeCodes.assignedAt)));

    const pending = await spin(wheel.id, 'late@example.com');
    expect(pending.status).toBe(201);
    expect(pending.body.data).toMatchObject({ result: '15% off', prizeCode: null, prizePending: true, prizeExpiresAt: null });
    const [event] = await db().select().from(events).where(eq(events.accountId, accountId));
    expect(event!.payload).toMatchObject({ prize: { index: 0, text: '15% off' } });
    expect((event!.payload as { prize: { code?: string } }).prize.code).toBeUndefined();
    // The owner's spins list marks the winner still waiting for a code.
    const listed = async () => (await owner.get(`/api/v1/wheels/${wheel.id}/spins`)).body.data.items;
    expect(await listed()).toEqual([
      expect.objectContaining({ email: 'late@example.com', result: '15% off', prizeCode: null, prizePending: true }),
    ]);

    await jobsSettled(server, 'prizes.fill-pool', accountId);
    const again = await spin(wheel.id, 'late@example.com', pending.submissionId);
    expect(again.status).toBe(200);
    expect(again.body.data).toMatchObject({ prizeCode: expect.stringMatching(/^WIN-/), prizePending: false, repeated: false });
    const [stored] = await db().select().from(wheelSpins).where(eq(wheelSpins.id, pending.submissionId));
    expect(stored!.prizeCode).toBe(again.body.data.prizeCode);
    expect(await listed()).toEqual([
      expect.objectContaining({ email: 'late@example.com', prizeCode: again.body.data.prizeCode, prizePending: false }),
    ]);
  });

  it('fills the pool again once a spin takes it below the low-water mark', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const wheel = await createPrizeWheel(owner, accountId);
    const row = await rowOf(wheel.id);
    const free = await codesOf(row.id);
    // 50 left: the next spin leaves 49.
    for (const code of free.slice(50)) await db().delete(prizeCodes).where(eq(prizeCodes.id, code.id));
    expect((await spin(wheel.id, 'one@example.com')).body.data.prizeCode).toMatch(/^WIN-/);
    await jobsSettled(server, 'prizes.fill-pool', accountId);
    expect((await owner.get(`/api/v1/wheels/${wheel.id}`)).body.data.options[0].prizePool).toMatchObject({
      codesLeft: 250,
      codesGiven: 1,
    });
    expect(
      server.fake
        .shop(shop)
        .discounts.bulkCreations()
        .map((creation) => creation.results.length),
    ).toEqual([249, 201]);
  });

  it('starts a new Shopify discount when the prize changes or its codes are due to stop; codes given keep theirs', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const discounts = server.fake.shop(shop).discounts;
    const wheel = await createPrizeWheel(owner, accountId);
    const first = await spin(wheel.id, 'kept@example.com');
    const code = first.body.data.prizeCode as string;

    const changed = prizeWheel();
    changed.options[0] = { ...changed.options[0]!, prize: prize({ value: 20 }) };
    expect((await owner.put(`/api/v1/wheels/${wheel.id}`, changed)).status).toBe(200);
    await jobsSettled(server, 'prizes.fill-pool', accountId);
    expect(discounts.all().map((discount) => discount.value)).toEqual([{ percentage: 0.15 }, { percentage: 0.2 }]);
    const row = await rowOf(wheel.id);
    expect(row.shopifyDiscountId).toBe(discounts.all()[1]!.id);
    const codes = await codesOf(row.id);
    // The old free codes are gone; the given one stays (orders are credited by it).
    expect(codes.filter((entry) => entry.email)).toEqual([expect.objectContaining({ code, email: 'kept@example.com' })]);
    expect(codes.filter((entry) => !entry.email && entry.live)).toHaveLength(250);
    expect(discounts.byCode(code)!.discount.id).toBe(discounts.all()[0]!.id);
    // The email's code stays its code.
    expect((await spin(wheel.id, 'kept@example.com')).body.data).toMatchObject({ prizeCode: code, repeated: true });
    const other = await spin(wheel.id, 'new@example.com');
    expect(discounts.byCode(other.body.data.prizeCode)!.discount.id).toBe(discounts.all()[1]!.id);

    // Two hours before the generation stops giving codes, the hourly sweep queues it and the fill makes the next one.
    const handOutUntil = new Date((row.settings as { handOutUntil: string }).handOutUntil);
    const due = (at: Date) => lapsingPrizePools(db(), at).then((pools) => pools.some((pool) => pool.id === row.id));
    expect(await due(new Date())).toBe(false);
    expect(await due(new Date(handOutUntil.getTime() - 60 * 60 * 1000))).toBe(true);
    await prizePoolFiller({
      services: server.services,
      accountId,
      discountId: row.id,
      now: () => new Date(handOutUntil.getTime() - 60 * 60 * 1000),
      pollDelaysMs: [5, 5, 5],
    });
    expect(discounts.all()).toHaveLength(3);
    const renewed = await rowOf(wheel.id);
    expect(renewed.shopifyDiscountId).toBe(discounts.all()[2]!.id);
    expect((await codesOf(row.id)).filter((entry) => !entry.email && entry.live)).toHaveLength(250);

    // A generation past its time gives nothing: the spin waits for the next one.
    await db()
      .update(prizeDiscounts)
      .set({ settings: { ...renewed.settings, handOutUntil: new Date(Date.now() - 1000).toISOString() } })
      .where(eq(prizeDiscounts.id, row.id));
    expect((await spin(wheel.id, 'later@example.com')).body.data).toMatchObject({ prizeCode: null, prizePending: true });
    await jobsSettled(server, 'prizes.fill-pool', accountId);
    expect(discounts.all()).toHaveLength(4);
  });

  it('forgets whom a code went to when Shopify asks to redact the customer, and never gives it again', async () => {
    const { owner, accountId } = await installedShop(server);
    const wheel = await createPrizeWheel(owner, accountId);
    const code = (await spin(wheel.id, 'gone@example.com')).body.data.prizeCode as string;
    await db().transaction((tx) => customerDataRedactor({ db: tx, accountId, email: 'GONE@example.com' }));
    const [given] = await db().select().from(prizeCodes).where(eq(prizeCodes.code, code));
    expect(given).toMatchObject({ email: null, assignedAt: expect.any(Date) });
    const others = await Promise.all(['a', 'b', 'c'].map((name) => spin(wheel.id, `${name}@example.com`)));
    expect(others.map((answer) => answer.body.data.prizeCode)).not.toContain(code);
  });

  it('drops a slice’s free codes when it stops giving them, and everything with the wheel', async () => {
    const { owner, accountId } = await installedShop(server);
    const wheel = await createPrizeWheel(owner, accountId);
    const given = (await spin(wheel.id, 'given@example.com')).body.data.prizeCode;
    const plain = prizeWheel();
    plain.options[0] = { text: '15% off', weight: 1000, prizeCode: 'STATIC15' };
    expect((await owner.put(`/api/v1/wheels/${wheel.id}`, plain)).status).toBe(200);
    const row = await rowOf(wheel.id);
    expect((await codesOf(row.id)).map((entry) => entry.code)).toEqual([given]);
    expect((await spin(wheel.id, 'static@example.com')).body.data).toMatchObject({ prizeCode: 'STATIC15', prizePending: false });

    expect((await owner.delete(`/api/v1/wheels/${wheel.id}`)).status).toBe(200);
    expect(await db().select().from(prizeDiscounts).where(eq(prizeDiscounts.itemId, wheel.id))).toEqual([]);
    expect(await db().select().from(prizeCodes).where(eq(prizeCodes.itemId, wheel.id))).toEqual([]);
  });
});
