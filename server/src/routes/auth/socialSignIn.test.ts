import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sessionCookie } from '@quizlead/shared/constants.ts';
import { socialSignInFailedParam, type SocialProvider } from '@quizlead/shared/socialSignIn.ts';
import { affiliateCodeFor } from '../../commands/affiliateCode.ts';
import { userCreator } from '../../commands/userCreator.ts';
import { accounts, memberships, referrals, socialIdentities, users } from '../../db/schema/index.ts';
import { openFlow, sealFlow, socialFlowCookie, type SocialFlow } from '../../integrations/social/flowCookie.ts';
import { createOwner, uniqueEmail } from '../../test/factories.ts';
import { FakeExternalWorld } from '../../test/fakes/externalWorld.ts';
import { facebookHosts, FakeOidcProvider, googleHosts } from '../../test/fakes/social/index.ts';
import { getTestServer, type TestServer } from '../../test/getTestServer.ts';

let world: FakeExternalWorld;
let google: FakeOidcProvider;
let facebook: FakeOidcProvider;
let server: TestServer;
const fakes = () => ({ google, facebook });

const failurePath = `/index.html?${socialSignInFailedParam.name}=${socialSignInFailedParam.value}`;

beforeAll(async () => {
  world = await FakeExternalWorld.start();
  google = world.register(
    googleHosts,
    new FakeOidcProvider('google', { clientId: 'google-client.apps.example', clientSecret: 'google-secret', redirectUris: [] }),
  );
  facebook = world.register(
    facebookHosts,
    new FakeOidcProvider('facebook', { clientId: '1234567890', clientSecret: 'facebook-secret', redirectUris: [] }),
  );
  server = await getTestServer({
    EXTERNAL_API_ORIGIN: world.origin,
    GOOGLE_CLIENT_ID: google.client.clientId,
    GOOGLE_CLIENT_SECRET: google.client.clientSecret,
    FACEBOOK_APP_ID: facebook.client.clientId,
    FACEBOOK_APP_SECRET: facebook.client.clientSecret,
  });
  google.client.redirectUris.push(`${server.url}/auth/google/callback`);
  facebook.client.redirectUris.push(`${server.url}/auth/facebook/callback`);
  // Every test signs in from 127.0.0.1; the rate-limit test lowers these again.
  server.services.limiters.socialStartByIp.max = 10_000;
  server.services.limiters.socialCallbackByIp.max = 10_000;
});

afterAll(async () => {
  await server?.stop();
  await world?.stop();
});

/** A new person at each provider for every test, so tests share no users. */
beforeEach(() => {
  for (const fake of [google, facebook]) {
    fake.user = { sub: randomUUID(), email: uniqueEmail('social'), emailVerified: true, name: 'Sam Social' };
    fake.overrideClaims = {};
  }
});

/** A browser: keeps the cookies this server sets, follows nothing by itself. */
class Browser {
  readonly cookies = new Map<string, string>();

  async get(path: string): Promise<Response> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value === '' || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }
}

/** Presses "Continue with …": answers the provider's authorization URL the server redirected to. */
async function start(browser: Browser, provider: SocialProvider = 'google', query = 'intent=signin'): Promise<URL> {
  const response = await browser.get(`/auth/${provider}/start?${query}`);
  expect(response.status).toBe(302);
  return new URL(response.headers.get('location')!);
}

/** The person on the provider's consent page presses Continue or Cancel; answers where the provider sends them. */
async function atProvider(authorizeUrl: URL, decision: 'continue' | 'cancel' = 'continue'): Promise<URL> {
  const headers = { 'x-forwarded-host': authorizeUrl.host };
  const page = await fetch(`${world.origin}${authorizeUrl.pathname}${authorizeUrl.search}`, { headers, redirect: 'manual' });
  const html = await page.text();
  expect(page.status, html).toBe(200);
  const requestId = /name="request" value="([^"]+)"/.exec(html)![1]!;
  const consent = await fetch(`${world.origin}${authorizeUrl.pathname}/consent`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ request: requestId, decision }).toString(),
    redirect: 'manual',
  });
  expect(consent.status).toBe(303);
  return new URL(consent.headers.get('location')!);
}

