import { createSecretKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { getJwt } from '@shopify/shopify-api/test-helpers';

/** The app a token is for: its client id (API key) and secret. */
export interface FakeApp {
  apiKey: string;
  apiSecret: string;
}

type Claims = Record<string, unknown>;

const now = () => Math.floor(Date.now() / 1000);

/**
 * App Bridge session (ID) tokens for tests, shaped as Shopify issues them (shopify.md 1): HS256 with
 * the app's secret, iss https://{shop}/admin, dest https://{shop}, aud = API key, one minute of life.
 * Built on @shopify/shopify-api/test-helpers' getJwt, with the variants a forger would try.
 */
export const sessionTokens = {
  /** A valid token for `shop`; `claims` override any claim (undefined drops it). */
  valid: async (app: FakeApp, shop: string, claims: Claims = {}) =>
    // getJwt takes the store's handle and appends .myshopify.com itself.
    (
      await getJwt(shop.replace(/\.myshopify\.com$/, ''), app.apiKey, app.apiSecret, {
        iss: `https://${shop}/admin`,
        dest: `https://${shop}`,
        exp: now() + 60,
        nbf: now() - 5,
        iat: now() - 5,
        jti: crypto.randomUUID(),
        sid: crypto.randomUUID(),
        ...claims,
      })
    ).token,
  /** Signed with another secret. */
  wrongSignature: (app: FakeApp, shop: string) =>
    sessionTokens.valid({ ...app, apiSecret: `${app.apiSecret}-not-the-secret` }, shop),
  /** Issued to another app. */
  wrongAudience: (app: FakeApp, shop: string) => sessionTokens.valid(app, shop, { aud: 'another-app-client-id' }),
  /** Expired a minute ago (beyond the 10-second clock tolerance). */
  expired: (app: FakeApp, shop: string) =>
    sessionTokens.valid(app, shop, { exp: now() - 60, nbf: now() - 120, iat: now() - 120 }),
  /** No exp claim at all: never expires, so never one Shopify issued. */
  noExp: (app: FakeApp, shop: string) => sessionTokens.valid(app, shop, { exp: undefined }),
  /** Not valid yet (nbf a minute ahead). */
  notYetValid: (app: FakeApp, shop: string) => sessionTokens.valid(app, shop, { nbf: now() + 60 }),
  /** Expires in ten years: Shopify's live one minute, so a leak of this one would last for good. */
  farExp: (app: FakeApp, shop: string) => sessionTokens.valid(app, shop, { exp: now() + 10 * 365 * 86_400 }),
  /** No nbf claim at all (every token Shopify mints has one). */
  noNbf: (app: FakeApp, shop: string) => sessionTokens.valid(app, shop, { nbf: undefined }),
  /** Issued a minute from now. */
  issuedAhead: (app: FakeApp, shop: string) => sessionTokens.valid(app, shop, { iat: now() + 60, exp: now() + 120 }),
  /** alg "none" and no signature. */
  algNone: (app: FakeApp, shop: string) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const payload = { iss: `https://${shop}/admin`, dest: `https://${shop}`, aud: app.apiKey, sub: '12345', exp: now() + 60 };
    return `${part({ alg: 'none', typ: 'JWT' })}.${part(payload)}.`;
  },
  /** The right secret under another algorithm (HS512); only HS256 is accepted. */
  otherAlgorithm: (app: FakeApp, shop: string) =>
    new SignJWT({ dest: `https://${shop}` })
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuer(`https://${shop}/admin`)
      .setAudience(app.apiKey)
      .setSubject('12345')
      .setIssuedAt()
      .setExpirationTime('1m')
      .sign(createSecretKey(Buffer.from(app.apiSecret))),
};

/**
 * Every forged or unusable variant, by name, for tests that walk them all. farExp, noNbf and issuedAhead
 * are left out: the app refuses them, but whether Shopify's token exchange does is not documented.
 */
