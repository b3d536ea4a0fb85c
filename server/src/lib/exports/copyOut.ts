import type { SQLWrapper } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';

/**
 * `COPY (query) TO STDOUT` from a drizzle query, streamed through pg-copy-streams: PostgreSQL
 * writes the rows itself, far faster than reading them back as result rows.
 */

/**
 * A string as a dollar-quoted literal, with a tag that first appears where the literal ends (not
 * inside the string, nor made by its last characters with the tag): its meaning does not depend on
 * standard_conforming_strings, and nothing inside it can end it.
 */
export function dollarQuoted(text: string): string {
  let tag = '$q$';
  while ((text + tag).indexOf(tag) < text.length) tag = `${tag.slice(0, -1)}q$`;
  return `${tag}${text}${tag}`;
}

/** COPY takes no bind parameters: the query's values are written into its text as literals. */
class InlineDialect extends PgDialect {
  override escapeString(text: string): string {
    return dollarQuoted(text);
  }
}
const inlineDialect = new InlineDialect();

/** The COPY statement for `query` (`options` as COPY's WITH list, e.g. 'format csv'). */
export function copyStatement(query: SQLWrapper, options: string): string {
  const { sql } = inlineDialect.sqlToQuery(query.getSQL().inlineParams());
  return `copy (${sql}) to stdout with (${options})`;
}

/**
 * The COPY's output, chunk by chunk, on a pool connection of its own. The connection goes back to
 * the pool when the copy ends; when the reader stops early (the client left) or the copy fails, it is
 * closed instead: a COPY cannot be stopped half-way on a connection that stays usable, and closing
 * it makes the server end the query.
 */
export async function* copyChunks(pool: pg.Pool, statement: string): AsyncGenerator<Buffer> {
  const client = await pool.connect();
  let ended = false;
  try {
    for await (const chunk of client.query(copyTo(statement))) yield chunk as Buffer;
    ended = true;
  } finally {
    client.release(ended ? undefined : new Error('COPY stopped before its end'));
  }
}
