import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { tutorialIds, type TutorialId } from '@quizlead/shared/reports.ts';
import { isLoopback, localSessionSecret } from './lib/localSecret.ts';
import { parseEncryptionKey, type EncryptionKey } from './lib/secrets.ts';
import { ZPgliteSettings } from './db/pgliteSettings.ts';

/** The listen address when HOST is not one (or is the app's URL, as `shopify app dev` sets it). */
const defaultListenHost = '127.0.0.1';
const isUrl = (value: string) => /^https?:\/\//i.test(value);

/** The scopes in shopify.app.toml's [access_scopes], the file the Shopify CLI deploys: one source for both. */
function tomlScopes(): string {
  try {
    const toml = readFileSync(new URL('../../shopify.app.toml', import.meta.url), 'utf8');
    const section = /^\[access_scopes\]([\s\S]*?)(?=^\[|(?![\s\S]))/m.exec(toml)?.[1] ?? '';
    return /^\s*scopes\s*=\s*"([^"]*)"/m.exec(section)?.[1] ?? '';
  } catch {
    return '';
  }
}

/**
 * ENCRYPTION_KEYS: "id:key,id:key", the first encrypts and all decrypt (rotation); a key is 32 bytes
 * in base64 or hex. ENCRYPTION_KEY=key is the same as ENCRYPTION_KEYS=default:key.
 */
const ZEncryptionKeys = z.string().transform((value, ctx) => {
  const keys: EncryptionKey[] = [];
  for (const entry of value.split(',').map((part) => part.trim())) {
    const match = /^([A-Za-z0-9_-]{1,32}):(.+)$/.exec(entry);
    const key = match && parseEncryptionKey(match[2]!);
    if (!match || !key) {
      ctx.addIssue({ code: 'custom', message: 'must be id:key pairs separated by commas, each key 32 bytes in base64 or hex' });
      return z.NEVER;
    }
    if (keys.some((known) => known.id === match[1])) {
      ctx.addIssue({ code: 'custom', message: `key id '${match[1]}' appears twice` });
      return z.NEVER;
    }
    keys.push({ id: match[1]!, key });
  }
  return keys;
});

const ZBoolean = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