export const forgedSessionTokens = {
  wrongSignature: sessionTokens.wrongSignature,
  wrongAudience: sessionTokens.wrongAudience,
  expired: sessionTokens.expired,
  noExp: sessionTokens.noExp,
  notYetValid: sessionTokens.notYetValid,
  algNone: async (app: FakeApp, shop: string) => sessionTokens.algNone(app, shop),
  otherAlgorithm: sessionTokens.otherAlgorithm,
} as const;

/**
 * Session tokens of a checkout UI extension (thank-you page) or customer account UI extension (order
 * status page), as `shopify.sessionToken.get()` gives them (reference E; the session-token API's claim
 * list): HS256 with the app's secret, `dest` the shop's bare domain, `aud` the API key, five minutes of
 * life (`exp`, `nbf`, `iat`), a `jti`, and `sub` the buyer's customer gid only when the buyer is known.
 * No `iss` and no `sid`.
 */
export const extensionSessionTokens = {
  /** A valid token; `customerId` adds `sub`; `claims` override any claim (undefined drops it). */
  valid: (app: FakeApp, shop: string, options: { customerId?: string; claims?: Claims; secret?: string } = {}) => {
    const issued = now();
    const claims: Claims = {
      dest: shop,
      aud: app.apiKey,
      exp: issued + 300,
      nbf: issued,
      iat: issued,
      jti: crypto.randomUUID(),
      ...(options.customerId ? { sub: options.customerId } : {}),
      ...options.claims,
    };
    const defined = Object.fromEntries(Object.entries(claims).filter(([, value]) => value !== undefined));
    return new SignJWT(defined)
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .sign(createSecretKey(Buffer.from(options.secret ?? app.apiSecret)));
  },
  wrongSignature: (app: FakeApp, shop: string) =>
    extensionSessionTokens.valid(app, shop, { secret: `${app.apiSecret}-not-the-secret` }),
  wrongAudience: (app: FakeApp, shop: string) =>
    extensionSessionTokens.valid(app, shop, { claims: { aud: 'another-app-client-id' } }),
  /** Expired a minute ago (beyond the 10-second clock tolerance). */
  expired: (app: FakeApp, shop: string) =>
    extensionSessionTokens.valid(app, shop, { claims: { exp: now() - 60, nbf: now() - 360, iat: now() - 360 } }),
  noExp: (app: FakeApp, shop: string) => extensionSessionTokens.valid(app, shop, { claims: { exp: undefined } }),
  notYetValid: (app: FakeApp, shop: string) => extensionSessionTokens.valid(app, shop, { claims: { nbf: now() + 60 } }),
  /** Lives an hour: Shopify's live five minutes. */
  farExp: (app: FakeApp, shop: string) => extensionSessionTokens.valid(app, shop, { claims: { exp: now() + 3600 } }),
  algNone: async (app: FakeApp, shop: string) => {
    const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    return `${part({ alg: 'none', typ: 'JWT' })}.${part({ dest: shop, aud: app.apiKey, exp: now() + 300, nbf: now() })}.`;
  },
  /** The admin's App Bridge token (sub = a staff user): not an extension's. */
  adminToken: (app: FakeApp, shop: string) => sessionTokens.valid(app, shop),
};

/** Every extension token the app must refuse for a shop it has installed, by name. */
export const forgedExtensionTokens = {
  wrongSignature: extensionSessionTokens.wrongSignature,
  wrongAudience: extensionSessionTokens.wrongAudience,
  expired: extensionSessionTokens.expired,
  noExp: extensionSessionTokens.noExp,
  notYetValid: extensionSessionTokens.notYetValid,
  farExp: extensionSessionTokens.farExp,
  algNone: extensionSessionTokens.algNone,
  adminToken: extensionSessionTokens.adminToken,
  notAShopDest: (app: FakeApp, shop: string) =>
    extensionSessionTokens.valid(app, shop, { claims: { dest: shop.replace('.myshopify.com', '.example.com') } }),
  staffSub: (app: FakeApp, shop: string) => extensionSessionTokens.valid(app, shop, { claims: { sub: '12345' } }),
} as const;
