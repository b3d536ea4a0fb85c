import { pino, stdSerializers, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/** `destination` is for tests that read what was logged; the server logs to stdout. */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    serializers: { err: serializeError },
    redact: { paths: ['err.body', '*.password', '*.token', '*.currentPassword', '*.newPassword'], remove: true },
  };
  return destination ? pino(options, destination) : pino(options);
}

/**
 * What a failed query logs: the SQL text, the SQLSTATE and where PostgreSQL failed, never a value.
 * Drizzle writes the statement's parameters into its message ("Failed query: … params: …"), PGlite
 * attaches them as `params`, and PostgreSQL quotes values in `detail` ("Key (email)=(…)") and in some
 * messages ('invalid input syntax for type uuid: "…"'): visitors' names and emails, in the error log.
 */
export function serializeError(err: unknown): unknown {
  return stdSerializers.err(scrubbed(err, new Map()) as Error);
}

/** Fields of a PostgreSQL error (pg's and PGlite's DatabaseError) that name the schema, not the data. */
const databaseErrorFields = [
  'severity',
  'code',
  'position',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'file',
  'line',
] as const;

const isErrorLike = (value: unknown): value is Error =>
  typeof value === 'object' && value !== null && typeof (value as Error).message === 'string';

/** Drizzle's wrapper, or a driver error carrying its statement (PGlite) or PostgreSQL's fields (pg). */
const isQueryError = (error: Error) =>
  'params' in error ||
  error.message.startsWith('Failed query: ') ||
  (typeof (error as { severity?: unknown }).severity === 'string' && typeof (error as { code?: unknown }).code === 'string');

/** Every double-quoted span in PostgreSQL's own message, where it quotes the offending value. */
const quoted = /".*"/gs;

/** `error` as it may be logged: query errors rebuilt from a whitelist, their causes likewise. */
function scrubbed(error: unknown, seen: Map<Error, object>): unknown {
  if (!isErrorLike(error)) return error;
  // A cycle of causes meets the copy, never the original again.
  const known = seen.get(error);
  if (known) return known;
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Record<string, unknown>;
  seen.set(error, copy);
  let message = error.message;
  if (isQueryError(error)) {
    const query = (error as { query?: unknown }).query;
    const wrapped = error.message.startsWith('Failed query: ');
    message = wrapped && typeof query === 'string' ? `Failed query: ${query}` : error.message.replace(quoted, '"…"');
    for (const field of databaseErrorFields) {
      const value = (error as unknown as Record<string, unknown>)[field];
      if (value !== undefined) copy[field] = value;
    }
    if (typeof query === 'string') copy.query = query;
    // Drizzle wraps the driver's error, whose fields a log line would otherwise only show as text.
    const cause = error.cause;
    if (isErrorLike(cause) && isQueryError(cause)) {
      for (const field of databaseErrorFields) {
        const value = (cause as unknown as Record<string, unknown>)[field];
        if (value !== undefined) copy[field] ??= value;
      }
    }
  } else {
    for (const [key, value] of Object.entries(error)) copy[key] = isErrorLike(value) ? scrubbed(value, seen) : value;
  }
  let stack = error.stack;
  if (message !== error.message) {
    // The stack starts with "Name: message"; the frames below it hold no data.
    const header = `${error.name}: ${error.message}`;
    const frames = typeof stack === 'string' && stack.startsWith(header) ? stack.slice(header.length) : '';
    stack = `${error.name}: ${message}${frames}`;
  }
  const hidden = (value: unknown) => ({ value, enumerable: false, writable: true, configurable: true });
  Object.defineProperties(copy, { message: hidden(message), stack: hidden(stack) });
  if (error.cause !== undefined) Object.defineProperty(copy, 'cause', hidden(scrubbed(error.cause, seen)));
  const inner = (error as { errors?: unknown }).errors;
  if (Array.isArray(inner)) Object.defineProperty(copy, 'errors', hidden(inner.map((each) => scrubbed(each, seen))));
  return copy;
}
