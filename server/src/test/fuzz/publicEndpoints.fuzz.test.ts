import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { messages } from '@quizlead/shared/validations.ts';
import {
  anyJson,
  brokenBody,
  coding,
  contentType,
  headerText,
  oddSegment,
  otherMethod,
  queryString,
  replacedAt,
  straying,
  strayingJson,
  textSlots,
  unstorableText,
  validValue,
} from './hostile.ts';
import { fuzzTargets, startFuzzWorld, type Door, type Endpoint } from './targets.ts';
import { describeRequest, send, type WireRequest } from './wire.ts';

/**
 * Issue 15, "a fuzz suite in CI": every public endpoint and every sign-in, sign-up and password
 * endpoint gets generated malformed requests (hostile JSON shapes, NUL and lone surrogates, huge
 * numbers, wrong types, deep nesting, prototype keys, odd query strings and path segments, wrong
 * content types and broken encodings) against the real server. No answer may be a 5xx (bar a 501 to
 * an unknown method, and the pages' 503 while the front end is not built), and the server must
 * answer its health checks after.
 * Every ApiRouter endpoint also gets text PostgreSQL cannot store in each of its inputs and must
 * answer 400 naming that field.
 *
 * FUZZ_RUNS requests per endpoint and property (default 30, a normal run; nightly: 10000).
 * FUZZ_SEED fixes the generator (default 15007); the seed is printed with any failure.
 * Every request is tallied, failures too, so a run reports all it found; the totals are printed.
 */
const seed = Number(process.env.FUZZ_SEED ?? 15_007);
const runs = Number(process.env.FUZZ_RUNS ?? 30);
const timeout = Math.max(60_000, runs * 250);

const world = await startFuzzWorld();
const { fuzzed: endpoints, declared } = await fuzzTargets(world);
afterAll(async () => {
  printTotals();
  await world.stop();
});

interface Tally {
  tried: number;
  unsendable: number;
  statuses: Map<number, number>;
  failures: string[];
}
const tallies = new Map<string, Tally>();
const tallyOf = (name: string): Tally => {
  let tally = tallies.get(name);
  if (!tally) tallies.set(name, (tally = { tried: 0, unsendable: 0, statuses: new Map(), failures: [] }));
  return tally;
};

/** Each endpoint and property its own seed, so adding one does not change what the others get. */
const seedFor = (name: string) => seed ^ createHash('sha256').update(name).digest().readInt32BE(0);

/** The pages answer 503 until `npm run build` has made them (CI builds first): not a failure of the server. */
const frontEndBuilt = [
  '../../../../standalone/dist/index.html',
  '../../../../web/dist/player/player.html',
  '../../../../web/dist/widgets/widgets.html',
].every((path) => existsSync(fileURLToPath(new URL(path, import.meta.url))));
const standardMethods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'];

/** A 5xx the server owes nobody an apology for: 501 to a method HTTP routers do not know, 503 for pages not built. */
function excused(wire: WireRequest, status: number): boolean {
  if (status === 501) return !standardMethods.includes(wire.method);
  return status === 503 && !frontEndBuilt && !wire.path.startsWith('/api/');
}

interface Generated {
  door: Door;
  fresh: boolean;
  method: string;
  segments: Record<string, string | null>;
  query: string;
  body: Buffer | null;
  contentType: string | undefined;
  coding: { header?: string; encode: (bytes: Buffer) => Buffer };
  headers: Record<string, string>;
  sign: (wire: WireRequest) => WireRequest;
}

const parametersOf = (path: string) => [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!);

/**
 * Requests for `endpoint`. Most change one thing of a request the route accepts (a path segment,
 * the query, the body, its type or coding, the method, a header), so each reaches as far into the
 * route as that one thing lets it; some are valid, to reach the database; the rest change everything.
 */
