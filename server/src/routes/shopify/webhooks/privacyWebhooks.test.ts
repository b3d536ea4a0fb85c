import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accounts,
  feedbackResponses,
  files,
  plays,
  pollVotes,
  quizDailyStats,
  quizQuestionStats,
  wheelSpins,
} from '../../../db/schema/index.ts';
import { createOwner, uniqueEmail } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { deliver, deliverApplied, installedShop, jobsSettled, visitorTraces } from '../../../test/shopifyWebhooks.ts';

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

const db = () => server.services.database.db;
/** A real 1x1 PNG. */
const tinyPng = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64'),
);
const rowsOf = <T>(result: unknown): T[] => (result as { rows?: T[] }).rows ?? (result as T[]);

/**
 * Every column of every table of ours and of this server's job queue (pg-boss's schema), as text,
 * searched for `needle` case-insensitively: where a value still is. Other test files' servers keep their
 * own queue schemas, made and dropped as they run, and never see this server's data. `where` narrows
 * tables that have an account_id.
 */
async function whereFound(needle: string, options: { accountId?: string } = {}): Promise<string[]> {
  const columns = rowsOf<{ schema: string; table: string; column: string }>(
    await db().execute(sql`
      select c.table_schema as schema, c.table_name as table, c.column_name as column
      from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema in ('public', ${server.services.queue.schema})`),
  );
  const accountTables = new Set(
    columns.filter((column) => column.column === 'account_id').map((column) => `${column.schema}.${column.table}`),
  );
  const found: string[] = [];
  for (const { schema, table, column } of columns) {
    const scoped = options.accountId && accountTables.has(`${schema}.${table}`);
    const [row] = rowsOf<{ count: number }>(
      await db().execute(sql`select count(*)::int as count from ${sql.identifier(schema)}.${sql.identifier(table)}
        where position(lower(${needle}) in lower(${sql.identifier(column)}::text)) > 0
        ${scoped ? sql`and account_id = ${options.accountId}` : sql``}`),
    );
    if (row!.count > 0) found.push(`${schema}.${table}.${column}`);
  }
  return found;
}

/** Rows per tenant table (every table with an account_id) for one account. */
async function tenantRows(accountId: string): Promise<Record<string, number>> {
  const tables = rowsOf<{ table: string }>(
    await db().execute(sql`
      select c.table_name as table from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where t.table_type = 'BASE TABLE' and c.table_schema = 'public' and c.column_name = 'account_id'`),
  );
  const counts: Record<string, number> = {};
  for (const { table } of tables) {
    const [row] = rowsOf<{ count: number }>(
      await db().execute(sql`select count(*)::int as count from ${sql.identifier(table)} where account_id = ${accountId}`),
    );
    counts[table] = row!.count;
  }
  counts.accounts = (await db().select().from(accounts).where(eq(accounts.id, accountId))).length;
  return counts;
}

/** What the shop's reports count, which redaction must leave as it was. */
async function tallies(accountId: string) {
  const count = async (table: typeof plays | typeof pollVotes | typeof feedbackResponses | typeof wheelSpins) =>
    (await db().select().from(table).where(eq(table.accountId, accountId))).length;
  await server.services.stats.flush();
  return {
    plays: await count(plays),
    completed: (await db().select().from(plays).where(eq(plays.accountId, accountId))).filter(
      (play) => play.status === 'completed',
    ).length,
    votes: await count(pollVotes),
    responses: await count(feedbackResponses),
    spins: await count(wheelSpins),
    daily: await db().select().from(quizDailyStats).where(eq(quizDailyStats.accountId, accountId)),
  };
}

