import type { FakeShopify } from './fakeShopify.ts';
import { sessionTokens } from './sessionTokens.ts';

/**
 * A raw Admin GraphQL call to the fake as externalFetch makes it (the shop in X-Forwarded-Host), with an
 * offline token the fake issued by token exchange: for the fake's own tests, which check what it refuses.
 */
export async function rawAdminGraphql(
  fake: FakeShopify,
  app: { apiKey: string; apiSecret: string },
  shop: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<Record<string, any>> {
  const post = async (path: string, body: unknown, headers: Record<string, string> = {}) =>
    (
      await fetch(`${fake.origin}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-forwarded-host': shop, ...headers },
        body: JSON.stringify(body),
      })
    ).json() as Promise<Record<string, any>>;
  const token = await post('/admin/oauth/access_token', {
    client_id: app.apiKey,
    client_secret: app.apiSecret,
    grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
    subject_token: await sessionTokens.valid(app, shop),
    subject_token_type: 'urn:ietf:params:oauth:token-type:id_token',
    requested_token_type: 'urn:shopify:params:oauth:token-type:offline-access-token',
  });
  return post('/admin/api/2026-10/graphql.json', { query, variables }, { 'x-shopify-access-token': token.access_token });
}
