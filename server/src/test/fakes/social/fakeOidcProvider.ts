import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { escapeHtml } from '../../../lib/escapeHtml.ts';
import type { ExternalFake, ExternalReply, ExternalRequest } from '../externalWorld.ts';

/**
 * Google's and Facebook's OpenID Connect sign-in, as each documents it, for FakeExternalWorld:
 *   world.register(googleHosts, new FakeOidcProvider('google', client))
 *   world.register(facebookHosts, new FakeOidcProvider('facebook', client))
 * - Authorization endpoint (Google accounts.google.com/o/oauth2/v2/auth, Facebook
 *   www.facebook.com/v21.0/dialog/oauth): an unknown client_id or an unregistered redirect_uri gets
 *   an error page (never a redirect); then response_type=code, a scope with openid, state, nonce and a
 *   S256 code_challenge are required, each missing one redirected back as error=invalid_request (or
 *   unsupported_response_type / invalid_scope). A good request shows a consent page: "Continue as
 *   <name>" and "Cancel", forms that POST to the path + "/consent" and answer 303 to the redirect_uri
 *   with code and state, or error=access_denied and state (Facebook adds error_reason=user_denied).
 * - Token endpoint (Google POST oauth2.googleapis.com/token, Facebook GET or POST
 *   graph.facebook.com/v21.0/oauth/access_token): client_id and client_secret (Google also takes
 *   HTTP Basic), grant_type=authorization_code (Facebook documents none; when sent it must be that),
 *   a code issued to that client for that redirect_uri, used once, at most 10 minutes old, and a
 *   code_verifier whose S256 is the challenge. Answers access_token and an RS256 id_token (iss, aud,
 *   sub, email, email_verified for Google, name, nonce, iat, exp). Google's errors are
 *   {error, error_description}; Facebook's are its Graph API {error: {message, type, code}}.
 * - JWKS (www.googleapis.com/oauth2/v3/certs, www.facebook.com/.well-known/oauth/openid/jwks/) and
 *   Google's userinfo (openidconnect.googleapis.com/v1/userinfo, Bearer access token).
 * Tests choose who consents (`user`) and may tamper with the ID tokens (`overrideClaims`); every
 * refusal is recorded in `refusals`.
 */

export type FakeOidcKind = 'google' | 'facebook';

/** The account the person consents with. Facebook leaves email out when the person withheld it. */
export interface FakeOidcUser {
  sub: string;
  email?: string;
  /** Google's email_verified (Facebook has no such claim). */
  emailVerified?: boolean;
  name: string;
}

/** The app as registered with the provider (Google Cloud OAuth client, Facebook app). */
export interface FakeOidcClient {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
}

export interface FakeOidcRefusal {
  endpoint: 'authorize' | 'consent' | 'token' | 'userinfo';
  error: string;
  description: string;
}

export const googleHosts =
  /^(accounts\.google\.com|oauth2\.googleapis\.com|www\.googleapis\.com|openidconnect\.googleapis\.com)$/;
export const facebookHosts = /^(www|graph)\.facebook\.com$/;

interface Endpoints {
  issuer: string;
  authorize: { host: string; path: string };
  token: { host: string; path: string; methods: string[] };
  jwks: { host: string; path: string };
  userinfo?: { host: string; path: string };
}

const endpoints: Record<FakeOidcKind, Endpoints> = {
  google: {
    issuer: 'https://accounts.google.com',
    authorize: { host: 'accounts.google.com', path: '/o/oauth2/v2/auth' },
    token: { host: 'oauth2.googleapis.com', path: '/token', methods: ['POST'] },
    jwks: { host: 'www.googleapis.com', path: '/oauth2/v3/certs' },
    userinfo: { host: 'openidconnect.googleapis.com', path: '/v1/userinfo' },
  },
  facebook: {
    issuer: 'https://www.facebook.com',
    authorize: { host: 'www.facebook.com', path: '/v21.0/dialog/oauth' },
    token: { host: 'graph.facebook.com', path: '/v21.0/oauth/access_token', methods: ['GET', 'POST'] },
    jwks: { host: 'www.facebook.com', path: '/.well-known/oauth/openid/jwks/' },
  },
};

const codeLifetimeMs = 10 * 60_000;
const tokenLifetimeSeconds = { google: 3599, facebook: 5_183_999 };

/** An authorization request waiting on the consent page. */
interface PendingAuthorization {
  clientId: string;
  redirectUri: string;
  scope: string;
  state: string;
  nonce: string;
  codeChallenge: string;
}

