import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import type { AppContext, AppState, Auth, Services } from '../context.ts';
import { commitHooks, type CommitHooks } from '../commands/commitHooks.ts';
import type { Db } from '../db/client.ts';
import { type Ability, permissionMessages } from '@quizlead/shared/permissions.ts';
import { ForbiddenError, NotFoundError, ValidationError } from '../errors.ts';
import { rejectUnsafeText } from '../lib/unsafeText.ts';
import { can } from '../policies/abilities.ts';
import { authenticate } from '../middlewares/authenticate.ts';
import type { RateLimiter } from '../middlewares/rateLimit.ts';
import { OpenApiRegistry } from './openapi.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

/** `afterCommit` and `changed` take effect once the route's transaction commits (at once without one). */
interface HandlerInput<TBody, TParams, TQuery> extends CommitHooks {
  ctx: AppContext;
  body: TBody;
  params: TParams;
  query: TQuery;
  /** The request's transaction when the route asked for one, else the database. */
  db: Db;
  services: Services;
}

interface OwnerInput<TBody, TParams, TQuery> extends HandlerInput<TBody, TParams, TQuery> {
  auth: Auth;
}

/** A limiter keyed by client IP (checked first) or by something in the validated body. */
export type RateLimit<TBody> =
  { limiter: RateLimiter; by: 'ip' } | { limiter: RateLimiter; by: (body: TBody, ctx: AppContext) => string };

interface RouteSpecBase<TBody, TParams, TQuery> {
  method: Method;
  path: string;
  summary: string;
  tags: string[];
  body?: z.ZodType<TBody>;
  params?: z.ZodType<TParams>;
  query?: z.ZodType<TQuery>;
  /** A raw (non-JSON) request body, documented with its media types. */
  rawBody?: string[];
  responses: Record<number, z.ZodType | string>;
  rateLimit?: RateLimit<TBody>[];
  /** Wrap the handler in a transaction; jobs enqueued inside commit with it. */
  transaction?: boolean;
}

export interface PublicRouteSpec<TBody, TParams, TQuery> extends RouteSpecBase<TBody, TParams, TQuery> {
  access: 'public';
  handler: (input: HandlerInput<TBody, TParams, TQuery>) => Promise<void>;
}

/** A signed-in account member whose role has the ability `can`; other roles get 403. */
export interface OwnerRouteSpec<TBody, TParams, TQuery> extends RouteSpecBase<TBody, TParams, TQuery> {
  access: 'owner';
  can: Ability;
  /**
   * A standalone account's own feature (signing out of a cookie session, the affiliate programme): to a
   * shop's session token (the embedded admin) the route does not exist (404), whatever the role.
   */
  standaloneOnly?: true;
  handler: (input: OwnerInput<TBody, TParams, TQuery>) => Promise<void>;
}

/** Platform administrators only; to anyone else the route does not exist (404). */
export interface AdminRouteSpec<TBody, TParams, TQuery> extends RouteSpecBase<TBody, TParams, TQuery> {
  access: 'admin';
  handler: (input: OwnerInput<TBody, TParams, TQuery>) => Promise<void>;
}

type RouteSpec<TBody, TParams, TQuery> =
  PublicRouteSpec<TBody, TParams, TQuery> | OwnerRouteSpec<TBody, TParams, TQuery> | AdminRouteSpec<TBody, TParams, TQuery>;

/** What a route declared about its callers, for tests that walk every route. */
export interface DeclaredRoute {
  method: Method;
  path: string;
  access: 'public' | 'owner' | 'admin';
  can?: Ability;
  standaloneOnly?: true;
}

/**
 * Declares REST routes under /api/v1. Each route states its access, limits and schemas once;
 * the same declaration builds the middleware chain and the OpenAPI document.
 */
export class ApiRouter {
  readonly router = new Router<AppState>({ prefix: '/api/v1' });
  readonly openapi = new OpenApiRegistry();
  readonly declared: DeclaredRoute[] = [];
  readonly services: Services;

  constructor(services: Services) {
    this.services = services;
  }

  route<TBody = undefined, TParams = Record<string, never>, TQuery = Record<string, never>>(
    spec: RouteSpec<TBody, TParams, TQuery>,
  ): void {
    const { services } = this;
    const chain: Middleware<AppState>[] = [];
    for (const limit of spec.rateLimit ?? []) {
      if (limit.by === 'ip')
        chain.push(async (ctx, next) => {
          await limit.limiter.hit(ctx.ip);
          await next();
        });
    }
    if (spec.access !== 'public') chain.push(authenticate(services), authorize(spec));
    chain.push(async (ctx: AppContext) => {
      const requestBody = (ctx.request as { body?: unknown }).body;
      // Before zod, all the route reads: a schema lets a NUL or a lone surrogate through to PostgreSQL, which answers 500.
      if (spec.params) rejectUnsafeText(ctx.params);
      if (spec.query) rejectUnsafeText(ctx.query);
      if (spec.body) rejectUnsafeText(requestBody);
      const params = spec.params ? parse(spec.params, ctx.params, 'params') : ({} as TParams);
      const query = spec.query ? parse(spec.query, ctx.query, 'query') : ({} as TQuery);
      const body = spec.body ? parse(spec.body, requestBody, 'body') : (undefined as TBody);
      for (const limit of spec.rateLimit ?? []) {
        if (limit.by !== 'ip') await limit.limiter.hit(limit.by(body, ctx).toLowerCase());
      }
      const hooks = commitHooks(services.quizCache);
      const run = (db: Db) => {
        const input = {
          ctx,
          body,
          params,
          query,
          db,
          services,
          afterCommit: hooks.afterCommit,
          changed: hooks.changed,
        };
        return spec.access === 'public' ? spec.handler(input) : spec.handler({ ...input, auth: ctx.state.auth as Auth });
      };
      if (spec.transaction) await services.database.db.transaction((tx) => run(tx));
      else await run(services.database.db);
      await hooks.committed((error) => ctx.state.log.warn({ err: error }, 'after-commit work failed'));
    });
    this.router[spec.method](spec.path, ...chain);
    this.openapi.add(spec);
    this.declared.push({
      method: spec.method,
      path: spec.path,
      access: spec.access,
      ...(spec.access === 'owner' ? { can: spec.can } : {}),
      ...(spec.access === 'owner' && spec.standaloneOnly ? { standaloneOnly: true as const } : {}),
    });
  }
}

/**
 * After authenticate: the role's ability for owner routes, platform administrators for admin routes.
 * Session tokens come only from a shop's embedded admin, so a standalone-only route is not there for them.
 */
function authorize(spec: { access: 'owner'; can: Ability; standaloneOnly?: true } | { access: 'admin' }): Middleware<AppState> {
  return async (ctx, next) => {
    const auth = ctx.state.auth as Auth;
    if (spec.access === 'owner' && spec.standaloneOnly && auth.via === 'bearer') throw NotFoundError();
    if (spec.access === 'admin' ? !auth.platformAdmin : !can(auth, spec.can)) {
      throw spec.access === 'admin' ? NotFoundError() : ForbiddenError(permissionMessages.forbidden);
    }
    await next();
  };
}

/** A request part through its zod schema; a failure is the 400 naming the field (routes outside /api/v1 use it too). */
export function parse<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'params' | 'query'): T {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw ValidationError(`Invalid ${where}`);
  if (issue.path.length === 0)
    throw ValidationError(where === 'body' ? 'Request body must be a JSON object' : 'Invalid parameters');
  throw ValidationError(issue.message, issue.path.join('.'));
}
