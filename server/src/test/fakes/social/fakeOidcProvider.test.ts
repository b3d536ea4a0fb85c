import { createHash } from 'node:crypto';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FakeExternalWorld } from '../externalWorld.ts';
import { facebookHosts, FakeOidcProvider, googleHosts, type FakeOidcKind } from './index.ts';

let world: FakeExternalWorld;
let google: FakeOidcProvider;
let facebook: FakeOidcProvider;
const redirectUri = 'https://app.example/auth/callback';
const verifier = 'v'.repeat(43);
const challenge = createHash('sha256').update(verifier).digest('base64url');

beforeAll(async () => {
  world = await FakeExternalWorld.start();
});
afterAll(() => world.stop());

beforeEach(() => {
  if (google) world.unregister(google);
  if (facebook) world.unregister(facebook);
  google = world.register(
    googleHosts,
    new FakeOidcProvider('google', { clientId: 'g-id', clientSecret: 'g-secret', redirectUris: [redirectUri] }),
  );
  facebook = world.register(
    facebookHosts,
    new FakeOidcProvider('facebook', { clientId: 'fb-id', clientSecret: 'fb-secret', redirectUris: [redirectUri] }),
  );
});

const authorizePaths = { google: '/o/oauth2/v2/auth', facebook: '/v21.0/dialog/oauth' };
const authorizeHosts = { google: 'accounts.google.com', facebook: 'www.facebook.com' };

async function call(host: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set('x-forwarded-host', host);
  const response = await fetch(`${world.origin}${path}`, { ...init, headers, redirect: 'manual' });
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get('location'),
    text,
    json: (response.headers.get('content-type') ?? '').includes('json') ? JSON.parse(text) : undefined,
  };
}

