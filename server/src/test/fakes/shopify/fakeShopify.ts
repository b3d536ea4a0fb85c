import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  execute,
  getDirectiveValues,
  getVariableValues,
  parse,
  validate,
  type DocumentNode,
  type GraphQLError,
  type OperationDefinitionNode,
} from 'graphql';
import { jwtVerify } from 'jose';
import { shopDomainPattern } from '@quizlead/shared/shopify.ts';
import { adminSchema } from './adminSchema.ts';
import { FakeCustomers } from './fakeCustomers.ts';
import { FakeDiscounts } from './fakeDiscounts.ts';
import { FakeFlow } from './fakeFlow.ts';
import { FakeMetafields } from './fakeMetafields.ts';
import { FakeProducts } from './fakeProducts.ts';
import type { FakeApp } from './sessionTokens.ts';
import { FakeStorefront } from './fakeStorefront.ts';
import { storefrontSchema } from './storefrontSchema.ts';

/**
 * A local Shopify for tests, reached through EXTERNAL_API_ORIGIN (integrations/external/externalFetch.ts):
 * a real HTTP server that checks requests the way Shopify documents them (shopify.md 1 and 10).
 *
 * - `POST /admin/oauth/access_token`: token exchange (JSON body: client_id, client_secret, grant_type
 *   urn:ietf:params:oauth:grant-type:token-exchange, subject_token = a session token it verifies like
 *   Shopify, subject_token_type …:id_token, requested_token_type offline/online, expiring "1"/"0") and
 *   refresh (grant_type refresh_token). Expiring offline tokens: access for expires_in 3600, a
 *   refresh_token for refresh_token_expires_in 2592000. Each refresh rotates the refresh token, and the
 *   one used stays valid until its replacement is first used (the 2026-08-28 change).
 *   Refusals answer 400 with an OAuth error body: invalid_subject_token (documented for token exchange),
 *   else RFC 6749/8693 codes: invalid_request, invalid_client, unsupported_grant_type, invalid_grant.
 * - `POST /admin/api/2026-10/graphql.json`: X-Shopify-Access-Token must be a live token it issued to
 *   that shop; every operation is parsed and validated against the Admin schema (adminSchema.ts) and a
 *   failure answers GraphQL errors and is kept in `invalidQueries` (`expectValidQueries()` throws);
 *   a valid one is executed against the shop's programmable `query`/`mutation` root objects (graphql's
 *   default resolvers: a property is a field, a function property is called with the field's args).
 *   Each shop starts with its customers', products' and discounts' operations in those roots
 *   (fakeCustomers.ts, fakeProducts.ts, fakeDiscounts.ts, fakeMetafields.ts, fakeFlow.ts), and
 *   `failNext` makes the next valid operations fail as Shopify does under load (throttling, 429, 5xx,
 *   a dropped connection).
 * - `POST /api/2026-10/graphql.json`: the Storefront API (fakeStorefront.ts). X-Shopify-Storefront-Access-Token
 *   must be a token the shop made with `storefrontAccessTokenCreate` (else 401), holding
 *   unauthenticated_read_product_listings (else ACCESS_DENIED); the query is validated against the
 *   documented Storefront shape (storefrontSchema.ts; failures kept in `invalidQueries` like the Admin
 *   ones) and answered in its `@inContext` market and language, the context used in `extensions.context`.
 *
 * The shop is the one the request was meant for: X-Forwarded-Host. Every request is recorded.
 */

export interface RecordedRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: Record<string, string>;
  /** The shop the call was meant for (X-Forwarded-Host). */
  shop: string;
  body: string;
  json: Record<string, unknown> | undefined;
  status: number;
  /** What the fake answered (the issued tokens, for a token request). */
  responseBody: string;
  /** Parsed token-endpoint grant or GraphQL operation, for assertions. */
  grantType?: string;
  operation?: string;
}

