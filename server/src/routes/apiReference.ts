/**
 * docs/api-reference.md, written from the OpenAPI document (routes/openapi.ts) so that it cannot drift from the
 * routes: per tag, each route's method and path, what it does, who may call it, its body's fields and its answers.
 * app.test.ts compares the file with what this renders; `npm run docs:api` writes it again.
 */

interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
}

interface Operation {
  summary: string;
  /** Query and path parameters, and `$ref`s to shared ones (the CSRF header). */
  parameters?: { name?: string; in?: string; required?: boolean; $ref?: string }[];
  tags: string[];
  security?: unknown[];
  'x-ability'?: string;
  'x-platform-admin'?: boolean;
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { description?: string; $ref?: string; content?: Record<string, { schema: Schema }> }>;
}

export interface OpenApiDocument {
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
}

/** Table cells hold one line; a pipe would end the cell. */
const cell = (text: string) => text.replace(/\s*\n\s*/g, ' ').replace(/\|/g, '\\|');

/** An object's fields, optional ones marked: `{email, password, remember?}`; one level deep. */
function fields(schema: Schema | undefined): string {
  if (!schema) return '';
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return variants.map(fields).filter(Boolean).join(' or ');
  if (schema.type === 'array') return `[${fields(schema.items) || '…'}]`;
  if (!schema.properties) return '';
  const required = new Set(schema.required ?? []);
  const names = Object.keys(schema.properties).map((name) => (required.has(name) ? name : `${name}?`));
  return `{${names.join(', ')}}`;
}

function body(operation: Operation): string {
  const content = operation.requestBody?.content;
  if (!content) return '–';
  const json = content['application/json'];
  if (json) return `\`${fields(json.schema) || 'JSON'}\``;
  return `raw: ${Object.keys(content).join(', ')}`;
}

/**
 * The answers by status: a JSON answer's `data` fields, else the status's description (an error's too). The
 * answers every route of a kind shares (`$ref`s to components/responses) are said once, above the tables.
 */
function answers(operation: Operation): string {
  return Object.entries(operation.responses)
    .filter(([status, response]) => status !== 'default' && !response.$ref)
    .map(([status, response]) => {
      const schema = response.content?.['application/json']?.schema;
      if (schema && Number(status) < 400) {
        const data = schema.properties?.data;
        const shown = data ? fields(data) : fields(schema);
        return shown ? `${status} \`{data: ${shown}}\`` : `${status} JSON`;
      }
      return `${status} ${response.description ?? ''}`.trim();
    })
    .join('; ');
}

function who(operation: Operation): string {
  if (operation['x-platform-admin']) return 'platform admin';
  if (operation['x-ability']) return `\`${operation['x-ability']}\``;
  return operation.security?.length ? 'signed in' : 'anyone';
}

export function apiReference(document: OpenApiDocument): string {
  const byTag = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'other';
      const query = (operation.parameters ?? [])
        .filter((parameter) => parameter.in === 'query')
        .map((parameter) => `${parameter.name}${parameter.required ? '' : '?'}`);
      const address = query.length ? `${path} ?${query.join('&')}` : path;
      const row = `| ${method.toUpperCase()} | ${cell(address)} | ${cell(operation.summary)} | ${who(operation)} | ${cell(body(operation))} | ${cell(answers(operation))} |`;
      byTag.set(tag, [...(byTag.get(tag) ?? []), row]);
    }
  }
  const sections = [...byTag.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([tag, rows]) =>
      [
        `## ${tag}`,
        '',
        '| method | path | what it does | who | body | answers |',
        '| --- | --- | --- | --- | --- | --- |',
        ...rows,
      ].join('\n'),
    );
  return [
    `# ${document.info.title} ${document.info.version}: route reference`,
    '',
    '<!-- Written by `npm run docs:api` from the OpenAPI document (/api/v1/openapi.json); do not edit by hand. -->',
    '',
    'Every route under `/api/v1`, from the same declarations that validate the requests. docs/api.md explains the',
    'envelopes, authentication and the behaviour behind the routes; the full schemas are in `/api/v1/openapi.json`.',
    'Every route may also answer the error envelope: 400 naming the field, 401, 403, 404, 409, 413, 415, 429.',
    '"signed in" routes take the session cookie or a Shopify session token (either); with the cookie, a mutating',
    'call also sends `X-CSRF-Token`.',
    '',
    ...sections.flatMap((section) => [section, '']),
  ].join('\n');
}