/** TUTORIAL_LINKS: a JSON object of tutorial id → https URL; ids left out keep their default link. */
const ZTutorialLinks = z.string().transform((value, ctx) => {
  const fail = (message: string) => {
    ctx.addIssue({ code: 'custom', message });
    return z.NEVER;
  };
  let parsed: unknown;
  try {
    parsed = JSON.parse(value);
  } catch {
    return fail('must be a JSON object of tutorial id → https URL');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed))
    return fail('must be a JSON object of tutorial id → https URL');
  const links: Partial<Record<TutorialId, string>> = {};
  for (const [id, url] of Object.entries(parsed)) {
    if (!(tutorialIds as readonly string[]).includes(id))
      return fail(`unknown tutorial '${id}' (known: ${tutorialIds.join(', ')})`);
    if (typeof url !== 'string' || !z.url({ protocol: /^https$/ }).safeParse(url).success)
      return fail(`'${id}' must be an https URL`);
    links[id as TutorialId] = url;
  }
  return links;
});

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
    /** The listen address; a URL here is the app's public address (`shopify app dev` sets HOST so). */
    HOST: z.string().min(1).default(defaultListenHost),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address people reach the app at; links in emails start with it. */
    APP_URL: z.url().optional(),
    /** The Shopify templates' name for the public address; wins over APP_URL and HOST. */
    SHOPIFY_APP_URL: z.url().optional(),
    /** PostgreSQL server; without it the app embeds PGlite under DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** The embedded PGlite's memory settings over its defaults, "name=value,…" (server/src/db/pgliteSettings.ts). */
    PGLITE_SETTINGS: ZPgliteSettings.optional(),
    /** smtp:// or smtps:// URL; without it mail goes to the dev mailbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Quizlead <no-reply@quizlead.local>'),
    /** Keys the hashes of emailed tokens; at least 32 characters. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /**
     * Behind reverse proxies: how many (a whole number; `true` is 1, `false` none). The client's address
     * is the one the outermost of them saw, counted from the right of X-Forwarded-For, so a client
     * cannot choose it by sending the header itself; X-Forwarded-Proto gives HTTPS for Secure cookies.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .regex(/^(true|false|\d{1,2})$/, 'must be true, false or the number of proxies in front')
      .transform((value) => (value === 'true' ? 1 : value === 'false' ? 0 : Number(value)))
      .pipe(z.number().int().min(0).max(10, 'more than 10 proxies is not a setup we believe'))
      .default(0),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHOPIFY_API_KEY: z.string().optional(),
    SHOPIFY_API_SECRET: z.string().optional(),
    /** The app's handle (shopify.app.toml `handle`): Shopify's plan page for App Pricing is under it. */
    SHOPIFY_APP_HANDLE: z
      .string()
      .regex(/^[a-z0-9][a-z0-9-]*$/, 'must be the app handle: lower-case letters, digits and hyphens')
      .default('quizlead'),
    /**
     * The app's App Store listing: a shop's free-plan storefront footer ('Powered By') links there; ''
     * for no link. Never the standalone sign-up, which is not how a merchant gets the app.
     */
    SHOPIFY_APP_STORE_URL: z
      .union([z.literal(''), z.url({ protocol: /^https$/, error: 'must be an https:// address or empty' })])
      .default('https://apps.shopify.com/quizlead'),
    /** The app's Admin API scopes; by default those of shopify.app.toml. */
    SCOPES: z.string().optional(),
    /** App Bridge's script; the Shopify packages read the same variable to point tests at a local copy. */
    APP_BRIDGE_URL: z.url().default('https://cdn.shopify.com/shopifycloud/app-bridge.js'),
    /** Development and tests only: every third-party API call goes to this origin (a local fake) instead. */
    EXTERNAL_API_ORIGIN: z.url().optional(),
    /** Development and tests only: outgoing webhooks may reach loopback and private addresses. */
    WEBHOOKS_ALLOW_PRIVATE: ZBoolean.default(false),
    /** Seals secrets at rest (Shopify tokens, CRM keys): 32 bytes, base64 or hex. */
    ENCRYPTION_KEY: z.string().optional(),
    /** Several keys for rotation, "id:key,id:key", the first encrypting; replaces ENCRYPTION_KEY. */
    ENCRYPTION_KEYS: ZEncryptionKeys.optional(),
    /** A MaxMind-format (.mmdb) database for visitors' country, region and city. */
    GEOIP_DB: z.string().min(1).optional(),
    /** Seconds between job queue polls. */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
    /** The job queue's PostgreSQL schema (pg-boss's own default, `pgboss`, when unset): apps sharing a database each need their own. */
    JOB_QUEUE_SCHEMA: z
      .string()
      .regex(/^[a-z_][a-z0-9_]{0,62}$/, 'must be a lower-case PostgreSQL identifier: letters, digits and _')
      .optional(),
    /**
     * Development and tests only: the leads pipeline's retry schedule, comma-separated seconds: the first
     * attempt's wait, then the gap after each attempt (default shared/src/schemas/deliveries.ts: at once,
     * then 5 s, 5 min … 24 h).
     */
    DELIVERY_RETRY_DELAYS: z
      .string()
      .regex(/^\s*\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?)*\s*$/, 'must be seconds separated by commas, e.g. 0,5,300')
      .transform((text) => text.split(',').map((part) => Number(part.trim())))
      .optional(),
    /** PayPal's REST API (Orders v2, webhooks): the sandbox unless set to https://api-m.paypal.com. */
    PAYPAL_API_BASE: z.url().default('https://api-m.sandbox.paypal.com'),
    /** The PayPal app's credentials; without them standalone owners cannot pay (the Plans page says so). */
    PAYPAL_CLIENT_ID: z.string().min(1).optional(),
    PAYPAL_CLIENT_SECRET: z.string().min(1).optional(),
    /** The id PayPal gave the webhook registered for /paypal/webhooks (verify-webhook-signature needs it). */
    PAYPAL_WEBHOOK_ID: z.string().min(1).optional(),
    /** Tax added to every plan payment, in percent with up to 2 decimals (spec: 18). */
    TAX_RATE_PERCENT: z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, 'must have at most 2 decimals')
      .default(18),
    /** The currency plans are priced and paid in (ISO 4217, 2 decimals). */
    BILLING_CURRENCY: z
      .string()
      .regex(/^[A-Z]{3}$/, 'must be an ISO 4217 code such as USD')
      .default('USD'),
    /** Who issues the invoices: the name, then address lines, separated by "|". */
    INVOICE_SELLER: z.string().min(1).default('Quizlead|quizlead.local'),
    /** "Continue with Google": the OAuth client of a Google Cloud project (redirect URI APP_URL/auth/google/callback). */
    GOOGLE_CLIENT_ID: z.string().min(1).optional(),
    GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
    /** "Continue with Facebook": a Facebook app with Facebook Login (redirect URI APP_URL/auth/facebook/callback). */
    FACEBOOK_APP_ID: z.string().min(1).optional(),
    FACEBOOK_APP_SECRET: z.string().min(1).optional(),
    /** The referrer's share of a referred account's plan payments, before tax, in whole percent. */
    AFFILIATE_COMMISSION_PERCENT: z.coerce.number().int('must be a whole number').min(0).max(100).default(20),
    /** Where Contact Us messages go, also shown in the help menu. */
    SUPPORT_EMAIL: z.email().default('support@quizlead.local'),
    /** The Tutorials page's video links, e.g. {"first-quiz":"https://…"}; unset ids keep their default. */
    TUTORIAL_LINKS: ZTutorialLinks.default({}),
  })
  .transform((env, ctx) => {
    const production = env.NODE_ENV === 'production';
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    if (production && !env.SESSION_SECRET) issue('SESSION_SECRET', 'is required in production');
    if (production && env.EXTERNAL_API_ORIGIN)
      issue('EXTERNAL_API_ORIGIN', 'is for development and tests only: refused in production');
    if (production && env.WEBHOOKS_ALLOW_PRIVATE)
      issue('WEBHOOKS_ALLOW_PRIVATE', 'is for development and tests only: refused in production');
    if (production && env.DELIVERY_RETRY_DELAYS)
      issue('DELIVERY_RETRY_DELAYS', 'is for development and tests only: refused in production');
    if (Boolean(env.PAYPAL_CLIENT_ID) !== Boolean(env.PAYPAL_CLIENT_SECRET))
      issue(env.PAYPAL_CLIENT_ID ? 'PAYPAL_CLIENT_SECRET' : 'PAYPAL_CLIENT_ID', 'is required with the other PayPal credential');
    if (Boolean(env.GOOGLE_CLIENT_ID) !== Boolean(env.GOOGLE_CLIENT_SECRET))
      issue(env.GOOGLE_CLIENT_ID ? 'GOOGLE_CLIENT_SECRET' : 'GOOGLE_CLIENT_ID', 'is required with the other Google credential');
    if (Boolean(env.FACEBOOK_APP_ID) !== Boolean(env.FACEBOOK_APP_SECRET))
      issue(env.FACEBOOK_APP_ID ? 'FACEBOOK_APP_SECRET' : 'FACEBOOK_APP_ID', 'is required with the other Facebook credential');
    if (Boolean(env.SHOPIFY_API_KEY) !== Boolean(env.SHOPIFY_API_SECRET))
      issue(env.SHOPIFY_API_KEY ? 'SHOPIFY_API_SECRET' : 'SHOPIFY_API_KEY', 'is required with the other Shopify credential');
    const singleKey = env.ENCRYPTION_KEY === undefined ? undefined : parseEncryptionKey(env.ENCRYPTION_KEY);
    if (env.ENCRYPTION_KEY !== undefined && !singleKey) issue('ENCRYPTION_KEY', 'must be 32 bytes in base64 or hex');
    if (env.ENCRYPTION_KEY !== undefined && env.ENCRYPTION_KEYS)
      issue('ENCRYPTION_KEY', 'set ENCRYPTION_KEY or ENCRYPTION_KEYS, not both');
    if (production && !env.ENCRYPTION_KEY && !env.ENCRYPTION_KEYS)
      issue('ENCRYPTION_KEYS', 'is required in production (or ENCRYPTION_KEY)');
    // Production must be given one (the issue above); elsewhere each install makes its own.
    const sessionSecret = env.SESSION_SECRET ?? (production ? '' : localSessionSecret(env.DATA_DIR));
    const hostIsUrl = isUrl(env.HOST);
    const appUrl = env.SHOPIFY_APP_URL ?? env.APP_URL ?? (hostIsUrl ? env.HOST : undefined);
    return {
      ...env,
      HOST: hostIsUrl ? defaultListenHost : env.HOST,
      /** SHOPIFY_APP_URL ?? APP_URL ?? HOST (when a URL); else startServer fills in the address it listens on. */
      APP_URL: appUrl?.replace(/\/$/, ''),
      SESSION_SECRET: sessionSecret,
      SCOPES: env.SCOPES ?? tomlScopes(),
      EXTERNAL_API_ORIGIN: env.EXTERNAL_API_ORIGIN && new URL(env.EXTERNAL_API_ORIGIN).origin,
      /** Outside production without a configured key, one derived from the session secret (so dev data stays readable). */
      encryptionKeys:
        env.ENCRYPTION_KEYS ??
        (singleKey
          ? [{ id: 'default', key: singleKey }]
          : [{ id: 'dev', key: createHash('sha256').update(`encryption:${sessionSecret}`).digest() }]),
      /**
       * The dev mailbox (it shows every sign-up code and reset link) exists only without SMTP, outside
       * production, and on a server that listens on loopback alone; it also answers loopback peers only.
       */
      devMailbox: !env.SMTP_URL && !production && isLoopback(hostIsUrl ? defaultListenHost : env.HOST),
    };
  });

export type Env = z.infer<typeof ZEnv>;

export class EnvError extends Error {}

/** Parses the environment; a bad value stops start-up with a message naming the variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const blanksRemoved = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== ''));
  const result = ZEnv.safeParse(blanksRemoved);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
}