/** What a shop answers to Admin GraphQL: root objects the test may change at any time. */
export interface FakeShop {
  domain: string;
  query: Record<string, unknown>;
  mutation: Record<string, unknown>;
  /** The shop's customers, answered by default through `query` and `mutation` (fakeCustomers.ts). */
  customers: FakeCustomers;
  /** The shop's code discounts (prize codes), answered through `query` and `mutation` (fakeDiscounts.ts). */
  discounts: FakeDiscounts;
  /** The shop's catalogue, answered by default through `query` (fakeProducts.ts). */
  products: FakeProducts;
  /** Customer metafields and their definitions, answered through `query` and `mutation` (fakeMetafields.ts). */
  metafields: FakeMetafields;
  /** Shopify Flow's `flowTriggerReceive`, checked against the app's trigger extensions (fakeFlow.ts). */
  flow: FakeFlow;
  /** The Storefront API: its tokens, markets, translations (fakeStorefront.ts). */
  storefront: FakeStorefront;
  /**
   * How the next valid GraphQL operations fail (after the schema check): each entry fails one
   * operation, the next one or the next one of that `operation` name, and is then removed.
   */
  failNext: FakeGraphqlFailure[];
}

/**
 * - `throttled`: the cost limit's answer, HTTP 200 with a THROTTLED error and the bucket in
 *   `extensions.cost.throttleStatus` (https://shopify.dev/docs/api/usage/limits#rate-limits);
 * - `status`: a bare HTTP answer (429 with Retry-After, 5xx…);
 * - `disconnect`: the connection closes with no answer.
 */
export type FakeGraphqlFailure = { operation?: string } & (
  | { throttled: { requestedQueryCost: number; currentlyAvailable: number; restoreRate: number } }
  | { status: number; headers?: Record<string, string>; body?: unknown }
  | { disconnect: true }
);

type GraphqlAnswer = { status: number; payload: unknown; headers?: Record<string, string> } | 'disconnect';

interface IssuedToken {
  shop: string;
  expiresAt: number | undefined;
  scope: string;
}

interface IssuedRefreshToken extends IssuedToken {
  /** Set once a refresh with this token issued a replacement. */
  replacedBy?: string;
  /** The token this one replaced; revoked when this one is first used. */
  replaces?: string;
  revoked: boolean;
}

export const adminApiVersion = '2026-10';
const tokenExchangeGrant = 'urn:ietf:params:oauth:grant-type:token-exchange';
const idTokenType = 'urn:ietf:params:oauth:token-type:id_token';
const offlineTokenType = 'urn:shopify:params:oauth:token-type:offline-access-token';
const onlineTokenType = 'urn:shopify:params:oauth:token-type:online-access-token';

export class FakeShopify {
  /** The app as Shopify knows it; change apiSecret to play a secret rotated in the Partner Dashboard. */
  readonly app: FakeApp;
  readonly requests: RecordedRequest[] = [];
  readonly invalidQueries: { query: string; errors: string[] }[] = [];
  /** Granted with every token (comma-separated, as Shopify reports scopes). */
  scope = 'read_products';
  accessTokenLifetimeSeconds = 3600;
  refreshTokenLifetimeSeconds = 2_592_000;
  /** Milliseconds the token endpoint waits before answering (to widen races in tests). */
  tokenEndpointDelayMs = 0;

  readonly #server: Server;
  readonly #shops = new Map<string, FakeShop>();
  readonly #accessTokens = new Map<string, IssuedToken>();
  readonly #refreshTokens = new Map<string, IssuedRefreshToken>();
  #origin = '';

