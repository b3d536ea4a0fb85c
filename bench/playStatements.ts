/**
 * The SQL one play runs, as a pgbench script: the baseline the play path is measured against is
 * PostgreSQL running exactly the app's statements, with no Node.js in between. Every query the `pg`
 * driver sends while one traced play goes through the HTTP API is recorded (transactions included), its
 * parameters written in as literals. The play's id becomes one pgbench expression per transaction, other
 * fresh uuids (job ids) `gen_random_uuid()`, so the script can run thousands of plays side by side.
 */
import pg from 'pg';

interface Recorded {
  /** The prepared statement's name, when the app sends it as one. */
  name?: string | undefined;
  text: string;
  values: unknown[];
}

let recording: Recorded[] | null = null;
const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;

/** Installs the recorder on the pg driver (once, before the server starts). */
export function installStatementRecorder(): void {
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const [first, second] = args;
    if (recording) {
      const text = typeof first === 'string' ? first : (first as { text?: string }).text;
      const values = Array.isArray(second) ? second : ((first as { values?: unknown[] }).values ?? []);
      const name = typeof first === 'string' ? undefined : (first as { name?: string }).name;
      if (text) recording.push({ name, text, values });
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
}

/** Runs `work` and answers the statements sent meanwhile, or throws when a background task slipped in. */
export async function recordStatements(work: () => Promise<void>): Promise<Recorded[]> {
  recording = [];
  try {
    await work();
    return recording;
  } finally {
    recording = null;
  }
}

/** Statements of background work (the counters' fold, the job queue) that a traced play must not contain. */
export const background =
  /pg_advisory_xact_lock\(7243101\)|lock_timeout|FOR UPDATE SKIP LOCKED|fetch_next|\.job\b.*state = 'active'/i;

const isJson = (text: string) => {
  try {
    return typeof JSON.parse(text) === 'object';
  } catch {
    return false;
  }
};

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;

/**
 * A parameter as SQL text: the driver's own conversion, quoted as a literal. pgbench's prepared mode
 * reads `:name` anywhere as a variable, so a colon before a letter or digit (JSON, a time) is written
 * as the escape `\072` of an E'' literal: the same value.
 */
function literal(value: unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  if (Buffer.isBuffer(prepared)) return `'\\x${prepared.toString('hex')}'`;
  const text = String(prepared).replaceAll("'", "''");
  if (!/:\w/.test(text)) return `'${text}'`;
  return `E'${text.replaceAll('\\', '\\\\').replace(/:(?=\w)/g, '\\072')}'`;
}

/**
 * The pgbench script of a recorded play. `playId` is replaced by `:pid`-derived uuid text so each
 * transaction plays a play of its own; `keep` lists the uuids that name existing rows (quiz, account).
 */
export function pgbenchScript(statements: readonly Recorded[], playId: string, keep: ReadonlySet<string>): string {
  const lines = ['\\set r random(1, 9000000000000000)'];
  const playExpression = `md5(:client_id::text || '.' || :r::text)::uuid`;
  for (const { text, values } of statements) {
    let sql = text;
    for (let index = values.length; index >= 1; index--) {
      const value = values[index - 1];
      let replacement: string;
      if (value === playId) replacement = `(${playExpression})`;
      else if (typeof value === 'string' && uuid.test(value) && !keep.has(value.toLowerCase())) replacement = 'gen_random_uuid()';
      else if (typeof value === 'string' && value.includes(playId))
        replacement = `replace(${literal(value)}, '${playId}', (${playExpression})::text)${isJson(value) ? '::jsonb' : ''}`;
      else replacement = literal(value);
      sql = sql.replaceAll(new RegExp(`\\$${index}(?!\\d)`, 'g'), replacement);
    }
    lines.push(`${sql.replace(/\s+/g, ' ').trim().replace(/;$/, '')};`);
  }
  return `${lines.join('\n')}\n`;
}
