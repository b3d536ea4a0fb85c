import { sql, type SQL } from 'drizzle-orm';

/** A check constraint's `column in ('a', 'b')`, from the shared list of allowed values. */
export function oneOf(column: string, values: readonly string[]): SQL {
  return sql.raw(`${column} in (${values.map((value) => `'${value}'`).join(', ')})`);
}
