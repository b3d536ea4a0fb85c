import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';

/**
 * Generators of malformed requests for the fuzz suite: hostile text, JSON written by hand (so that
 * duplicate keys, `__proto__` and numbers no JavaScript value can hold survive), bodies shaped by a
 * route's JSON schema with hostile values in any place, odd query strings, path segments, headers,
 * content types and encodings.
 */

/** Text that PostgreSQL refuses, parsers trip on, or templates and shells would run. */
const hostileConstants = [
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfff',
  '\udbff\u0000',
  '\udc00\ud800',
  '\uffff',
  '\ufeff',
  '\u202e',
  '\u0007\u001b[31m',
  '%00',
  '\\u0000',
  "'; drop table users; --",
  '" or 1=1 --',
  '<script>alert(1)</script>',
  '{{7*7}}',
  '${7*7}',
  '{% raw %}',
  '../../etc/passwd',
  'javascript:alert(1)',
  'data:text/html,<b>x</b>',
  '',
  ' ',
  '\t\n\r',
  'null',
  'NaN',
  '-1',
  '1e400',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  '0000-00-00',
  '9999-12-31T23:59:59.999Z',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  'ann@example.com\u0000',
  'ann+tag@example.com',
  'ANN@EXAMPLE.COM',
  '@',
  'a@b',
  '😀',
  'Zoë Ünïcode ü',
  'e\u0301',
];

export const hostileText: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...hostileConstants) },
  // Any code unit, lone surrogates and NUL included.
  { weight: 3, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', minLength: 200, maxLength: 3000 }) },
  { weight: 1, arbitrary: fc.nat({ max: 60_000 }).map((length) => 'x'.repeat(length)) },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.emailAddress(), fc.constantFrom('\u0000', '\ud800', '\udfff')).map(([email, bad]) => `${email}${bad}`),
  },
);

/** Text with something PostgreSQL cannot store in it, somewhere: what the validation step must refuse. */
export const unstorableText: fc.Arbitrary<string> = fc
  // fc.string is printable ASCII: nothing around the bad unit can pair with it.
  .tuple(
    fc.string({ maxLength: 20 }),
    fc.constantFrom('\u0000', '\ud800', '\udbff', '\udc00', '\udfff'),
    fc.string({ maxLength: 20 }),
  )
  .map(([before, bad, after]) => `${before}${bad}${after}`);

/** Number literals no double holds exactly, or at all, or that a column would overflow. */
const numberLiteral: fc.Arbitrary<string> = fc.oneof(
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((value) => JSON.stringify(value)),
  fc.constantFrom(
    '1e400',
    '-1e400',
    '1e-400',
    '-0',
    '0.1e1',
    '1E+2',
    '2147483648',
    '-2147483649',
    '9007199254740993',
    '99999999999999999999999999999999999999',
    '1.7976931348623157e308',
    '5e-324',
    '0.30000000000000004',
  ),
);

/** One JSON text: `stringify` for leaves, by hand for containers (keys kept in order, repeated or not). */
export const jsonString = (text: string) => JSON.stringify(text);
const jsonObject = (entries: [string, string][]) => `{${entries.map(([key, value]) => `${jsonString(key)}:${value}`).join(',')}}`;
const jsonArray = (items: string[]) => `[${items.join(',')}]`;

/** Keys that mean something to JavaScript objects, and hostile ones. */
const hostileKey: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'toString',
    'hasOwnProperty',
    'valueOf',
    '',
    ' ',
    '$where',
    'a.b',
    '0',
  ),
  hostileText.filter((text) => text.length < 200),
);

/** Any JSON at all, hostile leaves and keys included, nested up to a few levels. */
export const anyJson: fc.Arbitrary<string> = fc.letrec<{ node: string }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileText.map(jsonString),
    numberLiteral,
    fc.constantFrom('true', 'false', 'null'),
    fc.array(tie('node'), { maxLength: 5 }).map(jsonArray),
    fc.array(fc.tuple(fc.oneof(hostileKey, fc.string({ maxLength: 8 })), tie('node')), { maxLength: 5 }).map(jsonObject),
  ),
})).node;

/** Nesting far past any limit: JSON.parse copes, recursive code after it may not. */
export const deepJson: fc.Arbitrary<string> = fc
  .tuple(fc.integer({ min: 20, max: 40_000 }), fc.boolean())
  .map(([depth, arrays]) =>
    arrays ? `${'['.repeat(depth)}1${']'.repeat(depth)}` : `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`,
  );