function requestsFor(endpoint: Endpoint): fc.Arbitrary<Generated> {
  const parameters = parametersOf(endpoint.path);
  const validBody = endpoint.body ? (endpoint.validBody ?? validValue(endpoint.body)) : undefined;
  const valid = {
    segments: fc.constant(Object.fromEntries(parameters.map((name) => [name, null]))),
    query: endpoint.query
      ? fc.oneof(
          fc.constant(''),
          fc
            .record(endpoint.query, { requiredKeys: [] })
            .map((pairs) => new URLSearchParams(pairs as Record<string, string>).toString()),
        )
      : fc.constant(''),
    body: validBody ? validBody.map((value) => Buffer.from(JSON.stringify(value), 'utf8')) : fc.constant(null),
    contentType: fc.constant(validBody ? 'application/json' : undefined),
    coding: fc.constant({ encode: (bytes: Buffer) => bytes }),
    method: fc.constant(endpoint.method),
    headers: fc.constant({}),
  };
  const json = endpoint.body
    ? fc.oneof(
        { weight: 3, arbitrary: strayingJson(endpoint.body) },
        { weight: 3, arbitrary: straying(validBody!).map((value) => JSON.stringify(value)) },
        { weight: 1, arbitrary: anyJson },
      )
    : anyJson;
  const odd = {
    segments: fc.record(
      Object.fromEntries(
        parameters.map((name) => [
          name,
          fc.oneof({ weight: 1, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: oddSegment }),
        ]),
      ),
    ),
    query: queryString(Object.keys(endpoint.query ?? {}), endpoint.query),
    body: fc.oneof(
      { weight: 8, arbitrary: json.map((text) => Buffer.from(text, 'utf8')) },
      { weight: 2, arbitrary: brokenBody },
      { weight: 1, arbitrary: fc.constant(null) },
    ),
    contentType,
    coding,
    method: otherMethod,
    headers: fc.dictionary(
      fc.constantFrom(
        'cookie',
        'authorization',
        'x-request-id',
        'origin',
        'accept',
        'x-forwarded-for',
        'x-csrf-token',
        'host',
        'range',
        'if-none-match',
      ),
      headerText,
      { minKeys: 1, maxKeys: 3 },
    ),
  };
  type Part = keyof typeof valid;
  const parts = Object.keys(valid) as Part[];
  const mode = fc.oneof(
    { weight: 2, arbitrary: fc.constant<'valid' | 'all' | Part>('valid') },
    { weight: 3, arbitrary: fc.constant<'valid' | 'all' | Part>('all') },
    { weight: 2, arbitrary: fc.constant<'valid' | 'all' | Part>('body') },
    { weight: 1, arbitrary: fc.constantFrom<'valid' | 'all' | Part>(...parts) },
  );
  // Everything changed at once still mostly keeps the route's method, or it would rarely reach the route.
  const chaos = { ...odd, method: fc.oneof({ weight: 3, arbitrary: valid.method }, { weight: 1, arbitrary: otherMethod }) };
  const pick = <K extends Part>(chosen: string, part: K) =>
    (chosen === 'all' ? chaos[part] : chosen === part ? odd[part] : valid[part]) as fc.Arbitrary<unknown>;
  return fc
    .tuple(mode, endpoint.door, endpoint.freshDoor ? fc.nat({ max: 2 }).map((roll) => roll === 0) : fc.constant(false))
    .chain(([chosen, door, fresh]) =>
      fc.record({
        door: fc.constant(door),
        fresh: fc.constant(fresh),
        segments: pick(chosen, 'segments') as fc.Arbitrary<Record<string, string | null>>,
        query: pick(chosen, 'query') as fc.Arbitrary<string>,
        body: pick(chosen, 'body') as fc.Arbitrary<Buffer | null>,
        contentType: pick(chosen, 'contentType') as fc.Arbitrary<string | undefined>,
        coding: pick(chosen, 'coding') as fc.Arbitrary<Generated['coding']>,
        method: pick(chosen, 'method') as fc.Arbitrary<string>,
        headers: pick(chosen, 'headers') as fc.Arbitrary<Record<string, string>>,
        sign: endpoint.sign ?? fc.constant((wire: WireRequest) => wire),
      }),
    );
}

