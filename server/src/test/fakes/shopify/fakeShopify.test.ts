import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeShopify } from './fakeShopify.ts';
import { forgedSessionTokens, sessionTokens } from './sessionTokens.ts';

const app = { apiKey: 'fake-test-key', apiSecret: 'fake-test-secret-0123456789' };
const shop = 'fake-test.myshopify.com';
let fake: FakeShopify;
beforeAll(async () => {
  fake = await FakeShopify.start(app);
});
afterAll(() => fake.stop());

const exchangeGrant = 'urn:ietf:params:oauth:grant-type:token-exchange';

/** A call as the app makes it through externalFetch: the shop in X-Forwarded-Host. */
async function call(path: string, body: unknown, headers: Record<string, string> = {}, forShop = shop) {
  const response = await fetch(`${fake.origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-host': forShop, ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as Record<string, any> };
}

const exchange = async (overrides: Record<string, unknown> = {}, forShop = shop) =>
  call(
    '/admin/oauth/access_token',
    {
      client_id: app.apiKey,
      client_secret: app.apiSecret,
      grant_type: exchangeGrant,
      subject_token: await sessionTokens.valid(app, shop),
      subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
      requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
      expiring: '1',
      ...overrides,
    },
    {},
    forShop,
  );

const refresh = (refreshToken: string) =>
  call('/admin/oauth/access_token', {
    client_id: app.apiKey,
    client_secret: app.apiSecret,
    grant_type: 'refresh_token',
    refresh_token: refreshToken,
  });

describe('fake Shopify: POST /admin/oauth/access_token', () => {
  it('exchanges a session token for an expiring offline token, or a non-expiring one with expiring "0"', async () => {
    const expiring = await exchange();
    expect(expiring.status).toBe(200);
    expect(expiring.body).toMatchObject({ scope: 'read_products', expires_in: 3600, refresh_token_expires_in: 2_592_000 });
    expect(expiring.body.access_token).toMatch(/^shpat_/);
    expect(expiring.body.refresh_token).toMatch(/^shprt_/);
    const plain = await exchange({ expiring: '0' });
    expect(Object.keys(plain.body).sort()).toEqual(['access_token', 'scope']);
  });

  it('refuses bad requests with the documented error bodies', async () => {
    expect(await exchange({ grant_type: 'authorization_code' })).toMatchObject({
      status: 400,
      body: { error: 'unsupported_grant_type' },
    });
    expect(await exchange({ client_secret: 'wrong' })).toMatchObject({ status: 400, body: { error: 'invalid_client' } });
    expect(await exchange({ client_id: 'another-app' })).toMatchObject({ status: 400, body: { error: 'invalid_client' } });
    expect(await exchange({ subject_token_type: 'urn:ietf:params:oauth:token-type:jwt' })).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    for (const [name, forge] of Object.entries(forgedSessionTokens)) {
      const answer = await exchange({ subject_token: await forge(app, shop) });
      expect(answer, name).toMatchObject({ status: 400, body: { error: 'invalid_subject_token' } });
    }
    // A valid token of one shop, presented for another.
    expect(await exchange({}, 'other-shop.myshopify.com')).toMatchObject({
      status: 400,
      body: { error: 'invalid_subject_token' },
    });
    expect(
      await call('/admin/oauth/access_token', 'client_id=x', { 'content-type': 'application/x-www-form-urlencoded' }),
    ).toMatchObject({
      status: 400,
      body: { error: 'invalid_request' },
    });
    expect(await exchange({}, 'not-a-shop.example.com')).toMatchObject({ status: 400, body: { error: 'invalid_request' } });
  });

  it('rotates refresh tokens; the one used stays valid until its replacement is first used', async () => {
    const first = (await exchange()).body.refresh_token as string;
    const second = await refresh(first);
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first);
    // The answer was lost: the same token still works and yields another replacement.
    const retried = await refresh(first);
    expect(retried.status).toBe(200);
    // Using the replacement retires the token it replaced.
    expect((await refresh(retried.body.refresh_token)).status).toBe(200);
    expect(await refresh(first)).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await refresh('shprt_unknown')).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
  });
});

describe('fake Shopify: POST /admin/api/2026-10/graphql.json', () => {
  it('needs a live access token of that shop and the pinned API version', async () => {
    const token = (await exchange()).body.access_token as string;
    const query = { query: '{ shop { name } }' };
    expect(await call('/admin/api/2026-10/graphql.json', query, { 'x-shopify-access-token': token })).toMatchObject({
      status: 200,
      body: { data: { shop: { name: 'fake-test' } } },
    });
    expect((await call('/admin/api/2026-10/graphql.json', query, { 'x-shopify-access-token': 'shpat_forged' })).status).toBe(401);
    const elsewhere = await call(
      '/admin/api/2026-10/graphql.json',
      query,
      { 'x-shopify-access-token': token },
      'b.myshopify.com',
    );
    expect(elsewhere.status).toBe(401);
    expect((await call('/admin/api/2024-01/graphql.json', query, { 'x-shopify-access-token': token })).status).toBe(404);
    fake.uninstall(shop);
    expect((await call('/admin/api/2026-10/graphql.json', query, { 'x-shopify-access-token': token })).status).toBe(401);
  });

  it('validates against the Admin schema and runs mutations against the programmable mutation root', async () => {
    const token = (await exchange()).body.access_token as string;
    const headers = { 'x-shopify-access-token': token };
    const invalid = await call('/admin/api/2026-10/graphql.json', { query: '{ shop { nam } }' }, headers);
    expect(invalid.body.errors[0].message).toMatch(/Cannot query field "nam" on type "Shop"/);
    expect(() => fake.expectValidQueries()).toThrow(/nam/);
    fake.invalidQueries.length = 0;

    fake.shop(shop).mutation.appSubscriptionCancel = (args: { id: string }) => ({
      appSubscription: { id: args.id, status: 'CANCELLED' },
      userErrors: [],
    });
    const cancelled = await call(
      '/admin/api/2026-10/graphql.json',
      {
        query:
          'mutation($id: ID!) { appSubscriptionCancel(id: $id) { appSubscription { id status } userErrors { field message } } }',
        variables: { id: 'gid://shopify/AppSubscription/1' },
      },
      headers,
    );
    expect(cancelled.body.data.appSubscriptionCancel).toEqual({
      appSubscription: { id: 'gid://shopify/AppSubscription/1', status: 'CANCELLED' },
      userErrors: [],
    });
    fake.expectValidQueries();
  });
});

describe('fake Shopify: customers', () => {
  const customerFields =
    'id email tags defaultEmailAddress { emailAddress marketingState marketingOptInLevel marketingUpdatedAt }';

  async function graphql(query: string, variables: Record<string, unknown> = {}) {
    const token = (await exchange()).body.access_token as string;
    const answer = await call('/admin/api/2026-10/graphql.json', { query, variables }, { 'x-shopify-access-token': token });
    return answer.body as { data?: Record<string, any>; errors?: { message: string }[] };
  }

  const search = async (query: string) =>
    (
      await graphql(
        `
          query ($q: String) {
            customers(first: 10, query: $q) {
              nodes {
                email
              }
            }
          }
        `,
        { q: query },
      )
    ).data!.customers.nodes.map((node: { email: string }) => node.email);

  it('creates customers with unique emails, adds tags as a set and records consent only as accepted input', async () => {
    const create = (input: Record<string, unknown>) =>
      graphql(
        `mutation($input: CustomerInput!) { customerCreate(input: $input) { customer { ${customerFields} } userErrors { field message } } }`,
        {
          input,
        },
      );
    const created = await create({
      email: 'Bo.Wang@example.com',
      tags: ['quiz, vip', ' quiz '],
      emailMarketingConsent: {
        marketingState: 'SUBSCRIBED',
        marketingOptInLevel: 'SINGLE_OPT_IN',
        consentUpdatedAt: '2026-11-23T10:00:00Z',
      },
    });
    const customer = created.data!.customerCreate.customer;
    expect(customer).toMatchObject({
      email: 'Bo.Wang@example.com',
      tags: ['quiz', 'vip'],
      defaultEmailAddress: {
        marketingState: 'SUBSCRIBED',
        marketingOptInLevel: 'SINGLE_OPT_IN',
        marketingUpdatedAt: '2026-11-23T10:00:00Z',
      },
    });
    expect((await create({ email: 'bo.wang@EXAMPLE.com' })).data!.customerCreate).toEqual({
      customer: null,
      userErrors: [{ field: ['email'], message: 'Email has already been taken' }],
    });
    expect((await create({ email: 'no-at-sign' })).data!.customerCreate.userErrors).toEqual([
      { field: ['email'], message: 'Email is invalid' },
    ]);
    expect(fake.shop(shop).customers.all()).toHaveLength(1);

    const tagged = await graphql(
      `
        mutation ($id: ID!, $tags: [String!]!) {
          tagsAdd(id: $id, tags: $tags) {
            node {
              id
            }
            userErrors {
              message
            }
          }
        }
      `,
      {
        id: customer.id,
        tags: ['VIP', 'summer'],
      },
    );
    expect(tagged.data!.tagsAdd).toEqual({ node: { id: customer.id }, userErrors: [] });
    expect(fake.shop(shop).customers.byId(customer.id)!.tags).toEqual(['quiz', 'vip', 'summer']);

    const consent = (marketingState: string) =>
      graphql(
        `mutation($input: CustomerEmailMarketingConsentUpdateInput!) { customerEmailMarketingConsentUpdate(input: $input) { customer { ${customerFields} } userErrors { field message code } } }`,
        { input: { customerId: customer.id, emailMarketingConsent: { marketingState } } },
      );
    expect((await consent('NOT_SUBSCRIBED')).data!.customerEmailMarketingConsentUpdate.userErrors[0]).toMatchObject({
      code: 'INCLUSION',
    });
    const unsubscribed = (await consent('UNSUBSCRIBED')).data!.customerEmailMarketingConsentUpdate;
    expect(unsubscribed).toMatchObject({ customer: { defaultEmailAddress: { marketingState: 'UNSUBSCRIBED' } }, userErrors: [] });
    fake.expectValidQueries();
  });

  it('finds customers by email (quoted: exact; unquoted: every word), by tag and by identifier', async () => {
    const customers = fake.shop(shop).customers;
    customers.add({ email: 'ann@example.com', tags: ['quiz'] });
    customers.add({ email: 'ann@example.com.au' });
    expect(await search('email:"ANN@example.com"')).toEqual(['ann@example.com']);
    expect(await search('email:ann@example.com')).toEqual(['ann@example.com', 'ann@example.com.au']);
    expect(await search('email:"ann@example.com" AND tag:quiz')).toEqual(['ann@example.com']);
    expect(await search('tag:nope')).toEqual([]);

    const byEmail = await graphql(
      `
        query ($email: String!) {
          customerByIdentifier(identifier: { emailAddress: $email }) {
            email
          }
        }
      `,
      {
        email: 'Ann@Example.com',
      },
    );
    expect(byEmail.data!.customerByIdentifier).toEqual({ email: 'ann@example.com' });

    const unsupported = await graphql(`
      {
        customers(first: 1, query: "country:JP") {
          nodes {
            id
          }
        }
      }
    `);
    expect(unsupported.errors![0]!.message).toMatch(/email: and tag: terms/);
    const unbounded = await graphql(`
      {
        customers(query: "email:*") {
          nodes {
            id
          }
        }
      }
    `);
    expect(unbounded.errors![0]!.message).toBe('you must provide one of first or last');
    fake.expectValidQueries();
  });

  it('fails the next operations as asked, after checking them against the schema', async () => {
    const query = `query Lookup($email: String!) { customerByIdentifier(identifier: { emailAddress: $email }) { id } }`;
    fake
      .shop(shop)
      .failNext.push(
        { operation: 'Other', status: 503 },
        { throttled: { requestedQueryCost: 10, currentlyAvailable: 0, restoreRate: 100 } },
      );
    const throttled = await graphql(query, { email: 'x@example.com' });
    expect(throttled).toMatchObject({
      errors: [{ message: 'Throttled', extensions: { code: 'THROTTLED' } }],
      extensions: { cost: { requestedQueryCost: 10, throttleStatus: { currentlyAvailable: 0, restoreRate: 100 } } },
    });
    expect(throttled.data).toBeUndefined();
    expect(fake.shop(shop).failNext).toEqual([{ operation: 'Other', status: 503 }]);
    expect((await graphql(query, { email: 'x@example.com' })).data).toEqual({ customerByIdentifier: null });
    fake.shop(shop).failNext.length = 0;
    fake.expectValidQueries();
  });
});
