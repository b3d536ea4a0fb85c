import Router from '@koa/router';
import type { Middleware } from 'koa';
import type { z } from 'zod';
import type { AppContext, AppState, Auth, Services } from '../context.ts';
import type { Db } from '../db/client.ts';
import { ValidationError } from '../errors.ts';
import { authenticate } from '../middlewares/authenticate.ts';
import type { RateLimiter } from '../middlewares/rateLimit.ts';
import { OpenApiRegistry } from './openapi.ts';

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete';

interface HandlerInput<TBody, TParams, TQuery> {
  ctx: AppContext;
  body: TBody;
  params: TParams;
  query: TQuery;
  /** The request's transaction when the route asked for one, else the database. */
  db: Db;
  services: Services;
  /** Runs `work` once the route's transaction has committed (at once without one): for side effects outside the database. */
  afterCommit(work: () => Promise<void>): void;
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

export interface OwnerRouteSpec<TBody, TParams, TQuery> extends RouteSpecBase<TBody, TParams, TQuery> {
  access: 'owner';
  handler: (input: OwnerInput<TBody, TParams, TQuery>) => Promise<void>;
}

/**
 * Declares REST routes under /api/v1. Each route states its access, limits and schemas once;
 * the same declaration builds the middleware chain and the OpenAPI document.
 */
export class ApiRouter {
  readonly router = new Router<AppState>({ prefix: '/api/v1' });
  readonly openapi = new OpenApiRegistry();
  readonly services: Services;

  constructor(services: Services) {
    this.services = services;
  }

  route<TBody = undefined, TParams = Record<string, never>, TQuery = Record<string, never>>(
    spec: PublicRouteSpec<TBody, TParams, TQuery> | OwnerRouteSpec<TBody, TParams, TQuery>,
  ): void {
    const { services } = this;
    const chain: Middleware<AppState>[] = [];
    for (const limit of spec.rateLimit ?? []) {
      if (limit.by === 'ip') chain.push(async (ctx, next) => (limit.limiter.hit(ctx.ip), next()));
    }
    if (spec.access === 'owner') chain.push(authenticate(services));
    chain.push(async (ctx: AppContext) => {
      const params = spec.params ? parse(spec.params, ctx.params, 'params') : ({} as TParams);
      const query = spec.query ? parse(spec.query, ctx.query, 'query') : ({} as TQuery);
      const body = spec.body ? parse(spec.body, (ctx.request as { body?: unknown }).body, 'body') : (undefined as TBody);
      for (const limit of spec.rateLimit ?? []) {
        if (limit.by !== 'ip') limit.limiter.hit(limit.by(body, ctx).toLowerCase());
      }
      const committed: (() => Promise<void>)[] = [];
      const run = (db: Db) => {
        const input = {
          ctx,
          body,
          params,
          query,
          db,
          services,
          afterCommit: (work: () => Promise<void>) => void committed.push(work),
        };
        return spec.access === 'owner' ? spec.handler({ ...input, auth: ctx.state.auth as Auth }) : spec.handler(input);
      };
      if (spec.transaction) await services.database.db.transaction((tx) => run(tx));
      else await run(services.database.db);
      for (const work of committed) {
        await work().catch((error: unknown) => ctx.state.log.warn({ err: error }, 'after-commit work failed'));
      }
    });
    this.router[spec.method](spec.path, ...chain);
    this.openapi.add(spec);
  }
}

function parse<T>(schema: z.ZodType<T>, value: unknown, where: 'body' | 'params' | 'query'): T {
  const result = schema.safeParse(value ?? (where === 'body' ? undefined : {}));
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  if (!issue) throw ValidationError(`Invalid ${where}`);
  if (issue.path.length === 0)
    throw ValidationError(where === 'body' ? 'Request body must be a JSON object' : 'Invalid parameters');
  throw ValidationError(issue.message, issue.path.join('.'));
}