interface IssuedCode extends PendingAuthorization {
  user: FakeOidcUser;
  expiresAt: number;
  used: boolean;
}

const s256 = (verifier: string) => createHash('sha256').update(verifier).digest('base64url');
const random = (bytes = 24) => randomBytes(bytes).toString('base64url');

function withQuery(url: string, params: Record<string, string>): string {
  const target = new URL(url);
  for (const [name, value] of Object.entries(params)) target.searchParams.set(name, value);
  return target.href;
}

function html(status: number, title: string, content: string): ExternalReply {
  return {
    status,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: [
      '<!doctype html>',
      `<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title>`,
      '<style>body{font-family:system-ui,sans-serif;display:flex;justify-content:center;padding:48px 16px;background:#f1f3f4}main{background:#fff;border-radius:8px;padding:32px;max-width:400px;width:100%}button{display:block;width:100%;margin-top:12px;padding:10px;font-size:16px}</style>',
      `</head><body><main>${content}</main></body></html>`,
    ].join('\n'),
  };
}

export class FakeOidcProvider implements ExternalFake {
  readonly kind: FakeOidcKind;
  readonly client: FakeOidcClient;
  /** Who signs in on the consent page. */
  user: FakeOidcUser;
  /** Claims every ID token carries instead of the right ones (a tamper hook): `{ nonce: 'other' }`. */
  overrideClaims: Record<string, unknown> = {};
  readonly refusals: FakeOidcRefusal[] = [];
  /** Authorization requests that reached the consent page. */
  authorizationRequests = 0;
  tokensIssued = 0;
  readonly #pending = new Map<string, PendingAuthorization>();
  readonly #codes = new Map<string, IssuedCode>();
  readonly #accessTokens = new Map<string, FakeOidcUser>();
  readonly #kid = random(8);
  #keys: Promise<{ privateKey: CryptoKey; jwk: JWK }> | undefined;

  constructor(kind: FakeOidcKind, client: FakeOidcClient, user?: FakeOidcUser) {
    this.kind = kind;
    this.client = client;
    this.user = user ?? {
      sub: kind === 'google' ? '109876543210987654321' : '10160000000000001',
      email: 'pat.social@example.com',
      emailVerified: true,
      name: 'Pat Social',
    };
  }

  get issuer(): string {
    return endpoints[this.kind].issuer;
  }

  /** The provider's public keys (what its JWKS endpoint serves). */
  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: [(await this.#keyPair()).jwk] };
  }

  async handle(request: ExternalRequest): Promise<ExternalReply> {
    const { authorize, token, jwks, userinfo } = endpoints[this.kind];
    const at = (endpoint: { host: string; path: string }, path = endpoint.path) =>
      request.host === endpoint.host && request.path === path;
    if (at(authorize)) return request.method === 'GET' ? this.#authorize(request) : this.#methodNotAllowed();
    if (at(authorize, `${authorize.path}/consent`))
      return request.method === 'POST' ? this.#consent(request) : this.#methodNotAllowed();
    if (at(token)) return token.methods.includes(request.method) ? this.#token(request) : this.#methodNotAllowed();
    if (at(jwks) && request.method === 'GET') return { status: 200, body: await this.jwks() };
    if (userinfo && at(userinfo) && request.method === 'GET') return this.#userinfo(request);
    return { status: 404, headers: { 'Content-Type': 'text/plain' }, body: 'Not Found' };
  }

  #methodNotAllowed(): ExternalReply {
    return { status: 405, headers: { 'Content-Type': 'text/plain' }, body: 'Method Not Allowed' };
  }