describe('customers/redact', () => {
  it('erases the customer’s email, name, lead fields and browser everywhere in that shop, keeping counts; again is a no-op', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const email = uniqueEmail('Customer');
    const other = uniqueEmail('other');
    const traces = await visitorTraces(server, owner, email, '+1 555 0199');
    await visitorTraces(server, owner, other);
    const before = await tallies(accountId);
    expect(await whereFound(email)).not.toEqual([]);

    // A data request first: its document holds the email too and goes with the redaction.
    await deliverApplied(server, {
      topic: 'customers/data_request',
      shop,
      body: { shop_domain: shop, customer: { id: 7, email, phone: null }, data_request: { id: 1 } },
    });
    // Shopify may spell the address in another case than the visitor typed it.
    const redact = { shop_domain: shop, customer: { id: 7, email: email.toUpperCase(), phone: '+1 555 0199' } };
    await deliverApplied(server, { topic: 'customers/redact', shop, body: redact });

    expect(await whereFound(email)).toEqual([]);
    expect(await whereFound('+1 555 0199')).toEqual([]);
    const [play] = await db().select().from(plays).where(eq(plays.id, traces.playId));
    expect(play).toMatchObject({ email: null, name: null, leadFields: null, userAgent: '', country: '', state: '', city: '' });
    expect(play!.status).toBe('completed');
    expect(play!.resultSummary).toBe('Bold');
    expect(await tallies(accountId)).toEqual(before);
    // The other visitor is untouched.
    expect((await db().select().from(plays).where(eq(plays.email, other))).map((row) => row.name)).toEqual(['Ann Visitor']);

    await deliverApplied(server, { topic: 'customers/redact', shop, body: redact });
    expect(await tallies(accountId)).toEqual(before);
  });

  it('touches only the shop that asked: the same person’s traces in another shop stay', async () => {
    const email = uniqueEmail('both');
    const first = await installedShop(server);
    const second = await installedShop(server);
    await visitorTraces(server, first.owner, email);
    await visitorTraces(server, second.owner, email);
    await deliverApplied(server, {
      topic: 'customers/redact',
      shop: first.shop,
      body: { shop_domain: first.shop, customer: { id: 7, email, phone: null } },
    });
    expect(await whereFound(email, { accountId: first.accountId })).toEqual([]);
    expect(await whereFound(email, { accountId: second.accountId })).toEqual(
      expect.arrayContaining([
        'public.plays.email',
        'public.plays.lead_fields',
        'public.poll_votes.email',
        'public.feedback_responses.email',
        'public.wheel_spins.email',
      ]),
    );
  });
});

describe('shop/redact', () => {
  it('deletes the uninstalled shop’s account with every row of every tenant table and its files on disk', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    const traces = await visitorTraces(server, owner, uniqueEmail('visitor'));
    const uploaded = await owner.request('POST', '/api/v1/files', tinyPng, { 'content-type': 'image/png' });
    expect(uploaded.status).toBe(201);
    expect((await owner.post(`/api/v1/quizzes/${traces.quizId}/short-link`)).status).toBe(200);
    await deliverApplied(server, {
      topic: 'customers/data_request',
      shop,
      body: { shop_domain: shop, customer: { id: 1, email: 'x@example.com' } },
    });
    await server.services.stats.flush();
    const [file] = await db().select().from(files).where(eq(files.accountId, accountId));
    const onDisk = join(server.dataDir, 'uploads', file!.storageKey);
    expect(existsSync(onDisk)).toBe(true);
    const before = await tenantRows(accountId);
    for (const table of [
      'users',
      'quizzes',
      'questions',
      'plays',
      'quiz_daily_stats',
      'short_links',
      'polls',
      'poll_votes',
      'feedbacks',
      'feedback_responses',
      'wheels',
      'wheel_spins',
      'files',
      'shop_installations',
      'shopify_data_requests',
    ]) {
      expect(before[table], table).toBeGreaterThan(0);
    }

    // Installed, the shop is live: a shop/redact then deletes nothing.
    await deliverApplied(server, { topic: 'shop/redact', shop, body: { shop_domain: shop } });
    expect(await tenantRows(accountId)).toEqual(before);

    await deliverApplied(server, { topic: 'app/uninstalled', shop, body: { myshopify_domain: shop } });
    await deliverApplied(server, { topic: 'shop/redact', shop, body: { shop_domain: shop } });
    const after = await tenantRows(accountId);
    expect(
      Object.values(after).every((count) => count === 0),
      JSON.stringify(after),
    ).toBe(true);
    expect(await db().select().from(quizQuestionStats).where(eq(quizQuestionStats.quizId, traces.quizId))).toEqual([]);
    expect(existsSync(onDisk)).toBe(false);
    // Nothing of the shop is left but the log of deliveries received (webhook id, topic, shop, times).
    expect((await whereFound(shop)).filter((where) => where.startsWith('public.'))).toEqual([
      'public.shopify_webhook_receipts.shop',
    ]);
    expect((await server.client().get(`/api/v1/public/quizzes/${traces.quizId}`)).status).toBe(404);

    // Again, or for a shop never seen: nothing to do.
    await deliverApplied(server, { topic: 'shop/redact', shop, body: { shop_domain: shop } });
  });
});