/** Back at the app's callback: answers where the app sends the browser. */
async function callback(browser: Browser, url: URL): Promise<string> {
  expect(url.origin).toBe(server.url);
  const response = await browser.get(`${url.pathname}${url.search}`);
  expect(response.status).toBe(302);
  expect(browser.cookies.has(socialFlowCookie), 'the flow cookie is spent').toBe(false);
  return response.headers.get('location')!;
}

/** The whole round trip; answers where the browser ends up. */
async function signInWith(provider: SocialProvider = 'google', browser = new Browser(), query?: string) {
  return { location: await callback(browser, await atProvider(await start(browser, provider, query))), browser };
}

async function sessionOf(browser: Browser) {
  const token = browser.cookies.get(sessionCookie);
  if (!token) return undefined;
  const response = await fetch(`${server.url}/api/v1/session`, { headers: { cookie: `${sessionCookie}=${token}` } });
  return response.status === 200 ? ((await response.json()) as { data: { user: Record<string, unknown> } }).data.user : undefined;
}

const db = () => server.services.database.db;
const usersWithEmail = (email: string) =>
  db()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
const identitiesOf = (provider: SocialProvider, subject: string) =>
  db()
    .select()
    .from(socialIdentities)
    .where(and(eq(socialIdentities.provider, provider), eq(socialIdentities.subject, subject)));

/** A refused attempt: back on the sign-in page with the failure flag, no session, nothing created or linked. */
async function expectRefused(outcome: { location: string; browser: Browser }, provider: SocialProvider = 'google') {
  expect(outcome.location).toBe(failurePath);
  expect(outcome.browser.cookies.has(sessionCookie)).toBe(false);
  expect(await identitiesOf(provider, fakes()[provider].user.sub)).toEqual([]);
}

/** Rewrites the browser's sealed flow cookie, as only someone holding the server's keys could. */
function tamperFlow(browser: Browser, change: (flow: SocialFlow) => SocialFlow) {
  const flow = openFlow(server.services.secrets, browser.cookies.get(socialFlowCookie));
  if (typeof flow === 'string') throw new Error(`no flow: ${flow}`);
  browser.cookies.set(socialFlowCookie, sealFlow(server.services.secrets, change(flow)));
}

describe('GET /api/v1/auth/providers', () => {
  it('lists the providers whose credentials are configured', async () => {
    const response = await server.client().get('/api/v1/auth/providers');
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ data: { providers: ['facebook', 'google'] } });
  });
});

describe('GET /auth/{provider}/start', () => {
  it('redirects to the provider with the code flow, PKCE S256, state and nonce sealed in a short httpOnly cookie', async () => {
    const browser = new Browser();
    const response = await browser.get('/auth/google/start?intent=signup&ref=FRIEND12');
    expect(response.status).toBe(302);
    expect(response.headers.get('cache-control')).toBe('no-store');
    const url = new URL(response.headers.get('location')!);
    expect(`${url.origin}${url.pathname}`).toBe('https://accounts.google.com/o/oauth2/v2/auth');
    const query = Object.fromEntries(url.searchParams);
    expect(query).toEqual({
      client_id: google.client.clientId,
      redirect_uri: `${server.url}/auth/google/callback`,
      response_type: 'code',
      scope: 'openid email profile',
      state: expect.stringMatching(/^[\w-]{43}$/),
      nonce: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge: expect.stringMatching(/^[\w-]{43}$/),
      code_challenge_method: 'S256',
    });
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith(`${socialFlowCookie}=`))!;
    expect(setCookie).toMatch(/; path=\/auth\/; /);
    expect(setCookie).toMatch(/; samesite=lax/);
    expect(setCookie).toMatch(/; httponly/);
    expect(setCookie).toMatch(/max-age=600|expires=/);
    // The cookie is sealed: none of the secrets can be read from it, yet the server reads them back.
    const sealed = browser.cookies.get(socialFlowCookie)!;
    expect(sealed).not.toContain(query.state);
    const flow = openFlow(server.services.secrets, sealed) as SocialFlow;
    expect(flow).toMatchObject({ provider: 'google', intent: 'signup', ref: 'FRIEND12', state: query.state, nonce: query.nonce });
    expect(createHash('sha256').update(flow.codeVerifier).digest('base64url')).toBe(query.code_challenge);
    expect(flow.expiresAt - Date.now()).toBeGreaterThan(9 * 60_000);

    // Each press starts afresh.
    const again = new URL((await browser.get('/auth/google/start')).headers.get('location')!);
    expect(again.searchParams.get('state')).not.toBe(query.state);
    expect(again.searchParams.get('code_challenge')).not.toBe(query.code_challenge);
  });

  it('asks Facebook for openid, email and public_profile at its v21.0 dialog', async () => {
    const url = await start(new Browser(), 'facebook');
    expect(`${url.origin}${url.pathname}`).toBe('https://www.facebook.com/v21.0/dialog/oauth');
    expect(url.searchParams.get('scope')).toBe('openid email public_profile');
    expect(url.searchParams.get('client_id')).toBe(facebook.client.clientId);
  });

  it('404 for a provider that is not one; 400 naming intent for a bad intent; a malformed ref is dropped', async () => {
    const client = server.client();
    expect((await client.get('/auth/twitter/start')).status).toBe(404);
    expect((await client.get('/auth/twitter/callback')).status).toBe(404);
    const bad = await client.get('/auth/google/start?intent=delete');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatchObject({ code: 'validation', field: 'intent' });
    const browser = new Browser();
    await start(browser, 'google', `intent=signup&ref=${'x'.repeat(200)}`);
    expect((openFlow(server.services.secrets, browser.cookies.get(socialFlowCookie)) as SocialFlow).ref).toBeUndefined();
  });
});