/** The value where a schema expects something else: another type, hostile text, a huge number, deep nesting. */
export const wrongValue: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: hostileText.map(jsonString) },
  { weight: 2, arbitrary: numberLiteral },
  { weight: 1, arbitrary: fc.constantFrom('true', 'false', 'null', '[]', '{}', '""', '[null]', '{"__proto__":{"admin":true}}') },
  { weight: 2, arbitrary: anyJson },
  { weight: 1, arbitrary: deepJson },
);

/** The subset of JSON Schema (zod's OpenAPI 3.0 output) the generators read. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
  format?: string;
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  default?: unknown;
}

/** Values that satisfy `schema` (as far as JSON Schema says): the start from which the fuzz strays. */
export function validValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  const choices = schema.anyOf ?? schema.oneOf;
  if (choices?.length) return fc.oneof(...choices.map((choice) => validValue(choice, name)));
  if (schema.allOf?.length) return validValue(schema.allOf[0]!, name);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  const base = ((): fc.Arbitrary<unknown> => {
    switch (type) {
      case 'object': {
        const properties = schema.properties ?? {};
        const required = new Set(schema.required ?? []);
        const known = Object.fromEntries(
          Object.entries(properties).map(([key, inner]) => [key, validValue(inner, key)] as const),
        );
        const record = fc.record(known, { requiredKeys: [...required].filter((key) => key in properties) });
        const extra = schema.additionalProperties;
        if (typeof extra !== 'object') return record;
        const keyed = fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), validValue(extra), { maxKeys: 4 });
        return fc.tuple(record, keyed).map(([fixed, more]) => ({ ...more, ...fixed }));
      }
      case 'array':
        return fc.array(validValue(schema.items ?? {}), {
          minLength: schema.minItems ?? 0,
          maxLength: Math.min(schema.maxItems ?? 5, 5),
        });
      case 'integer':
        return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000 });
      case 'number':
        return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 1000, noNaN: true });
      case 'boolean':
        return fc.boolean();
      case 'string':
        return validText(schema, name);
      default:
        return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean());
    }
  })();
  return schema.nullable ? fc.option(base, { nil: null, freq: 8 }) : base;
}

/** An address every validator takes (fc.emailAddress makes RFC-valid ones that zod refuses). */
export const plainEmail: fc.Arbitrary<string> = fc
  .tuple(fc.stringMatching(/^[a-z0-9]{1,16}(\.[a-z0-9]{1,8})?$/), fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]$/))
  .map(([local, domain]) => `${local}@${domain}.example`);

function validText(schema: JsonSchema, name: string): fc.Arbitrary<string> {
  if (schema.format === 'uuid') return fc.uuid();
  if (/email/i.test(name) || schema.format === 'email') return plainEmail;
  if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
  return fc.string({ minLength: schema.minLength ?? 0, maxLength: Math.min(schema.maxLength ?? 40, 60) });
}

/**
 * JSON text shaped by `schema`, where any node may be replaced by a wrong value, an object may carry
 * extra or hostile keys and a required key may be missing: near enough to valid to reach the handler.
 */
export function strayingJson(schema: JsonSchema, name = '', depth = 0): fc.Arbitrary<string> {
  const faithful = faithfulJson(schema, name, depth);
  return fc.oneof({ weight: 6, arbitrary: faithful }, { weight: 1, arbitrary: wrongValue });
}

function faithfulJson(schema: JsonSchema, name: string, depth: number): fc.Arbitrary<string> {
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (depth > 4 || schema.anyOf || schema.oneOf || schema.enum || schema.const !== undefined || type !== 'object') {
    if (type === 'array' && schema.items && depth <= 4) {
      const items = strayingJson(schema.items, name, depth + 1);
      return fc.array(items, { maxLength: Math.min((schema.maxItems ?? 4) + 1, 8) }).map(jsonArray);
    }
    return validValue(schema, name).map((value) => JSON.stringify(value) ?? 'null');
  }
  const properties = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = properties.map(([key, inner]) =>
    fc
      .tuple(fc.nat({ max: 19 }), strayingJson(inner, key, depth + 1))
      // A required key is left out now and then, an optional one half the time.
      .map(([roll, value]): [string, string][] => (roll < (required.has(key) ? 1 : 10) ? [] : [[key, value]])),
  );
  const extra = schema.additionalProperties;
  const extraValue = typeof extra === 'object' ? strayingJson(extra, '', depth + 1) : wrongValue;
  const extras = fc.array(fc.tuple(fc.oneof(fc.string({ minLength: 1, maxLength: 12 }), hostileKey), extraValue), {
    maxLength: typeof extra === 'object' ? 5 : 2,
  });
  return fc.tuple(fc.tuple(...fields), extras).map(([chosen, more]) => jsonObject([...chosen.flat(), ...more]));
}