async function wireOf(endpoint: Endpoint, generated: Generated): Promise<WireRequest> {
  const door = generated.fresh ? await endpoint.freshDoor!() : generated.door;
  const path = endpoint.path.replace(
    /\{(\w+)\}/g,
    (_, name: string) => generated.segments[name] ?? encodeURIComponent(door.params[name] ?? name),
  );
  const headers: Record<string, string> = { ...door.headers, ...generated.headers };
  if (generated.contentType) headers['content-type'] = generated.contentType;
  if (generated.coding.header !== undefined) headers['content-encoding'] = generated.coding.header;
  const wire = {
    method: generated.method,
    path: generated.query ? `${path}?${generated.query}` : path,
    headers,
    body: generated.body ? generated.coding.encode(generated.body) : undefined,
  };
  return generated.sign(wire);
}

/** Sends one request and tallies the answer; a failure is kept with the request that made it. */
async function tried(tally: Tally, wire: WireRequest, check?: (status: number, text: string) => string | undefined) {
  let result = await send(world.server.url, wire);
  // A kept-alive connection the server closed as it was reused (Node's parser closes on a method it
  // does not know) hangs up on the next request: the same request on a new connection tells.
  if (result.kind === 'failed') result = await send(world.server.url, wire, { newConnection: true });
  if (result.kind === 'unsendable') {
    tally.unsendable += 1;
    return;
  }
  tally.tried += 1;
  if (result.kind === 'failed') {
    tally.failures.push(`no answer (${result.reason}) after ${result.ms} ms to\n${describeRequest(wire)}`);
    return;
  }
  if (process.env.FUZZ_DEBUG && wire.path.includes(process.env.FUZZ_DEBUG))
    console.log(result.status, result.text.slice(0, 200), describeRequest(wire).slice(0, 400));
  tally.statuses.set(result.status, (tally.statuses.get(result.status) ?? 0) + 1);
  const problem =
    result.status >= 500 && !excused(wire, result.status)
      ? `${result.status} ${result.text.slice(0, 300)}`
      : check?.(result.status, result.text);
  if (problem) tally.failures.push(`${problem}\nfor\n${describeRequest(wire)}`);
}

async function expectAlive() {
  for (const path of ['/healthz', '/readyz']) {
    const response = await fetch(`${world.server.url}${path}`);
    expect(response.status, `${path} after the fuzz`).toBe(200);
  }
}

function expectNoFailures(name: string, tally: Tally) {
  const shown = tally.failures.slice(0, 5).join('\n\n');
  const report = `${tally.failures.length} of ${tally.tried} requests failed (FUZZ_SEED=${seed}, FUZZ_RUNS=${runs}):\n\n${shown}`;
  expect(tally.failures.length, `${name}: ${report}`).toBe(0);
}

describe('every public and auth endpoint under malformed requests', () => {
  it('covers the route table', () => {
    const names = endpoints.map((endpoint) => endpoint.name);
    for (const name of [
      'POST /api/v1/public/plays/{playId}/lead',
      'POST /api/v1/session',
      'POST /api/v1/signup',
      'POST /api/v1/password/reset',
    ])
      expect(names).toContain(name);
    expect(endpoints.filter((endpoint) => endpoint.path.startsWith('/api/v1/')).length).toBeGreaterThanOrEqual(20);
    expect(declared.length).toBeGreaterThanOrEqual(100);
  });

  for (const endpoint of endpoints) {
    it(
      `${endpoint.name}: never a 5xx, and the server lives`,
      async () => {
        const tally = tallyOf(endpoint.name);
        await fc.assert(
          fc.asyncProperty(requestsFor(endpoint), async (generated) => tried(tally, await wireOf(endpoint, generated))),
          { seed: seedFor(endpoint.name), numRuns: runs },
        );
        await expectAlive();
        expectNoFailures(endpoint.name, tally);
      },
      timeout,
    );
  }
});

const unstorableMessages: string[] = [messages.request.nulCharacter, messages.request.loneSurrogate];
/** What the answer names: the characters PostgreSQL cannot store shown as U+FFFD. */
const asShown = (part: string | number) =>
  String(part)
    .replaceAll('\u0000', '\ufffd')
    .replace(/[\ud800-\udfff]/g, '\ufffd');