  #refuse(endpoint: FakeOidcRefusal['endpoint'], error: string, description: string) {
    this.refusals.push({ endpoint, error, description });
  }

  // ---- authorization endpoint and consent page ----

  #authorize(request: ExternalRequest): ExternalReply {
    const query = request.query;
    const clientId = query.get('client_id') ?? '';
    const redirectUri = query.get('redirect_uri') ?? '';
    const errorPage = (error: string, description: string) => {
      this.#refuse('authorize', error, description);
      return this.kind === 'google'
        ? html(
            400,
            'Error 400',
            `<h1>Access blocked: Authorization Error</h1><p>Error 400: ${escapeHtml(error)}</p><p>${escapeHtml(description)}</p>`,
          )
        : html(400, 'Error', `<h1>${escapeHtml(description)}</h1>`);
    };
    if (clientId !== this.client.clientId) return errorPage('invalid_client', 'The OAuth client was not found.');
    if (!this.client.redirectUris.includes(redirectUri))
      return errorPage('redirect_uri_mismatch', "URL blocked: the redirect URI is not whitelisted in the app's settings.");

    const state = query.get('state') ?? '';
    const back = (error: string, description: string): ExternalReply => {
      this.#refuse('authorize', error, description);
      const params: Record<string, string> = { error, error_description: description };
      if (state) params.state = state;
      return { status: 302, headers: { Location: withQuery(redirectUri, params) } };
    };
    if (query.get('response_type') !== 'code') return back('unsupported_response_type', 'response_type must be code');
    const scope = query.get('scope') ?? '';
    if (!scope) return back('invalid_request', 'Missing required parameter: scope');
    if (!scope.split(' ').includes('openid')) return back('invalid_scope', 'scope must include openid');
    if (!state) return back('invalid_request', 'Missing required parameter: state');
    const nonce = query.get('nonce') ?? '';
    if (!nonce) return back('invalid_request', 'Missing required parameter: nonce');
    const codeChallenge = query.get('code_challenge') ?? '';
    if (!/^[A-Za-z0-9_-]{43}$/.test(codeChallenge)) return back('invalid_request', 'Invalid code_challenge');
    if (query.get('code_challenge_method') !== 'S256') return back('invalid_request', 'code_challenge_method must be S256');

    const requestId = random();
    this.#pending.set(requestId, { clientId, redirectUri, scope, state, nonce, codeChallenge });
    this.authorizationRequests += 1;
    const provider = this.kind === 'google' ? 'Google' : 'Facebook';
    const hidden = `<input type="hidden" name="request" value="${escapeHtml(requestId)}">`;
    const action = `${endpoints[this.kind].authorize.path}/consent`;
    return html(
      200,
      this.kind === 'google' ? 'Sign in - Google Accounts' : 'Log in with Facebook',
      [
        `<h1>${this.kind === 'google' ? 'Sign in with Google' : 'Log in With Facebook'}</h1>`,
        `<p>The app will receive your name and email address from ${provider}.</p>`,
        `<p>${escapeHtml(this.user.email ?? '')}</p>`,
        `<form method="post" action="${action}">${hidden}`,
        `<button type="submit" name="decision" value="continue">Continue as ${escapeHtml(this.user.name)}</button>`,
        `<button type="submit" name="decision" value="cancel">Cancel</button>`,
        '</form>',
      ].join('\n'),
    );
  }

  #consent(request: ExternalRequest): ExternalReply {
    const form = new URLSearchParams(request.body);
    const requestId = form.get('request') ?? '';
    const pending = this.#pending.get(requestId);
    if (!pending) {
      this.#refuse('consent', 'invalid_request', 'unknown or spent authorization request');
      return html(400, 'Error', '<h1>This sign-in request has expired. Go back and try again.</h1>');
    }
    this.#pending.delete(requestId);
    if (form.get('decision') !== 'continue') {
      const denied: Record<string, string> =
        this.kind === 'google'
          ? { error: 'access_denied', state: pending.state }
          : {
              error: 'access_denied',
              error_code: '200',
              error_description: 'Permissions error',
              error_reason: 'user_denied',
              state: pending.state,
            };
      return { status: 303, headers: { Location: withQuery(pending.redirectUri, denied) } };
    }
    const code = `${this.kind === 'google' ? '4/0A' : 'AQ'}${random(32)}`;
    this.#codes.set(code, { ...pending, user: { ...this.user }, expiresAt: Date.now() + codeLifetimeMs, used: false });
    const params: Record<string, string> =
      this.kind === 'google'
        ? { state: pending.state, code, scope: pending.scope, authuser: '0', prompt: 'consent' }
        : { code, state: pending.state };
    return { status: 303, headers: { Location: withQuery(pending.redirectUri, params) } };
  }

  // ---- token endpoint ----

  async #token(request: ExternalRequest): Promise<ExternalReply> {
    const fail = (status: number, error: string, description: string, facebookCode = 100): ExternalReply => {
      this.#refuse('token', error, description);
      const body =
        this.kind === 'google'
          ? { error, error_description: description }
          : { error: { message: description, type: 'OAuthException', code: facebookCode, fbtrace_id: random(8) } };
      return { status, headers: { 'Cache-Control': 'no-store' }, body };
    };
    let params: URLSearchParams;
    if (request.method === 'POST') {
      if (!(request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
        return fail(400, 'invalid_request', 'The request body must be application/x-www-form-urlencoded');
      params = new URLSearchParams(request.body);
    } else params = request.query;

    const basic = /^Basic (.+)$/i.exec(request.headers.authorization ?? '');
    let clientId = params.get('client_id') ?? '';
    let clientSecret = params.get('client_secret') ?? '';
    if (basic && this.kind === 'google') {
      const [id = '', secret = ''] = Buffer.from(basic[1]!, 'base64').toString('utf8').split(':');
      clientId = decodeURIComponent(id);
      clientSecret = decodeURIComponent(secret);
    }
    if (clientId !== this.client.clientId) return fail(401, 'invalid_client', 'The OAuth client was not found.', 101);
    if (clientSecret !== this.client.clientSecret) return fail(401, 'invalid_client', 'Error validating client secret.', 1);

    const grantType = params.get('grant_type');
    if (grantType !== 'authorization_code' && (this.kind === 'google' || grantType !== null))
      return fail(400, 'unsupported_grant_type', `Invalid grant_type: ${grantType ?? ''}`);
    const code = params.get('code') ?? '';
    const issued = this.#codes.get(code);
    if (!issued || issued.clientId !== clientId) return fail(400, 'invalid_grant', 'Malformed auth code.');
    if (issued.used) return fail(400, 'invalid_grant', 'This authorization code has been used.');
    issued.used = true;
    if (issued.expiresAt <= Date.now()) return fail(400, 'invalid_grant', 'This authorization code has expired.');
    if (params.get('redirect_uri') !== issued.redirectUri)
      return fail(400, 'redirect_uri_mismatch', 'redirect_uri is not identical to the one used in the authorization request');
    const verifier = params.get('code_verifier') ?? '';
    if (!/^[A-Za-z0-9._~-]{43,128}$/.test(verifier)) return fail(400, 'invalid_grant', 'Missing or malformed code verifier.');
    if (s256(verifier) !== issued.codeChallenge) return fail(400, 'invalid_grant', 'Invalid code verifier.');

    const accessToken = `${this.kind === 'google' ? 'ya29.' : 'EAA'}${random(32)}`;
    this.#accessTokens.set(accessToken, issued.user);
    this.tokensIssued += 1;
    const idToken = await this.#idToken(issued);
    const body =
      this.kind === 'google'
        ? {
            access_token: accessToken,
            expires_in: tokenLifetimeSeconds.google,
            scope: issued.scope,
            token_type: 'Bearer',
            id_token: idToken,
          }
        : { access_token: accessToken, token_type: 'bearer', expires_in: tokenLifetimeSeconds.facebook, id_token: idToken };
    return { status: 200, headers: { 'Cache-Control': 'no-store', Pragma: 'no-cache' }, body };
  }

  async #idToken(issued: IssuedCode): Promise<string> {
    const { user } = issued;
    const now = Math.floor(Date.now() / 1000);
    const claims: Record<string, unknown> =
      this.kind === 'google'
        ? {
            iss: this.issuer,
            azp: issued.clientId,
            aud: issued.clientId,
            sub: user.sub,
            ...(user.email === undefined ? {} : { email: user.email, email_verified: user.emailVerified ?? false }),
            nonce: issued.nonce,
            name: user.name,
            iat: now,
            exp: now + 3600,
          }
        : {
            iss: this.issuer,
            aud: issued.clientId,
            sub: user.sub,
            iat: now,
            exp: now + 3600,
            jti: random(16),
            nonce: issued.nonce,
            name: user.name,
            ...(user.email === undefined ? {} : { email: user.email }),
          };
    const { privateKey } = await this.#keyPair();
    return new SignJWT({ ...claims, ...this.overrideClaims })
      .setProtectedHeader({ alg: 'RS256', kid: this.#kid, typ: 'JWT' })
      .sign(privateKey);
  }

  // ---- userinfo (Google) ----

  #userinfo(request: ExternalRequest): ExternalReply {
    const bearer = /^Bearer (.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const user = bearer ? this.#accessTokens.get(bearer) : undefined;
    if (!user) {
      this.#refuse('userinfo', 'invalid_token', 'Invalid Credentials');
      return {
        status: 401,
        headers: { 'WWW-Authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
        body: { error: 'invalid_request', error_description: 'Invalid Credentials' },
      };
    }
    return {
      status: 200,
      body: {
        sub: user.sub,
        name: user.name,
        ...(user.email === undefined ? {} : { email: user.email, email_verified: user.emailVerified ?? false }),
      },
    };
  }

  #keyPair() {
    this.#keys ??= (async () => {
      const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
      const jwk = { ...(await exportJWK(publicKey)), kid: this.#kid, alg: 'RS256', use: 'sig' };
      return { privateKey, jwk };
    })();
    return this.#keys;
  }
}
