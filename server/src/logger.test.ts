import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Koa from 'koa';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppState } from './context.ts';
import { openDatabase, type Database } from './db/client.ts';
import { createLogger } from './logger.ts';
import { errorHandler } from './middlewares/errorHandler.ts';
import { requestContext } from './middlewares/requestContext.ts';
import { testDatabaseUrl } from './test/getTestServer.ts';

/**
 * Issue 15, finding 7: a failed query logged its parameters (drizzle's "params: …", PGlite's
 * `params`) and PostgreSQL's `detail`, so visitors' names and emails landed in the error log.
 */
const visitor = { name: 'Zoë Visitor', email: 'zoe.visitor@example.com' };

let database: Database;
beforeAll(async () => {
  database = await openDatabase({ databaseUrl: testDatabaseUrl(), pgliteDir: 'memory://' });
});
afterAll(() => database.close());

/** A logger whose lines are kept for the test to read. */
function capturingLogger() {
  const lines: string[] = [];
  const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
  return { logger, lines, text: () => lines.join('') };
}

async function failure(run: () => Promise<unknown>): Promise<Error> {
  try {
    await run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('the query did not fail');
}

/** A value PostgreSQL quotes back in its message: 'invalid input syntax for type uuid: "…"'. */
const badUuid = () => failure(() => database.db.execute(sql`select ${visitor.email}::uuid as id, ${visitor.name}::text as name`));

/** A unique violation, whose `detail` is "Key (email)=(…) already exists." */
const duplicate = () =>
  failure(() =>
    database.db.transaction(async (tx) => {
      await tx.execute(sql`create temporary table people (email text unique, name text) on commit drop`);
      await tx.execute(sql`insert into people values (${visitor.email}, ${visitor.name})`);
      await tx.execute(sql`insert into people values (${visitor.email}, ${visitor.name})`);
    }),
  );

describe('the error log', () => {
  it('keeps the SQL text and the SQLSTATE of a failed query, never its values', async () => {
    const { logger, lines, text } = capturingLogger();
    const invalid = await badUuid();
    const unique = await duplicate();
    // Before: both values were in the message, the stack, `params` and `detail`.
    expect(JSON.stringify({ message: invalid.message, cause: String(invalid.cause) })).toContain(visitor.email);
    logger.error({ err: invalid }, 'unhandled error');
    logger.error({ err: unique }, 'unhandled error');
    expect(lines).toHaveLength(2);
    expect(text()).not.toContain(visitor.email);
    expect(text()).not.toContain('zoe.visitor');
    expect(text()).not.toContain(visitor.name);

    const [first, second] = lines.map((line) => JSON.parse(line).err);
    expect(first.message).toContain('Failed query: select $1::uuid as id, $2::text as name');
    expect(first.stack).toContain('Failed query: select $1::uuid');
    expect(first.stack).toMatch(/\n\s+at /);
    expect(first.query).toBe('select $1::uuid as id, $2::text as name');
    expect(first.message).toContain('invalid input syntax for type uuid');
    expect(second.message).toContain('insert into people values ($1, $2)');
    expect(second.message).toContain('duplicate key value violates unique constraint');
    expect(second.stack).toContain('caused by:');
  });

  it('a 500 in a request is logged the same way, and the visitor sees none of it', async () => {
    const { logger, lines, text } = capturingLogger();
    const app = new Koa<AppState>();
    app.use(requestContext(logger));
    app.use(errorHandler());
    app.use(async () => {
      await database.db.execute(sql`select ${visitor.email}::uuid`);
    });
    const server = app.listen(0, '127.0.0.1');
    await new Promise((done) => server.once('listening', done));
    try {
      const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(response.status).toBe(500);
      expect(await response.text()).not.toContain('select');
    } finally {
      await new Promise((done) => server.close(done));
    }
    const logged = lines.map((line) => JSON.parse(line)).find((line) => line.msg === 'unhandled error');
    expect(logged.err).toMatchObject({ code: '22P02', query: 'select $1::uuid' });
    expect(logged.err.cause ?? logged.err.message).toBeDefined();
    expect(text()).not.toContain(visitor.email);
  });

  it('leaves other errors as they were: message, stack and fields', () => {
    const { logger, lines } = capturingLogger();
    const error = Object.assign(new Error('could not reach "smtp.example.com"', { cause: new Error('ECONNREFUSED') }), {
      status: 502,
    });
    logger.warn({ err: error }, 'mail failed');
    const logged = JSON.parse(lines[0]!).err;
    expect(logged).toMatchObject({ type: 'Error', status: 502, message: 'could not reach "smtp.example.com": ECONNREFUSED' });
    expect(logged.stack).toContain(error.stack);
  });
});