function authorizeQuery(kind: FakeOidcKind, change: Record<string, string | undefined> = {}) {
  const params: Record<string, string | undefined> = {
    client_id: kind === 'google' ? 'g-id' : 'fb-id',
    redirect_uri: redirectUri,
    response_type: 'code',
    scope: 'openid email',
    state: 'the-state',
    nonce: 'the-nonce',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...change,
  };
  return new URLSearchParams(Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

const authorize = (kind: FakeOidcKind, change: Record<string, string | undefined> = {}) =>
  call(authorizeHosts[kind], `${authorizePaths[kind]}?${authorizeQuery(kind, change)}`);

/** Through the consent page; answers the redirect back. */
async function consent(kind: FakeOidcKind, decision: 'continue' | 'cancel' = 'continue') {
  const page = await authorize(kind);
  const request = /name="request" value="([^"]+)"/.exec(page.text)![1]!;
  const answer = await call(authorizeHosts[kind], `${authorizePaths[kind]}/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request, decision }).toString(),
  });
  expect(answer.status).toBe(303);
  return new URL(answer.location!);
}

const googleToken = (form: Record<string, string>, headers: Record<string, string> = {}) =>
  call('oauth2.googleapis.com', '/token', {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(form).toString(),
  });

const goodForm = (code: string) => ({
  grant_type: 'authorization_code',
  code,
  redirect_uri: redirectUri,
  client_id: 'g-id',
  client_secret: 'g-secret',
  code_verifier: verifier,
});

describe('the authorization endpoint', () => {
  it('shows a consent page naming the person, escaped, with Continue and Cancel', async () => {
    google.user = { sub: '1', email: 'a@example.com', emailVerified: true, name: '<Ann & Co>' };
    const page = await authorize('google');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Continue as &lt;Ann &amp; Co&gt;</button>');
    expect(page.text).toContain('>Cancel</button>');
    expect(google.authorizationRequests).toBe(1);
  });

  it('an unknown client or unregistered redirect_uri gets an error page, never a redirect', async () => {
    for (const change of [{ client_id: 'other' }, { redirect_uri: 'https://evil.example/cb' }, { redirect_uri: undefined }]) {
      const page = await authorize('google', change);
      expect([page.status, page.location]).toEqual([400, null]);
    }
    expect(google.refusals.map((refusal) => refusal.error)).toEqual([
      'invalid_client',
      'redirect_uri_mismatch',
      'redirect_uri_mismatch',
    ]);
  });

  it.each([
    [{ response_type: 'token' }, 'unsupported_response_type'],
    [{ scope: undefined }, 'invalid_request'],
    [{ scope: 'email profile' }, 'invalid_scope'],
    [{ state: undefined }, 'invalid_request'],
    [{ nonce: undefined }, 'invalid_request'],
    [{ code_challenge: undefined }, 'invalid_request'],
    [{ code_challenge_method: 'plain' }, 'invalid_request'],
    [{ code_challenge_method: undefined }, 'invalid_request'],
  ])('%o is sent back as %s', async (change, error) => {
    const answer = await authorize('facebook', change);
    expect(answer.status).toBe(302);
    const back = new URL(answer.location!);
    expect(`${back.origin}${back.pathname}`).toBe(redirectUri);
    expect(back.searchParams.get('error')).toBe(error);
    expect(facebook.authorizationRequests).toBe(0);
  });

  it('Cancel sends back error=access_denied with the state (Facebook adds user_denied)', async () => {
    const fromGoogle = await consent('google', 'cancel');
    expect(Object.fromEntries(fromGoogle.searchParams)).toEqual({ error: 'access_denied', state: 'the-state' });
    const fromFacebook = await consent('facebook', 'cancel');
    expect(Object.fromEntries(fromFacebook.searchParams)).toMatchObject({
      error: 'access_denied',
      error_reason: 'user_denied',
      state: 'the-state',
    });
  });
});

describe('the token endpoint', () => {
  it('redeems a code once for an access token and an RS256 ID token its JWKS verifies', async () => {
    google.user = { sub: '42', email: 'g@example.com', emailVerified: false, name: 'Gee' };
    const back = await consent('google');
    expect(back.searchParams.get('state')).toBe('the-state');
    const code = back.searchParams.get('code')!;
    const answer = await googleToken(goodForm(code));
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ token_type: 'Bearer', access_token: expect.any(String), expires_in: 3599 });
    const jwks = await call('www.googleapis.com', '/oauth2/v3/certs');
    const { payload, protectedHeader } = await jwtVerify(answer.json.id_token, createLocalJWKSet(jwks.json), {
      issuer: 'https://accounts.google.com',
      audience: 'g-id',
    });
    expect(protectedHeader.alg).toBe('RS256');
    expect(payload).toMatchObject({ sub: '42', email: 'g@example.com', email_verified: false, name: 'Gee', nonce: 'the-nonce' });

    const userinfo = await call('openidconnect.googleapis.com', '/v1/userinfo', {
      headers: { authorization: `Bearer ${answer.json.access_token}` },
    });
    expect(userinfo.json).toEqual({ sub: '42', name: 'Gee', email: 'g@example.com', email_verified: false });
    expect((await call('openidconnect.googleapis.com', '/v1/userinfo')).status).toBe(401);

    const again = await googleToken(goodForm(code));
    expect([again.status, again.json.error]).toEqual([400, 'invalid_grant']);
  });

  it('takes the client in HTTP Basic too (Google)', async () => {
    const code = (await consent('google')).searchParams.get('code')!;
    const { client_id: _id, client_secret: _secret, ...form } = goodForm(code);
    const answer = await googleToken(form, { authorization: `Basic ${Buffer.from('g-id:g-secret').toString('base64')}` });
    expect(answer.status).toBe(200);
  });

  it.each([
    [{ client_secret: 'wrong' }, 401, 'invalid_client'],
    [{ client_id: 'other' }, 401, 'invalid_client'],
    [{ grant_type: 'client_credentials' }, 400, 'unsupported_grant_type'],
    [{ grant_type: undefined }, 400, 'unsupported_grant_type'],
    [{ code: 'made-up' }, 400, 'invalid_grant'],
    [{ redirect_uri: 'https://app.example/other' }, 400, 'redirect_uri_mismatch'],
    [{ code_verifier: undefined }, 400, 'invalid_grant'],
    [{ code_verifier: 'w'.repeat(43) }, 400, 'invalid_grant'],
  ])('refuses %o with %i %s', async (change, status, error) => {
    const code = (await consent('google')).searchParams.get('code')!;
    const form = Object.fromEntries(
      Object.entries({ ...goodForm(code), ...change }).filter((entry): entry is [string, string] => entry[1] !== undefined),
    );
    const answer = await googleToken(form);
    expect([answer.status, answer.json.error]).toEqual([status, error]);
    expect(google.tokensIssued).toBe(0);
  });

  it('Facebook: GET with the documented parameters; its errors are Graph API errors', async () => {
    facebook.user = { sub: '1016', name: 'Fay', email: 'fay@example.com' };
    const code = (await consent('facebook')).searchParams.get('code')!;
    const query = new URLSearchParams({
      client_id: 'fb-id',
      client_secret: 'fb-secret',
      redirect_uri: redirectUri,
      code,
      code_verifier: verifier,
    });
    const answer = await call('graph.facebook.com', `/v21.0/oauth/access_token?${query}`);
    expect(answer.status).toBe(200);
    expect(answer.json).toMatchObject({ token_type: 'bearer', access_token: expect.any(String), id_token: expect.any(String) });
    const jwks = await call('www.facebook.com', '/.well-known/oauth/openid/jwks/');
    const { payload } = await jwtVerify(answer.json.id_token, createLocalJWKSet(jwks.json), {
      issuer: 'https://www.facebook.com',
      audience: 'fb-id',
    });
    expect(payload).toMatchObject({ sub: '1016', email: 'fay@example.com', name: 'Fay', nonce: 'the-nonce' });
    expect(payload.email_verified).toBeUndefined();

    const reused = await call('graph.facebook.com', `/v21.0/oauth/access_token?${query}`);
    expect(reused.status).toBe(400);
    expect(reused.json.error).toMatchObject({ type: 'OAuthException', message: expect.any(String) });
  });

  it('overrideClaims tampers with the ID tokens it signs', async () => {
    google.overrideClaims = { nonce: 'other' };
    const code = (await consent('google')).searchParams.get('code')!;
    const answer = await googleToken(goodForm(code));
    const jwks = await call('www.googleapis.com', '/oauth2/v3/certs');
    const { payload } = await jwtVerify(answer.json.id_token, createLocalJWKSet(jwks.json));
    expect(payload.nonce).toBe('other');
  });
});