describe('text PostgreSQL cannot store, in any input of any ApiRouter route (owner and admin ones too)', () => {
  for (const endpoint of declared) {
    const parameters = parametersOf(endpoint.path);
    const queryKeys = Object.keys(endpoint.query ?? {});
    const parts = [
      ...(parameters.length ? ['params'] : []),
      ...(queryKeys.length ? ['query'] : []),
      ...(endpoint.body ? ['body'] : []),
    ];
    if (parts.length === 0) continue;
    const body = endpoint.body ? (endpoint.validBody ?? validValue(endpoint.body)) : fc.constant(undefined);
    // Query strings and path segments decode invalid UTF-8 to U+FFFD: only a NUL gets through them.
    const nulText = fc.tuple(fc.string({ maxLength: 10 }), fc.string({ maxLength: 10 })).map(([a, b]) => `${a}\u0000${b}`);

    it(
      `${endpoint.name}: 400 naming the field`,
      async () => {
        const tally = tallyOf(`${endpoint.name} (unstorable text)`);
        const cases = fc.record({
          door: endpoint.door,
          part: fc.constantFrom(...parts),
          pick: fc.nat(),
          asKey: fc.boolean(),
          bad: unstorableText,
          nul: nulText,
          body,
        });
        await fc.assert(
          fc.asyncProperty(cases, async ({ door, part, pick, asKey, bad, nul, body: valid }) => {
            let path = endpoint.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(door.params[name] ?? name));
            let sent = valid;
            let field: string;
            if (part === 'params') {
              const name = parameters[pick % parameters.length]!;
              path = endpoint.path.replace(/\{(\w+)\}/g, (_, each: string) =>
                encodeURIComponent(each === name ? nul : (door.params[each] ?? each)),
              );
              field = name;
            } else if (part === 'query') {
              field = queryKeys[pick % queryKeys.length]!;
              path = `${path}?${field}=${encodeURIComponent(nul)}`;
            } else {
              const slots = textSlots(valid);
              const at = !asKey && slots.strings.length ? slots.strings[pick % slots.strings.length]! : undefined;
              const parent = slots.objects[pick % Math.max(1, slots.objects.length)] ?? [];
              sent = at ? replacedAt(valid, at, bad) : replacedAt(valid, [...parent, bad], 'x');
              field = (at ?? [...parent, bad]).map(asShown).join('.');
            }
            const wire: WireRequest = {
              method: endpoint.method,
              path,
              headers: { ...door.headers, 'content-type': 'application/json' },
              body: sent === undefined ? undefined : Buffer.from(JSON.stringify(sent), 'utf8'),
            };
            await tried(tally, wire, (status, text) => {
              const error =
                status === 400
                  ? (JSON.parse(text) as { error?: { code?: string; message?: string; field?: string } }).error
                  : undefined;
              const named =
                error?.code === 'validation' && error.field === field && unstorableMessages.includes(error.message ?? '');
              return named ? undefined : `expected 400 naming ${JSON.stringify(field)}, got ${status} ${text.slice(0, 300)}`;
            });
          }),
          { seed: seedFor(`${endpoint.name} unstorable`), numRuns: runs },
        );
        expectNoFailures(endpoint.name, tally);
      },
      timeout,
    );
  }
});

function printTotals() {
  let requests = 0;
  let internal = 0;
  let failures = 0;
  let unsendable = 0;
  const lines = [...tallies].map(([name, tally]) => {
    requests += tally.tried;
    unsendable += tally.unsendable;
    internal += tally.statuses.get(500) ?? 0;
    failures += tally.failures.length;
    const statuses = [...tally.statuses]
      .sort(([a], [b]) => a - b)
      .map(([status, count]) => `${status}×${count}`)
      .join(' ');
    return `${name.padEnd(72)} ${String(tally.tried).padStart(7)}  failed ${tally.failures.length}  ${statuses}`;
  });
  console.log(
    [
      `fuzz (FUZZ_SEED=${seed}, FUZZ_RUNS=${runs}): ${endpoints.length} endpoints`,
      ...lines,
      `total: ${requests} requests, ${internal} answered 500, ${failures} failures (${unsendable} more generated that Node would not send)`,
    ].join('\n'),
  );
}
