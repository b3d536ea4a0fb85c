/** One field an administrator's action changed: how it read before and after (null: empty, or not there). */
export interface FieldChange {
  field: string;
  before: string | null;
  after: string | null;
}

type Snapshot = Record<string, unknown> | null;

/** A recorded value as text: strings as they are, anything else as JSON. */
function shown(value: unknown): string | null {
  if (value === null) return null;
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 1).replace(/\n\s*/g, ' ');
}

/**
 * The fields whose value differs between an audit row's before and after (a creation has no before, a
 * deletion no after), in the order the row lists them. Nested values compare whole.
 */
export function auditChanges(before: Snapshot, after: Snapshot): FieldChange[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  return fields.flatMap((field) => {
    // Missing and null read the same: a creation's 'before' is as empty as a cleared field.
    const old = before?.[field] ?? null;
    const now = after?.[field] ?? null;
    if (JSON.stringify(old) === JSON.stringify(now)) return [];
    return [{ field, before: shown(old), after: shown(now) }];
  });
}