/** A path segment that is not the route's: hostile, percent-encoded or raw, or someone else's id. */
export const oddSegment: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: fc.uuid().map((id) => (id.length % 2 ? id.toUpperCase() : id)) },
  {
    weight: 2,
    arbitrary: fc.constantFrom(
      '%00',
      'a%00b',
      '%ED%A0%80',
      '%C0%80',
      '%FF',
      '%',
      '%zz',
      '..',
      '%2e%2e',
      '%2F',
      '%5C',
      '__proto__',
      'constructor',
      '%F0%9F%98%80',
      '%uD800',
      '-1',
      '1e400',
      '%20',
      'null',
      'x'.repeat(5000),
      '00000000-0000-0000-0000-000000000000',
    ),
  },
  { weight: 2, arbitrary: hostileText.filter((text) => text.length < 2000).map(encodeLoosely) },
);

/** Percent-encodes what `encodeURIComponent` would, without throwing on lone surrogates (sent as raw CESU-8 bytes). */
export function encodeLoosely(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code >= 0xd800 && code <= 0xdfff) {
      out += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    } else out += encodeURIComponent(char);
  }
  return out;
}

/** A query string: the route's own keys and others, hostile values, broken escapes, repeats. */
export function queryString(keys: string[], values: Record<string, fc.Arbitrary<string>> = {}): fc.Arbitrary<string> {
  const key = fc.oneof(
    { weight: 4, arbitrary: keys.length ? fc.constantFrom(...keys) : fc.constant('q') },
    { weight: 1, arbitrary: fc.constantFrom('__proto__', 'constructor', 'search', 'page', 'limit', 'a[b]', 'a[]', '') },
    { weight: 1, arbitrary: hostileText.filter((text) => text.length < 100).map(encodeLoosely) },
  );
  const rawValue = fc.oneof(
    { weight: 3, arbitrary: hostileText.filter((text) => text.length < 3000).map(encodeLoosely) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('%', '%zz', '%00', '%ED%A0%80', '%C0%80', '%FF', '+', '==', '&&', '1e400', '-1', ''),
    },
  );
  const pair = key.chain((name) => {
    const own = Object.hasOwn(values, name) ? values[name] : undefined;
    const value = own
      ? fc.oneof({ weight: 3, arbitrary: own.map(encodeURIComponent) }, { weight: 2, arbitrary: rawValue })
      : rawValue;
    return fc.oneof(
      { weight: 8, arbitrary: value.map((text) => `${name}=${text}`) },
      { weight: 1, arbitrary: fc.constant(name) },
    );
  });
  return fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 6, arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => pairs.join('&')) },
    { weight: 1, arbitrary: fc.constantFrom('&', '&&&', '=', '?', '#x', '%', 'a=1&a=2&a=3') },
  );
}

/** Content types a client may claim, right or wrong. */
export const contentType: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 8, arbitrary: fc.constant('application/json') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      undefined,
      'application/json; charset=utf-8',
      'application/json; charset=utf-16',
      'application/json; charset=latin1',
      'application/json; charset=nonsense',
      'application/vnd.api+json',
      'application/csp-report',
      'text/plain',
      'text/html',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
      'multipart/form-data',
      'application/octet-stream',
      'image/png',
      'application/xml',
      '*/*',
      'json',
      ';;;',
      'application/json;',
      'APPLICATION/JSON',
    ),
  },
);

