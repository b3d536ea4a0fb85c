import { z } from 'zod';

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

const jsonSchema = (schema: z.ZodType, io: 'input' | 'output') =>
  z.toJSONSchema(schema, { io, unrepresentable: 'any', target: 'openapi-3.0' });

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
      const parameters = [
        ...[...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({ name, in: 'path', required: true, schema: { type: 'string' } })),
        ...Object.entries(query?.properties ?? {}).map(([name, schema]) => ({
          name,
          in: 'query',
          required: required.has(name),
          schema,
        })),
      ];
      const requestBody = route.body
        ? { required: true, content: { 'application/json': { schema: jsonSchema(route.body, 'input') } } }
        : route.rawBody
          ? {
              required: true,
              content: Object.fromEntries(route.rawBody.map((type) => [type, { schema: { type: 'string', format: 'binary' } }])),
            }
          : undefined;
      const responses = Object.fromEntries(
        Object.entries(route.responses).map(([status, response]) => [
          status,
          typeof response === 'string'
            ? { description: response }
            : { description: 'OK', content: { 'application/json': { schema: jsonSchema(response, 'output') } } },
        ]),
      );
      paths[path] ??= {};
      paths[path][route.method] = {
        summary: route.summary,
        tags: route.tags,
        ...(parameters.length ? { parameters } : {}),
        ...(requestBody ? { requestBody } : {}),
        ...(route.access === 'public' ? {} : { security: [{ sessionCookie: [], shopifySessionToken: [] }] }),
        // Who may call it: an account ability, or platform administrators (anyone else gets 404).
        ...(route.access === 'owner' ? { 'x-ability': route.can } : {}),
        ...(route.access === 'admin' ? { 'x-platform-admin': true } : {}),
        // A standalone account's own feature: a shop's session token finds nothing there (404).
        ...(route.standaloneOnly ? { 'x-standalone-only': true } : {}),
        responses: { ...responses, default: { $ref: '#/components/responses/Error' } },
      };
    }
    return {
      openapi: '3.0.3',
      info,
      paths,
      components: {
        securitySchemes: {
          sessionCookie: { type: 'apiKey', in: 'cookie', name: 'ql_session' },
          shopifySessionToken: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        },
        responses: {
          Error: {
            description: 'Error envelope',
            content: {
              'application/json': {
                schema: {
                  type: 'object',
                  properties: {
                    error: {
                      type: 'object',
                      required: ['code', 'message'],
                      properties: { code: { type: 'string' }, message: { type: 'string' }, field: { type: 'string' } },
                    },
                  },
                },
              },
            },
          },
        },
      },
    };
  }
}
