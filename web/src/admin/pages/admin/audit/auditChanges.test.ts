import { describe, expect, it } from 'vitest';
import { auditChanges } from './auditChanges.ts';

describe('auditChanges', () => {
  it('lists only the fields that changed, old and new', () => {
    expect(
      auditChanges(
        { email: 'a@example.com', disabledAt: null, role: 'owner' },
        { email: 'a@example.com', disabledAt: '2026-11-24T10:00:00.000Z', role: 'owner' },
      ),
    ).toEqual([{ field: 'disabledAt', before: null, after: '2026-11-24T10:00:00.000Z' }]);
  });

  it('shows every field of a creation as new and of a deletion as gone', () => {
    expect(auditChanges(null, { name: 'Pro', monthlyPriceCents: 1900 })).toEqual([
      { field: 'name', before: null, after: 'Pro' },
      { field: 'monthlyPriceCents', before: null, after: '1900' },
    ]);
    expect(auditChanges({ name: 'Pro' }, null)).toEqual([{ field: 'name', before: 'Pro', after: null }]);
  });

  it('compares nested values whole and writes them on one line', () => {
    const changes = auditChanges({ ids: ['a', 'b'], grant: null }, { ids: ['b', 'a'], grant: null });
    expect(changes).toEqual([{ field: 'ids', before: '[ "a", "b" ]', after: '[ "b", "a" ]' }]);
  });

  it('finds nothing when nothing changed, a missing field reading as empty', () => {
    expect(auditChanges({ a: 1 }, { a: 1 })).toEqual([]);
    expect(auditChanges({ a: null }, {})).toEqual([]);
  });
});
