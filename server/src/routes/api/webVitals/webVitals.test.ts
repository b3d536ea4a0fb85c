import { eq, getTableColumns, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webVitalLimits, webVitalMessages, webVitalPages } from '@quizlead/shared/schemas/webVitals.ts';
import { webVitals } from '../../../db/schema/index.ts';
import { createAdmin } from '../../../test/adminFixture.ts';
import { createMember, createOwner } from '../../../test/factories.ts';
import { getShopifyTestServer, type ShopifyTestServer } from '../../../test/getTestServer.ts';
import { installedShop } from '../../../test/shopifyWebhooks.ts';

/**
 * POST /api/v1/web-vitals (issue 38): what a signed-in admin reports lands in web_vitals as page
 * pattern, metric, value, shell and day, and nothing else; GET /api/v1/admin/web-vitals shows it to
 * platform administrators only.
 */

let server: ShopifyTestServer;
beforeAll(async () => {
  server = await getShopifyTestServer();
});
afterAll(() => server.stop());

/** A value no other test reports, to find this test's rows in a shared database. */
const marker = () => 1000 + Math.round(Math.random() * 1e6) / 1000;
const rowsValued = (value: number) => server.services.database.db.select().from(webVitals).where(eq(webVitals.value, value));

describe('reporting web vitals', () => {
  it('stores each metric with its page pattern, shell and day, and nothing that says who sent it', async () => {
    const owner = await createOwner(server);
    const lcp = marker();
    const answer = await owner.client.request(
      'POST',
      '/api/v1/web-vitals',
      {
        samples: [
          { page: '/Quiz/Edit/:id', metric: 'LCP', value: lcp },
          { page: '/Quiz/Edit/:id', metric: 'CLS', value: 0.042 },
        ],
        // Unknown fields are dropped, never stored.
        url: 'https://example.com/app/Quiz/Edit/1234?secret=1',
      },
      { 'user-agent': 'VitalsTestBrowser/1.0', 'x-forwarded-for': '203.0.113.7' },
    );
    expect(answer.status).toBe(202);
    expect(answer.body).toEqual({ data: { recorded: 2 } });

    const [row] = await rowsValued(lcp);
    const today = new Date().toISOString().slice(0, 10);
    expect(row).toEqual({
      id: expect.any(Number),
      page: '/Quiz/Edit/:id',
      metric: 'LCP',
      value: lcp,
      surface: 'standalone',
      recordedOn: today,
    });
    // The table has no column for anyone or anywhere, and the database agrees with the schema.
    expect(Object.keys(getTableColumns(webVitals)).sort()).toEqual(['id', 'metric', 'page', 'recordedOn', 'surface', 'value']);
    const columns = (await server.services.database.db.execute(
      sql`select column_name from information_schema.columns where table_name = 'web_vitals' and table_schema = current_schema() order by column_name`,
    )) as unknown as { rows: { column_name: string }[] };
    expect(columns.rows.map((column) => column.column_name)).toEqual(['id', 'metric', 'page', 'recorded_on', 'surface', 'value']);
    const stored = JSON.stringify(row);
    for (const identifying of [
      owner.account.id,
      owner.user.id,
      owner.email,
      'VitalsTestBrowser',
      '203.0.113.7',
      '127.0.0.1',
      '1234',
      'secret',
    ]) {
      expect(stored).not.toContain(identifying);
    }
  });

  it('takes the shell from how the caller signed in: a shop’s session token is the embedded admin', async () => {
    const { owner } = await installedShop(server);
    const inp = marker();
    const answer = await owner.post('/api/v1/web-vitals', {
      samples: [{ page: '/', metric: 'INP', value: inp, surface: 'standalone' }],
    });
    expect(answer.status).toBe(202);
    expect(await rowsValued(inp)).toMatchObject([{ page: '/', metric: 'INP', surface: 'embedded' }]);
  });

  it('lets any role of the account report, and asks a signed-out caller to sign in', async () => {
    const owner = await createOwner(server);
    const member = await createMember(server, owner.account, 'member');
    const value = marker();
    const report = { samples: [{ page: '/Quizzes', metric: 'FCP', value }] };
    expect((await member.client.post('/api/v1/web-vitals', report)).status).toBe(202);
    const signedOut = await server.client().post('/api/v1/web-vitals', report);
    expect(signedOut.status).toBe(401);
    expect(await rowsValued(value)).toHaveLength(1);
  });

  it('refuses what is not a known page, metric or plausible value, naming the field', async () => {
    const { client } = await createOwner(server);
    const refused = async (samples: unknown) => {
      const answer = await client.post('/api/v1/web-vitals', { samples });
      expect(answer.status).toBe(400);
      return { field: answer.body.error.field, message: answer.body.error.message };
    };
    const sample = { page: '/Quizzes', metric: 'LCP', value: 1200 };
    expect(await refused([{ ...sample, page: '/Quiz/Edit/0c6b1c9e-4c1f-4a53-9a64-1d2e3f405162' }])).toEqual({
      field: 'samples.0.page',
      message: webVitalMessages.unknownPage,
    });
    expect(await refused([sample, { ...sample, page: '/Quizzes?status=draft' }])).toEqual({
      field: 'samples.1.page',
      message: webVitalMessages.unknownPage,
    });
    expect((await refused([{ ...sample, page: 'anything' }])).field).toBe('samples.0.page');
    expect(await refused([{ ...sample, metric: 'FID' }])).toEqual({
      field: 'samples.0.metric',
      message: webVitalMessages.metric,
    });
    expect(await refused([{ ...sample, value: '1200' }])).toEqual({ field: 'samples.0.value', message: webVitalMessages.value });
    expect(await refused([{ ...sample, value: -1 }])).toEqual({
      field: 'samples.0.value',
      message: webVitalMessages.milliseconds,
    });
    expect(await refused([{ ...sample, value: webVitalLimits.maxMilliseconds + 1 }])).toMatchObject({ field: 'samples.0.value' });
    expect(await refused([{ ...sample, metric: 'CLS', value: 11 }])).toEqual({
      field: 'samples.0.value',
      message: webVitalMessages.layoutShift,
    });
    expect(await refused([])).toEqual({ field: 'samples', message: webVitalMessages.samplesRequired });
    expect(await refused(Array.from({ length: webVitalLimits.batchSize + 1 }, () => sample))).toEqual({
      field: 'samples',
      message: webVitalMessages.tooManySamples,
    });
    expect(webVitalPages).toContain('/Quiz/Edit/:id');
  });

  it('limits how often one account reports', async () => {
    const { client } = await createOwner(server);
    const limiter = server.services.limiters.webVitalsByAccount;
    const max = limiter.max;
    limiter.max = 2;
    try {
      const report = { samples: [{ page: '/', metric: 'TTFB', value: 80 }] };
      expect((await client.post('/api/v1/web-vitals', report)).status).toBe(202);
      expect((await client.post('/api/v1/web-vitals', report)).status).toBe(202);
      expect((await client.post('/api/v1/web-vitals', report)).status).toBe(429);
    } finally {
      limiter.max = max;
    }
  });
});

describe('the administrators’ web vitals', () => {
  it('shows platform administrators the p75 and samples per page, shell and metric; to others the route does not exist', async () => {
    const owner = await createOwner(server);
    const value = marker();
    expect(
      (await owner.client.post('/api/v1/web-vitals', { samples: [{ page: '/Account', metric: 'LCP', value }] })).status,
    ).toBe(202);

    const admin = await createAdmin(server);
    const answer = await admin.client.get('/api/v1/admin/web-vitals');
    expect(answer.status).toBe(200);
    expect(answer.body.data.windowDays).toBe(28);
    const first = new Date(Date.now() - 27 * 86_400_000).toISOString().slice(0, 10);
    expect(answer.body.data.since).toBe(first);
    expect(answer.body.data.items).toContainEqual(
      expect.objectContaining({ page: '/Account', surface: 'standalone', metric: 'LCP', samples: expect.any(Number) }),
    );

    expect((await owner.client.get('/api/v1/admin/web-vitals')).status).toBe(404);
    expect((await server.client().get('/api/v1/admin/web-vitals')).status).toBe(401);
  });
});
