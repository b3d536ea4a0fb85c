/**
 * The platform's floor for a play: a bare `node:http` server with a `pg` pool that answers each of a
 * play's three requests by sending that request's recorded statements (the same text, the same
 * parameters, prepared under the same name when the app names them, one after another on one
 * connection, as the app does) and the app's recorded answer.
 * No framework, no validation, no query builder, no app logic: what Node.js and the `pg` driver alone
 * cost for the play's round trips. The app's plays/s over this floor's is how much of the gap to
 * pgbench is the app's own; the floor's over pgbench's is the platform's.
 */
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';

export interface RecordedStep {
  /** The statements one request sent, in order (BEGIN and COMMIT included); a named one is prepared. */
  statements: { name?: string | undefined; text: string; values: unknown[] }[];
  /** The app's answer to the request. */
  response: Buffer;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * `steps` are the start, answers and lead requests of the traced play `playId`; `keep` the uuids of
 * rows that exist (quiz, account). Each request's play id replaces the traced one in the parameters,
 * and other uuids (job ids) are made fresh, as in the pgbench script.
 */
export async function startPlayFloor(
  databaseUrl: string,
  steps: readonly RecordedStep[],
  playId: string,
  keep: ReadonlySet<string>,
  connections: number,
): Promise<{ url: string; stop: () => Promise<void> }> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: connections });
  const values = (recorded: unknown[], id: string) =>
    recorded.map((value) => {
      if (value === playId) return id;
      if (typeof value !== 'string') return value;
      if (uuid.test(value) && !keep.has(value.toLowerCase())) return randomUUID();
      return value.includes(playId) ? value.replaceAll(playId, id) : value;
    });

  async function answer(step: RecordedStep, id: string) {
    const client = await pool.connect();
    try {
      for (const { name, text, values: recorded } of step.statements) {
        await client.query({ ...(name ? { name } : {}), text, values: values(recorded, id) });
      }
    } finally {
      client.release();
    }
    return step.response;
  }

  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { playId?: string };
      const fromPath = /\/plays\/([^/]+)\/(answers|lead)$/.exec(request.url ?? '');
      const step = fromPath ? steps[fromPath[2] === 'answers' ? 1 : 2]! : steps[0]!;
      answer(step, fromPath ? fromPath[1]! : body.playId!).then(
        (bytes) => {
          response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': bytes.length });
          response.end(bytes);
        },
        (error: Error) => {
          response.writeHead(500).end(error.message);
        },
      );
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    stop: async () => {
      await new Promise((done) => server.close(done));
      await pool.end();
    },
  };
}
