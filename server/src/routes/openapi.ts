import { z } from 'zod';
import { ZApiError } from '@quizlead/shared/schemas/common.ts';

interface DocumentedRoute {
  method: string;
  path: string;
  summary: string;
  tags: string[];
  access: 'public' | 'owner' | 'admin';
  /** The account ability an owner route needs (shared/src/permissions.ts). */
  can?: string;
  /** Not there for a shop's session token (404). */
  standaloneOnly?: true;
  body?: z.ZodType;
  params?: z.ZodType;
  /** The query string's fields (pages, filters, export formats). */
  query?: z.ZodType;
  rawBody?: string[];
  responses: Record<number, z.ZodType | string>;
}

type JsonObject = { properties?: Record<string, unknown>; required?: string[] };
type JsonSchema = Record<string, unknown>;

/**
 * OpenAPI 3.0 has no null type: `nullable` only qualifies the `type` beside it. zod writes a nullable union
 * as `{nullable, anyOf}` with no type, which tools ignore or refuse; the nullability goes into each variant
 * instead (an `enum` variant lists null too, as 3.0.3 asks), and a bare `{nullable}` (any value) drops it.
 */
function withTypedNullables(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(withTypedNullables);
  if (typeof node !== 'object' || node === null) return node;
  const schema = Object.fromEntries(Object.entries(node).map(([key, value]) => [key, withTypedNullables(value)])) as JsonSchema;
  if (schema.nullable !== true || 'type' in schema) return schema;
  const { nullable: _, ...rest } = schema;
  for (const key of ['anyOf', 'oneOf'] as const) {
    const variants = rest[key] as JsonSchema[] | undefined;
    if (variants)
      rest[key] = variants.map((variant) =>
        'type' in variant
          ? { ...variant, nullable: true, ...(Array.isArray(variant.enum) ? { enum: [...variant.enum, null] } : {}) }
          : variant,
      );
  }
  return rest;
}

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  withTypedNullables(z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' })) as JsonSchema;

/** getQuizzesByIdReport for GET /quizzes/{id}/report: unique, as method and path are. */
function operationId(method: string, path: string): string {
  const words = path
    .replace(/^\/api\/v1/, '')
    .split('/')
    .filter(Boolean)
    .flatMap((segment) => {
      const param = /^\{(\w+)\}$/.exec(segment);
      return param ? ['by', param[1]!] : segment.split(/[^A-Za-z0-9]+/);
    });
  return method + words.map((word) => word.charAt(0).toUpperCase() + word.slice(1)).join('');
}

const errorBody = { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } };
const errorResponse = (description: string) => ({ description, content: errorBody });
const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
/** Methods that change state: with the session cookie they need the CSRF header (middlewares/authenticate.ts). */
const unsafeMethods = new Set(['post', 'put', 'patch', 'delete']);

/** Collects routes as they are declared and renders them as an OpenAPI 3 document. */
export class OpenApiRegistry {
  readonly #routes: DocumentedRoute[] = [];

  add(route: DocumentedRoute): void {
    this.#routes.push(route);
  }

  document(info: { title: string; version: string }) {
    const paths: Record<string, Record<string, unknown>> = {};
    for (const route of this.#routes) {
      const path = `/api/v1${route.path}`.replace(/:(\w+)/g, '{$1}');
      const query = route.query ? (jsonSchema(route.query, 'input') as JsonObject) : null;
      const required = new Set(query?.required ?? []);
      const signedIn = route.access !== 'public';
      const parameters = [
        ...[...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema,
        })),
        ...(signedIn && unsafeMethods.has(route.method) ? [{ $ref: '#/components/parameters/CsrfToken' }] : []),
      ];
      const requestBody = route.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } }
        : route.rawBody
          ? {
              required: true,
              content: Object.fromEntries(route.rawBody.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
            }
          : undefined;
      const responses: Record<string, unknown> = Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          typeof response !== 'string'
            ? { description: 'OK', content: { 'application/json': { schema: jsonSchema(response, 'output') } } }
            : Number(status) >= 400
              ? errorResponse(response)
              : { description: response },
        ]),
      );
      // The answers every route of its kind can give, unless the route describes its own.
      const common: [number, boolean, string][] = [
        [
          400,
          Boolean(route.body ?? route.rawBody ?? route.query ?? parameters.some((p) => 'in' in p && p.in === 'path')),
          'BadRequest',
        ],
        [401, signedIn, 'Unauthorized'],
        [403, route.access === 'owner', 'Forbidden'],
        [404, route.access === 'admin', 'NotFound'],
      ];
      for (const [status, applies, name] of common) if (applies && !(status in responses)) responses[status] = ref(name);
      paths[path] ??= {};
      paths[path][route.method] = {
        operationId: operationId(route.method, path),
        summary: route.summary,
        tags: route.tags,
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        // Either credential alone is enough; a public route needs none.
        security: signedIn
          ? route.standaloneOnly
            ? [{ sessionCookie: [] }]
            : [{ sessionCookie: [] }, { shopifySessionToken: [] }]
          : [],
        // Who may call it: an account ability, or platform administrators (anyone else gets 404).
        ...(route.access === 'owner' ? { 'x-ability': route.can } : {}),
        ...(route.access === 'admin' ? { 'x-platform-admin': true } : {}),
        // A standalone account's own feature: a shop's session token finds nothing there (404).
        ...(route.standaloneOnly ? { 'x-standalone-only': true } : {}),
        responses: { ...responses, default: ref('Error') },
      };
    }
    return {
      openapi: '3.0.3',
      info,
      // Relative: the origin that serves this document (/api/v1/openapi.json); every path starts with /api/v1.
      servers: [{ url: '/', description: 'The server that serves this document' }],
      paths,
      components: {
        securitySchemes: {
          sessionCookie: {
            type: 'apiKey',
            in: 'cookie',
            name: 'ql_session',
            description: 'The standalone session, set by sign-in or sign-up. Mutating calls also send X-CSRF-Token.',
          },
          shopifySessionToken: {
            type: 'http',
            scheme: 'bearer',
            bearerFormat: 'JWT',
            description: "An App Bridge session token of the shop's embedded admin; no CSRF token is needed with it.",
          },
        },
        parameters: {
          CsrfToken: {
            name: 'X-CSRF-Token',
            in: 'header',
            // Not required with a bearer token; with the session cookie, a missing or wrong one answers 403.
            required: false,
            description:
              'With the session cookie: the `csrfToken` from GET or POST /api/v1/session (otherwise 403). Not needed with a bearer token.',
            schema: { type: 'string' },
          },
        },
        schemas: {
          // The envelope every failed call answers with, described once and referenced by every error answer.
          Error: jsonSchema(ZApiError, 'output'),
        },
        responses: {
          Error: errorResponse('Error envelope'),
          BadRequest: errorResponse('A field is invalid (`error.field` names it)'),
          Unauthorized: errorResponse('Not signed in, or the session has ended'),
          Forbidden: errorResponse("The caller's role lacks the route's ability, or the CSRF token is missing"),
          NotFound: errorResponse('No such item for this caller'),
        },
      },
    };
  }
}