describe('customers/data_request', () => {
  it('keeps a document with the customer’s rows from every tool, listed and downloaded by the owner only', async () => {
    const { shop, owner } = await installedShop(server);
    const email = uniqueEmail('asks');
    const traces = await visitorTraces(server, owner, email);
    await visitorTraces(server, owner, uniqueEmail('someone-else'));
    await deliverApplied(server, {
      topic: 'customers/data_request',
      shop,
      body: { shop_domain: shop, customer: { id: 191167, email: email.toUpperCase(), phone: null }, data_request: { id: 9999 } },
    });

    expect((await server.client().get('/api/v1/shopify/data-requests')).status).toBe(401);
    const list = await owner.get('/api/v1/shopify/data-requests');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([
      {
        id: expect.any(String),
        customerEmail: email.toUpperCase(),
        shopifyCustomerId: '191167',
        createdAt: expect.any(String),
        ordersRequested: [],
        counts: { quizPlays: 1, pollVotes: 1, webResponses: 1, wheelSpins: 1 },
      },
    ]);
    const id: string = list.body.data[0].id;
    const download = await owner.get(`/api/v1/shopify/data-requests/${id}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="customer-data-request-${id}.json"`);
    const document = download.body;
    expect(document).toMatchObject({
      shop,
      shopifyDataRequestId: '9999',
      customer: { shopifyCustomerId: '191167', email: email.toUpperCase() },
      quizPlays: [
        {
          id: traces.playId,
          quizId: traces.quizId,
          quizTitle: 'Tea or coffee',
          email,
          name: 'Ann Visitor',
          consent: true,
          // The form's own phone box was not shown here; its fields are in the document either way.
          phone: null,
          smsConsent: false,
          status: 'completed',
          result: 'Bold',
          leadFields: { Phone: '+1 555 0100', Comment: `Write to me at ${email}` },
          answers: [{ question: 'Tea or coffee?', picked: ['Coffee'] }],
        },
      ],
      pollVotes: [{ pollId: traces.pollId, poll: 'Best drink?', option: 'Coffee', email }],
      webResponses: [{ webResponseId: traces.feedbackId, title: 'Was it good?', answer: 'Thumbs Up', email }],
      wheelSpins: [{ wheelId: traces.wheelId, wheel: 'Spin for a prize', email, phone: null, smsConsent: false }],
    });
    expect(JSON.stringify(document)).not.toContain('someone-else');

    // Another shop, and a standalone account, see none of it.
    const stranger = await installedShop(server);
    expect((await stranger.owner.get(`/api/v1/shopify/data-requests/${id}`)).status).toBe(404);
    expect((await stranger.owner.get('/api/v1/shopify/data-requests')).body.data).toEqual([]);
    const standalone = await createOwner(server);
    expect((await standalone.client.get('/api/v1/shopify/data-requests')).status).toBe(404);
    expect((await standalone.client.get(`/api/v1/shopify/data-requests/${id}`)).status).toBe(404);
    expect((await owner.get(`/api/v1/shopify/data-requests/not-a-uuid`)).status).toBe(400);
  });

  it('tells the shop by mail, at the store’s address, with a link into Shopify’s admin; once per request', async () => {
    const { shop, owner, accountId } = await installedShop(server);
    await jobsSettled(server, 'shopify.shop-email.sync', accountId);
    const to = (await owner.get('/api/v1/shopify/notification-email')).body.data.email as string;
    expect(to).toBe(`${shop.replace('.myshopify.com', '')}@merchants.example`);
    const email = uniqueEmail('wants-data');
    const body = {
      shop_domain: shop,
      customer: { id: 5150, email, phone: null },
      orders_requested: [299938, 280263],
      data_request: { id: 77 },
    };
    const { webhookId } = await deliverApplied(server, { topic: 'customers/data_request', shop, body });
    const mail = await server.waitForMail(to, /asked your store for their data/);
    const handle = shop.replace('.myshopify.com', '');
    expect(mail.text).toContain(`${email} asked your store for the data held about them`);
    expect(mail.text).toContain('The request names 2 orders.');
    expect(mail.text).toContain(`https://admin.shopify.com/store/${handle}/apps/quizlead/shopify/app/Settings`);
    expect((await owner.get('/api/v1/shopify/data-requests')).body.data[0]).toMatchObject({
      customerEmail: email,
      ordersRequested: ['299938', '280263'],
    });
    // Shopify delivering it again stores nothing and mails nobody again.
    await deliver(server, { topic: 'customers/data_request', shop, body, webhookId });
    await jobsSettled(server, 'shopify.data-request.notify', accountId);
    expect(
      (await server.mailbox.list()).filter((item) => item.to === to && /asked your store for their data/.test(item.subject)),
    ).toHaveLength(1);
    // The job keeps ids only: the customer's email is in no job row.
    expect((await whereFound(email)).filter((place) => place.startsWith(server.services.queue.schema))).toEqual([]);
  });
});