/** How a body goes on the wire: coded as it says, mislabelled, or in a coding nobody knows. */
export type Coding = { header?: string; encode: (bytes: Buffer) => Buffer };
const same = (bytes: Buffer) => bytes;
export const coding: fc.Arbitrary<Coding> = fc.oneof(
  { weight: 12, arbitrary: fc.constant<Coding>({ encode: same }) },
  {
    weight: 4,
    arbitrary: fc.constantFrom<Coding>(
      { header: 'gzip', encode: (bytes) => gzipSync(bytes) },
      { header: 'deflate', encode: (bytes) => deflateSync(bytes) },
      { header: 'br', encode: (bytes) => brotliCompressSync(bytes) },
      { header: 'identity', encode: same },
      { header: 'gzip', encode: same },
      { header: 'deflate', encode: same },
      { header: 'br', encode: same },
      { header: 'gzip', encode: (bytes) => gzipSync(bytes).subarray(0, Math.max(1, Math.floor(bytes.length / 2))) },
      { header: 'gzip', encode: (bytes) => Buffer.concat([gzipSync(bytes), Buffer.from('trailing')]) },
      { header: 'zstd', encode: same },
      { header: 'compress', encode: same },
      { header: 'GZIP', encode: (bytes) => gzipSync(bytes) },
      { header: 'gzip, br', encode: (bytes) => brotliCompressSync(gzipSync(bytes)) },
      { header: 'x-unknown', encode: same },
      { header: '', encode: same },
    ),
  },
);

/** Raw body bytes that are not the JSON they claim to be. */
export const brokenBody: fc.Arbitrary<Buffer> = fc.oneof(
  fc
    .constantFrom(
      '',
      '{',
      '{"a":',
      '[1,2',
      'null',
      '"text"',
      '1',
      'true',
      '\ufeff{}',
      '{"a":1}{"b":2}',
      '{"a":1,}',
      "{'a':1}",
      '{"__proto__":{"polluted":true}}',
      '{"constructor":{"prototype":{"polluted":true}}}',
      '{"a":"\\ud800"}',
      '{"a":"\\u0000"}',
      '{"a":NaN}',
      '{"a":Infinity}',
      '{"a":1e400}',
      'a=1&b=2',
    )
    .map((text) => Buffer.from(text, 'utf8')),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => Buffer.from(bytes)),
  // Invalid UTF-8 inside a JSON string: a lone surrogate as CESU-8, an overlong NUL, a stray byte.
  fc
    .constantFrom([0xed, 0xa0, 0x80], [0xc0, 0x80], [0xff], [0xe2, 0x28, 0xa1])
    .map((bad) => Buffer.concat([Buffer.from('{"name":"a'), Buffer.from(bad), Buffer.from('b","email":"a@example.com"}')])),
);

/** Methods a client may send instead of the route's own. */
export const otherMethod = fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PROPFIND', 'FOO');

/** Header values that are legal on the wire but mean nothing good. */
export const headerText: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('', ' ', 'null', '%00', 'Bearer', 'Bearer ', 'Bearer x.y.z', 'Basic Og==', '\u00ff\u00fe', 'a'.repeat(4000)),
  fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 200 }),
);

export type Path = (string | number)[];

/** Where text sits in a JSON value: every string's path, and every object's (a key may be added there). */
export function textSlots(value: unknown, path: Path = []): { strings: Path[]; objects: Path[] } {
  if (typeof value === 'string') return { strings: [path], objects: [] };
  const slots = { strings: [] as Path[], objects: [] as Path[] };
  if (typeof value !== 'object' || value === null) return slots;
  if (!Array.isArray(value)) slots.objects.push(path);
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : Object.entries(value);
  for (const [key, inner] of entries) {
    const innerSlots = textSlots(inner, [...path, key]);
    slots.strings.push(...innerSlots.strings);
    slots.objects.push(...innerSlots.objects);
  }
  return slots;
}

/** `value` with `replacement` at `path` (a copy: the generated value stays as it was). */
export function replacedAt(value: unknown, path: Path, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...(value as unknown[])] : { ...(value as object) }) as Record<string | number, unknown>;
  Object.defineProperty(copy, head!, {
    value: replacedAt(copy[head!], rest, replacement),
    enumerable: true,
    writable: true,
    configurable: true,
  });
  return copy;
}

/** Values from `valid` with, now and then, one string swapped for hostile text. */
export function straying(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  return fc.tuple(valid, fc.nat({ max: 2 }), fc.nat(), hostileText).map(([value, roll, pick, text]) => {
    const { strings } = textSlots(value);
    if (roll === 0 || strings.length === 0) return value;
    return replacedAt(value, strings[pick % strings.length]!, text);
  });
}