  private constructor(app: FakeApp) {
    this.app = { ...app };
    this.#server = createServer((request, response) => {
      this.#handle(request, response).catch((error: unknown) => {
        response.statusCode = 500;
        response.end(String(error));
      });
    });
  }

  static async start(app: FakeApp): Promise<FakeShopify> {
    const fake = new FakeShopify(app);
    await new Promise<void>((done) => fake.#server.listen(0, '127.0.0.1', done));
    fake.#origin = `http://127.0.0.1:${(fake.#server.address() as AddressInfo).port}`;
    adminSchema();
    return fake;
  }

  /** The origin to put in EXTERNAL_API_ORIGIN. */
  get origin(): string {
    return this.#origin;
  }

  async stop(): Promise<void> {
    await new Promise<void>((done) => {
      this.#server.close(() => done());
      this.#server.closeAllConnections();
    });
  }

  /** The shop's programmable Admin API state, created with defaults on first use. */
  shop(domain: string): FakeShop {
    let shop = this.#shops.get(domain);
    if (!shop) {
      const handle = domain.replace(/\.myshopify\.com$/, '');
      const customers = new FakeCustomers();
      const discounts = new FakeDiscounts();
      const products = new FakeProducts(domain);
      const metafields = new FakeMetafields((id) => customers.byId(id) !== undefined);
      const flow = new FakeFlow((id) => customers.byId(id) !== undefined);
      const storefront = new FakeStorefront(products, () => this.scope.split(',').map((scope) => scope.trim()));
      shop = {
        domain,
        query: {
          // The store's own addresses (Shop.email, Shop.contactEmail), not the app's placeholder user.
          shop: {
            id: `gid://shopify/Shop/${handle}`,
            name: handle,
            myshopifyDomain: domain,
            email: `${handle}@merchants.example`,
            contactEmail: `hello@${handle}.example`,
          },
          currentAppInstallation: { id: `gid://shopify/AppInstallation/${handle}`, activeSubscriptions: [] },
          ...customers.queryFields(),
          ...discounts.queryFields(),
          ...products.queryFields(),
          ...metafields.queryFields(),
        },
        mutation: {
          ...customers.mutationFields(),
          ...discounts.mutationFields(),
          ...metafields.mutationFields(),
          ...flow.mutationFields(),
          ...storefront.mutationFields(),
        },
        customers,
        metafields,
        flow,
        discounts,
        products,
        storefront,
        failNext: [],
      };
      this.#shops.set(domain, shop);
    }
    return shop;
  }

  /** Requests to the token endpoint, optionally of one grant ('refresh_token' or the token-exchange URN). */
  tokenRequests(grantType?: string): RecordedRequest[] {
    return this.requests.filter(
      (request) => request.path === '/admin/oauth/access_token' && (!grantType || request.grantType === grantType),
    );
  }

  refreshRequests(shop?: string): RecordedRequest[] {
    return this.tokenRequests('refresh_token').filter((request) => !shop || request.shop === shop);
  }

  exchangeRequests(shop?: string): RecordedRequest[] {
    return this.tokenRequests(tokenExchangeGrant).filter((request) => !shop || request.shop === shop);
  }

  /** Admin API GraphQL calls. */
  graphqlRequests(shop?: string): RecordedRequest[] {
    return this.requests.filter((request) => request.path.startsWith('/admin/api/') && (!shop || request.shop === shop));
  }

  /** Storefront API GraphQL calls. */
  storefrontRequests(shop?: string): RecordedRequest[] {
    return this.requests.filter((request) => storefrontPath.test(request.path) && (!shop || request.shop === shop));
  }

  /** Throws with every query that did not validate against the Admin schema. */
  expectValidQueries(): void {
    if (this.invalidQueries.length === 0) return;
    const report = this.invalidQueries.map(({ query, errors }) => `${errors.join('; ')}\n${query}`).join('\n---\n');
    throw new Error(`Queries invalid against the Admin (or Storefront) schema:\n${report}`);
  }

  /** The shop removed the app: Shopify revokes its tokens. */
  uninstall(domain: string): void {
    this.#revokeAdminTokens(domain);
    this.#shops.get(domain)?.storefront.revokeTokens();
  }

  #revokeAdminTokens(domain: string): void {
    for (const [token, issued] of this.#accessTokens) if (issued.shop === domain) this.#accessTokens.delete(token);
    for (const [token, issued] of this.#refreshTokens) if (issued.shop === domain) this.#refreshTokens.delete(token);
  }

  /**
   * Shopify revokes the app's tokens of a shop that keeps the app (a support action, a leaked token
   * rotated): the access token gets 401 before its expiry and the refresh token invalid_grant; only a
   * new token exchange (a fresh session token from the admin) brings new ones.
   */
  revokeTokens(domain: string): void {
    this.#revokeAdminTokens(domain);
  }

  /** Whether `token` is a live access token of `shop` (e.g. to check what the app stored). */
  isLiveAccessToken(shop: string, token: string): boolean {
    const issued = this.#accessTokens.get(token);
    return Boolean(issued && issued.shop === shop && (!issued.expiresAt || issued.expiresAt > Date.now()));
  }

  async #handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const url = new URL(request.url ?? '/', this.#origin);
    const headers = Object.fromEntries(
      Object.entries(request.headers).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
    );
    let json: Record<string, unknown> | undefined;
    try {
      const parsed: unknown = body ? JSON.parse(body) : undefined;
      json = parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
    } catch {
      json = undefined;
    }
    const recorded: RecordedRequest = {
      method: request.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers,
      shop: headers['x-forwarded-host'] ?? '',
      body,
      json,
      status: 0,
      responseBody: '',
    };
    this.requests.push(recorded);
    const send = (status: number, payload: unknown, extraHeaders: Record<string, string> = {}) => {
      recorded.status = status;
      recorded.responseBody = JSON.stringify(payload);
      response.statusCode = status;
      response.setHeader('Content-Type', 'application/json');
      for (const [name, value] of Object.entries(extraHeaders)) response.setHeader(name, value);
      response.end(recorded.responseBody);
    };

    if (!shopDomainPattern.test(recorded.shop)) {
      return send(400, { error: 'invalid_request', error_description: 'X-Forwarded-Host must name a shop' });
    }
    if (recorded.method === 'POST' && url.pathname === '/admin/oauth/access_token') {
      if (this.tokenEndpointDelayMs) await new Promise((done) => setTimeout(done, this.tokenEndpointDelayMs));
      const [status, payload] = await this.#token(recorded);
      return send(status, payload);
    }
    const graphql = /^\/admin\/api\/([^/]+)\/graphql\.json$/.exec(url.pathname);
    if (recorded.method === 'POST' && graphql) {
      if (graphql[1] !== adminApiVersion) return send(404, { errors: 'Not Found' });
      const answer = this.#graphql(recorded);
      if (answer === 'disconnect') {
        response.destroy();
        return;
      }
      return send(answer.status, answer.payload, answer.headers);
    }
    const storefront = storefrontPath.exec(url.pathname);
    if (recorded.method === 'POST' && storefront) {
      if (storefront[1] !== adminApiVersion) return send(404, { errors: 'Not Found' });
      const answer = this.#storefront(recorded);
      return send(answer.status, answer.payload);
    }
    return send(404, { errors: 'Not Found' });
  }

  async #token(recorded: RecordedRequest): Promise<[number, unknown]> {
    const refuse = (error: string, description: string): [number, unknown] => [400, { error, error_description: description }];
    const body = recorded.json;
    if (!recorded.headers['content-type']?.startsWith('application/json') || !body)
      return refuse('invalid_request', 'the body must be a JSON object');
    recorded.grantType = typeof body.grant_type === 'string' ? body.grant_type : undefined;
    if (body.client_id !== this.app.apiKey || body.client_secret !== this.app.apiSecret)
      return refuse('invalid_client', 'client_id or client_secret is wrong');
    if (body.grant_type === tokenExchangeGrant) return this.#exchange(recorded.shop, body, refuse);
    if (body.grant_type === 'refresh_token') return this.#refresh(recorded.shop, body, refuse);
    return refuse('unsupported_grant_type', `grant_type ${String(body.grant_type)} is not supported`);
  }

  async #exchange(
    shop: string,
    body: Record<string, unknown>,
    refuse: (error: string, description: string) => [number, unknown],
  ): Promise<[number, unknown]> {
    if (body.subject_token_type !== idTokenType) return refuse('invalid_request', `subject_token_type must be ${idTokenType}`);
    if (body.requested_token_type !== offlineTokenType && body.requested_token_type !== onlineTokenType)
      return refuse('invalid_request', 'requested_token_type must be the offline or online access token type');
    if (body.expiring !== undefined && body.expiring !== '0' && body.expiring !== '1')
      return refuse('invalid_request', 'expiring must be "0" or "1"');
    const subject = typeof body.subject_token === 'string' ? body.subject_token : '';
    try {
      const { payload } = await jwtVerify(subject, new TextEncoder().encode(this.app.apiSecret), {
        algorithms: ['HS256'],
        audience: this.app.apiKey,
        requiredClaims: ['exp', 'dest'],
        clockTolerance: 10,
      });
      if (new URL(String(payload.dest)).hostname !== shop) throw new Error('dest is another shop');
    } catch {
      return refuse('invalid_subject_token', 'the subject token is invalid or expired');
    }
    if (body.requested_token_type === onlineTokenType) {
      return [
        200,
        {
          access_token: this.#issueAccess(shop, 86_400),
          scope: this.scope,
          expires_in: 86_400,
          associated_user_scope: this.scope,
          associated_user: {
            id: 12345,
            first_name: 'Shop',
            last_name: 'Owner',
            email: `owner@${shop}`,
            email_verified: true,
            account_owner: true,
            locale: 'en',
            collaborator: false,
          },
        },
      ];
    }
    if (body.expiring !== '1') return [200, { access_token: this.#issueAccess(shop, undefined), scope: this.scope }];
    return [200, this.#expiringPair(shop)];
  }

  #refresh(
    shop: string,
    body: Record<string, unknown>,
    refuse: (error: string, description: string) => [number, unknown],
  ): [number, unknown] {
    const token = typeof body.refresh_token === 'string' ? body.refresh_token : '';
    const issued = this.#refreshTokens.get(token);
    if (!issued || issued.shop !== shop || issued.revoked || (issued.expiresAt && issued.expiresAt <= Date.now()))
      return refuse('invalid_grant', 'the refresh token is invalid, expired or revoked');
    // Using this token retires the one it replaced; it stays valid itself until its replacement is used.
    const replaced = issued.replaces && this.#refreshTokens.get(issued.replaces);
    if (replaced) replaced.revoked = true;
    const pair = this.#expiringPair(shop);
    issued.replacedBy = pair.refresh_token;
    this.#refreshTokens.get(pair.refresh_token)!.replaces = token;
    return [200, pair];
  }

  #expiringPair(shop: string) {
    const refreshToken = `shprt_${randomBytes(16).toString('hex')}`;
    this.#refreshTokens.set(refreshToken, {
      shop,
      scope: this.scope,
      expiresAt: Date.now() + this.refreshTokenLifetimeSeconds * 1000,
      revoked: false,
    });
    return {
      access_token: this.#issueAccess(shop, this.accessTokenLifetimeSeconds),
      scope: this.scope,
      expires_in: this.accessTokenLifetimeSeconds,
      refresh_token: refreshToken,
      refresh_token_expires_in: this.refreshTokenLifetimeSeconds,
    };
  }

  #issueAccess(shop: string, lifetimeSeconds: number | undefined): string {
    const token = `shpat_${randomBytes(16).toString('hex')}`;
    this.#accessTokens.set(token, {
      shop,
      scope: this.scope,
      expiresAt: lifetimeSeconds === undefined ? undefined : Date.now() + lifetimeSeconds * 1000,
    });
    return token;
  }

  #graphql(recorded: RecordedRequest): GraphqlAnswer {
    const token = recorded.headers['x-shopify-access-token'] ?? '';
    if (!this.isLiveAccessToken(recorded.shop, token))
      return { status: 401, payload: { errors: '[API] Invalid API key or access token (unrecognized login or wrong password)' } };
    const query = typeof recorded.json?.query === 'string' ? recorded.json.query : '';
    const variables = recorded.json?.variables;
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return this.#invalid(query, [error as GraphQLError]);
    }
    recorded.operation = query.replace(/\s+/g, ' ').trim();
    const errors = validate(adminSchema(), document);
    if (errors.length > 0) return this.#invalid(query, errors);
    const shop = this.shop(recorded.shop);
    const variableValues = variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {};
    const operation = document.definitions.find((node): node is OperationDefinitionNode => node.kind === 'OperationDefinition');
    const failing = shop.failNext.findIndex(
      (entry) => entry.operation === undefined || entry.operation === operation?.name?.value,
    );
    const [failure] = failing < 0 ? [] : shop.failNext.splice(failing, 1);
    if (failure) {
      // The variables are checked before the failure, as execute would have.
      const coerced = getVariableValues(adminSchema(), operation?.variableDefinitions ?? [], variableValues);
      if (coerced.errors) return this.#invalid(query, coerced.errors);
      return failureAnswer(failure);
    }
    const result = execute({
      schema: adminSchema(),
      document,
      rootValue: document.definitions.some((node) => node.kind === 'OperationDefinition' && node.operation === 'mutation')
        ? shop.mutation
        : shop.query,
      variableValues,
    });
    if ('then' in result) throw new Error('the fake resolves synchronously');
    if (result.errors?.some((error) => error.message.startsWith('Variable '))) {
      // Variables that do not fit their declared types: Shopify refuses the whole request.
      return this.#invalid(query, result.errors);
    }
    return { status: 200, payload: { ...result, extensions: { cost: { requestedQueryCost: 1, actualQueryCost: 1 } } } };
  }

  #storefront(recorded: RecordedRequest): { status: number; payload: unknown } {
    const shop = this.shop(recorded.shop);
    const token = shop.storefront.tokens.get(recorded.headers['x-shopify-storefront-access-token'] ?? '');
    if (!token)
      return {
        status: 401,
        payload: { errors: [{ message: 'Invalid Storefront access token', extensions: { code: 'UNAUTHORIZED' } }] },
      };
    const query = typeof recorded.json?.query === 'string' ? recorded.json.query : '';
    const variables = recorded.json?.variables;
    let document: DocumentNode;
    try {
      document = parse(query);
    } catch (error) {
      return this.#invalid(query, [error as GraphQLError], 'Storefront');
    }
    recorded.operation = query.replace(/\s+/g, ' ').trim();
    const errors = validate(storefrontSchema(), document);
    if (errors.length > 0) return this.#invalid(query, errors, 'Storefront');
    const operation = document.definitions.find((node): node is OperationDefinitionNode => node.kind === 'OperationDefinition');
    if (!operation || operation.operation !== 'query') return this.#invalid(query, [], 'Storefront: only queries are answered');
    const coerced = getVariableValues(
      storefrontSchema(),
      operation.variableDefinitions ?? [],
      variables && typeof variables === 'object' ? (variables as Record<string, unknown>) : {},
    );
    if (coerced.errors) return this.#invalid(query, coerced.errors, 'Storefront');
    if (!shop.storefront.scopes().includes('unauthenticated_read_product_listings'))
      return {
        status: 200,
        payload: {
          errors: [
            {
              message: 'Access denied for nodes field. Required access: `unauthenticated_read_product_listings` access scope.',
              extensions: { code: 'ACCESS_DENIED' },
            },
          ],
        },
      };
    const inContext = storefrontSchema().getDirective('inContext')!;
    const asked = (getDirectiveValues(inContext, operation, coerced.coerced) ?? {}) as { country?: string; language?: string };
    const context = shop.storefront.context(asked);
    shop.storefront.reads.push({ asked: { ...asked }, used: context });
    const result = execute({
      schema: storefrontSchema(),
      document,
      rootValue: shop.storefront.queryRoot(context),
      variableValues: coerced.coerced,
    });
    if ('then' in result) throw new Error('the fake resolves synchronously');
    return { status: 200, payload: { ...result, extensions: { context } } };
  }

  #invalid(query: string, errors: readonly GraphQLError[], api = 'Admin'): { status: number; payload: unknown } {
    this.invalidQueries.push({
      query,
      errors: api === 'Admin' ? errors.map((error) => error.message) : [api, ...errors.map((error) => error.message)],
    });
    return {
      status: 200,
      payload: {
        errors: errors.map((error) => ({
          message: error.message,
          locations: error.locations,
          extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
        })),
      },
    };
  }
}

const storefrontPath = /^\/api\/([^/]+)\/graphql\.json$/;

function failureAnswer(failure: FakeGraphqlFailure): GraphqlAnswer {
  if ('disconnect' in failure) return 'disconnect';
  if ('status' in failure)
    return { status: failure.status, payload: failure.body ?? { errors: 'Error' }, headers: failure.headers };
  const { requestedQueryCost, currentlyAvailable, restoreRate } = failure.throttled;
  return {
    status: 200,
    payload: {
      errors: [
        {
          message: 'Throttled',
          extensions: { code: 'THROTTLED', documentation: 'https://shopify.dev/api/usage/limits#rate-limits' },
        },
      ],
      extensions: {
        cost: {
          requestedQueryCost,
          actualQueryCost: null,
          throttleStatus: { maximumAvailable: 2000, currentlyAvailable, restoreRate },
        },
      },
    },
  };
}
