import { z } from 'zod';
import { tutorialIds, type TutorialId } from '@quizlead/shared/reports.ts';

const devSecret = 'dev-only-secret-change-me-in-production-0123456789';

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
    HOST: z.string().min(1).default('127.0.0.1'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** The address people reach the app at; links in emails start with it. */
    APP_URL: z.url().optional(),
    /** PostgreSQL server; without it the app embeds PGlite under DATA_DIR. */
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    /** smtp:// or smtps:// URL; without it mail goes to the dev mailbox. */
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Quizlead <no-reply@quizlead.local>'),
    /** Keys the hashes of emailed tokens; at least 32 characters. */
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    /** Behind a reverse proxy: trust X-Forwarded-For/-Proto (client IP, HTTPS for Secure cookies). */
    TRUST_PROXY: ZBoolean.default(false),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    SHOPIFY_API_KEY: z.string().optional(),
    SHOPIFY_API_SECRET: z.string().optional(),
    /** A MaxMind-format (.mmdb) database for visitors' country, region and city. */
    GEOIP_DB: z.string().min(1).optional(),
    /** Seconds between job queue polls. */
    JOB_POLL_SECONDS: z.coerce.number().min(0.5).default(1),
    /** The Tutorials page's video links, e.g. {"first-quiz":"https://…"}; unset ids keep their default. */
    TUTORIAL_LINKS: ZTutorialLinks.default({}),
  })
  .transform((env, ctx) => {
    if (env.NODE_ENV === 'production' && !env.SESSION_SECRET) {
      ctx.addIssue({ code: 'custom', path: ['SESSION_SECRET'], message: 'is required in production' });
    }
    return {
      ...env,
      /** Filled in by startServer with the address it listens on when not configured. */
      APP_URL: env.APP_URL?.replace(/\/$/, ''),
      SESSION_SECRET: env.SESSION_SECRET ?? devSecret,
      /** The dev mailbox exists only without SMTP and outside production. */
      devMailbox: !env.SMTP_URL && env.NODE_ENV !== 'production',
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