describe('signing in', () => {
  it('first use creates an account owned by a social user (no password) and signs in; the next use signs into the same user', async () => {
    const before = google.tokensIssued;
    const first = await signInWith('google');
    expect(first.location).toBe('/app/');
    expect(google.tokensIssued).toBe(before + 1);
    const [user] = await usersWithEmail(google.user.email!);
    expect(user).toMatchObject({ usertype: 'social', fullName: 'Sam Social', passwordHash: null, disabledAt: null });
    expect(user!.verifiedAt).toBeInstanceOf(Date);
    const [account] = await db().select().from(accounts).where(eq(accounts.id, user!.accountId));
    expect(account).toMatchObject({ kind: 'standalone', mode: 'free' });
    expect(await db().select().from(memberships).where(eq(memberships.userId, user!.id))).toEqual([
      expect.objectContaining({ accountId: account!.id, role: 'owner' }),
    ]);
    expect(await identitiesOf('google', google.user.sub)).toEqual([
      expect.objectContaining({ userId: user!.id, email: google.user.email }),
    ]);
    expect(await sessionOf(first.browser)).toMatchObject({ id: user!.id, usertype: 'social', accountRole: 'owner' });

    // Later, in another browser, with a changed name at Google: the same user, no second account.
    google.user = { ...google.user, name: 'Samantha Social' };
    const second = await signInWith('google');
    expect(second.location).toBe('/app/');
    expect(await sessionOf(second.browser)).toMatchObject({ id: user!.id });
    expect(await usersWithEmail(google.user.email!)).toHaveLength(1);
  });

  it('Facebook: an email in its ID token counts as verified (Facebook releases only confirmed addresses)', async () => {
    const { location, browser } = await signInWith('facebook');
    expect(location).toBe('/app/');
    const [user] = await usersWithEmail(facebook.user.email!);
    expect(user).toMatchObject({ usertype: 'social', fullName: 'Sam Social' });
    expect(await sessionOf(browser)).toMatchObject({ id: user!.id, usertype: 'social' });
    expect(await identitiesOf('facebook', facebook.user.sub)).toHaveLength(1);
  });

  it('links an existing user by a verified email (any case) and keeps their password sign-in', async () => {
    const owner = await createOwner(server);
    google.user = { ...google.user, email: owner.email.toUpperCase() };
    const { location, browser } = await signInWith('google');
    expect(location).toBe('/app/');
    expect(await sessionOf(browser)).toMatchObject({ id: owner.user.id, usertype: 'email' });
    expect(await identitiesOf('google', google.user.sub)).toEqual([expect.objectContaining({ userId: owner.user.id })]);
    expect(await usersWithEmail(owner.email)).toHaveLength(1);
    const password = await server.client().post('/api/v1/session', { email: owner.email, password: owner.password });
    expect(password.status).toBe(200);
  });

  it("the sign-up page's referral code credits the new account to the referrer", async () => {
    const referrer = await createOwner(server);
    const code = await affiliateCodeFor(db(), referrer.account.id);
    const { location } = await signInWith('google', new Browser(), `intent=signup&ref=${code}`);
    expect(location).toBe('/app/');
    const [user] = await usersWithEmail(google.user.email!);
    expect(await db().select().from(referrals).where(eq(referrals.referredAccountId, user!.accountId))).toEqual([
      expect.objectContaining({ referrerAccountId: referrer.account.id, source: 'link' }),
    ]);
  });
});

describe('refusals: back to the sign-in page with nothing created, linked or signed in', () => {
  it('an UNVERIFIED Google email is neither linked to the user who has it nor used for a new account', async () => {
    const owner = await createOwner(server);
    google.user = { ...google.user, email: owner.email, emailVerified: false };
    await expectRefused(await signInWith('google'));
    expect(await usersWithEmail(owner.email)).toHaveLength(1);

    google.user = { ...google.user, email: uniqueEmail('unverified') };
    await expectRefused(await signInWith('google'));
    expect(await usersWithEmail(google.user.email!)).toEqual([]);
  });

  it('no email at all (withheld on Facebook) cannot make an account', async () => {
    facebook.user = { sub: randomUUID(), name: 'No Email' };
    await expectRefused(await signInWith('facebook'), 'facebook');
  });

  it("a Shopify store login's email is never linked: that user signs in through Shopify", async () => {
    const [account] = await db()
      .insert(accounts)
      .values({ kind: 'shopify', shopDomain: `${randomUUID()}.myshopify.com` })
      .returning();
    const email = uniqueEmail('merchant');
    await userCreator(db(), { accountId: account!.id, email, usertype: 'shopifyuser', verifiedAt: new Date() });
    google.user = { ...google.user, email };
    await expectRefused(await signInWith('google'));
  });

  it('a disabled user is refused, by email and by an identity linked before', async () => {
    const owner = await createOwner(server);
    google.user = { ...google.user, email: owner.email };
    expect((await signInWith('google')).location).toBe('/app/');
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, owner.user.id));
    const again = await signInWith('google');
    expect(again.location).toBe(failurePath);
    expect(again.browser.cookies.has(sessionCookie)).toBe(false);

    const disabled = await createOwner(server);
    await db().update(users).set({ disabledAt: new Date() }).where(eq(users.id, disabled.user.id));
    facebook.user = { ...facebook.user, email: disabled.email };
    await expectRefused(await signInWith('facebook'), 'facebook');
  });

  it('Cancel on the consent page (error=access_denied)', async () => {
    const browser = new Browser();
    const back = await atProvider(await start(browser), 'cancel');
    expect(back.searchParams.get('error')).toBe('access_denied');
    await expectRefused({ location: await callback(browser, back), browser });
    expect(await usersWithEmail(google.user.email!)).toEqual([]);

    const facebookBrowser = new Browser();
    const fromFacebook = await atProvider(await start(facebookBrowser, 'facebook'), 'cancel');
    expect(fromFacebook.searchParams.get('error_reason')).toBe('user_denied');
    await expectRefused({ location: await callback(facebookBrowser, fromFacebook), browser: facebookBrowser }, 'facebook');
  });

  it('a state that is not the one sent: the code is never redeemed', async () => {
    const browser = new Browser();
    const back = await atProvider(await start(browser));
    back.searchParams.set('state', 'forged-state-forged-state-forged-state-1234');
    const issued = google.tokensIssued;
    const refusals = google.refusals.length;
    await expectRefused({ location: await callback(browser, back), browser });
    expect(google.tokensIssued).toBe(issued);
    expect(google.refusals.length).toBe(refusals);
  });

  it('a code sent back to a browser whose flow is another one (login CSRF): its state does not match', async () => {
    const victim = new Browser();
    await start(victim);
    const attackerBack = await atProvider(await start(new Browser()));
    await expectRefused({ location: await callback(victim, attackerBack), browser: victim });
  });

  it('a PKCE code verifier that does not match the challenge: the provider refuses the code', async () => {
    const browser = new Browser();
    const back = await atProvider(await start(browser));
    tamperFlow(browser, (flow) => ({ ...flow, codeVerifier: 'a'.repeat(43) }));
    await expectRefused({ location: await callback(browser, back), browser });
    expect(google.refusals.at(-1)).toEqual({ endpoint: 'token', error: 'invalid_grant', description: 'Invalid code verifier.' });
  });

  it.each([
    ['a nonce that is not the one sent', { nonce: 'replayed-nonce' }],
    ['an ID token for another client', { aud: 'someone-else.apps.example', azp: 'someone-else.apps.example' }],
    ['an ID token from another issuer', { iss: 'https://accounts.example.com' }],
    ['an expired ID token', { exp: Math.floor(Date.now() / 1000) - 3600 }],
  ])('%s', async (_name, claims) => {
    google.overrideClaims = claims;
    await expectRefused(await signInWith('google'));
    expect(await usersWithEmail(google.user.email!)).toEqual([]);
  });

  it('an expired, missing, forged or other-provider flow cookie: the code is never redeemed', async () => {
    const issued = google.tokensIssued;
    const expired = new Browser();
    const expiredBack = await atProvider(await start(expired));
    tamperFlow(expired, (flow) => ({ ...flow, expiresAt: Date.now() - 1 }));
    await expectRefused({ location: await callback(expired, expiredBack), browser: expired });

    const missing = new Browser();
    const missingBack = await atProvider(await start(missing));
    missing.cookies.delete(socialFlowCookie);
    await expectRefused({ location: await callback(missing, missingBack), browser: missing });

    const forged = new Browser();
    const forgedBack = await atProvider(await start(forged));
    const value = forged.cookies.get(socialFlowCookie)!;
    forged.cookies.set(socialFlowCookie, `${value.slice(0, -4)}AAAA`);
    await expectRefused({ location: await callback(forged, forgedBack), browser: forged });

    const crossed = new Browser();
    await start(crossed, 'facebook');
    const googleBack = await atProvider(await start(new Browser(), 'google'));
    await expectRefused({ location: await callback(crossed, googleBack), browser: crossed });
    expect(google.tokensIssued).toBe(issued);
  });

  it('the flow is spent by its callback: replaying the same answer signs nobody in', async () => {
    const browser = new Browser();
    const back = await atProvider(await start(browser));
    const sealed = browser.cookies.get(socialFlowCookie)!;
    expect(await callback(browser, back)).toBe('/app/');
    const replay = new Browser();
    replay.cookies.set(socialFlowCookie, sealed);
    expect(await callback(replay, back)).toBe(failurePath);
    expect(replay.cookies.has(sessionCookie)).toBe(false);
    expect(google.refusals.at(-1)).toMatchObject({ endpoint: 'token', error: 'invalid_grant' });
  });

  it('the flow is single-use: the same state and flow cookie with a fresh code from the provider signs nobody in again', async () => {
    const browser = new Browser();
    const authorizeUrl = await start(browser);
    const sealed = browser.cookies.get(socialFlowCookie)!;
    // The same authorization request (state, nonce, PKCE challenge) answered twice: two codes.
    const first = await atProvider(authorizeUrl);
    const fresh = await atProvider(authorizeUrl);
    expect(fresh.searchParams.get('state')).toBe(first.searchParams.get('state'));
    expect(fresh.searchParams.get('code')).not.toBe(first.searchParams.get('code'));
    expect(await callback(browser, first)).toBe('/app/');

    const issued = google.tokensIssued;
    for (const replay of [new Browser(), browser]) {
      replay.cookies.delete(sessionCookie);
      replay.cookies.set(socialFlowCookie, sealed);
      expect(await callback(replay, fresh)).toBe(failurePath);
      expect(replay.cookies.has(sessionCookie)).toBe(false);
    }
    // Refused before the code was redeemed.
    expect(google.tokensIssued).toBe(issued);
  });

  it('too many attempts from one address', async () => {
    const limiter = server.services.limiters.socialStartByIp;
    limiter.max = 0;
    try {
      const response = await new Browser().get('/auth/google/start');
      expect([response.status, response.headers.get('location')]).toEqual([302, failurePath]);
    } finally {
      limiter.max = 10_000;
    }
  });
});
