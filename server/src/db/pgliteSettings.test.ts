import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './client.ts';
import { pgliteStartArguments, untunedPgliteSettings, ZPgliteSettings } from './pgliteSettings.ts';

/** What PostgreSQL reports for `names`, as `show` prints them. */
async function shown(settings: Parameters<typeof openDatabase>[0]['pgliteSettings'], names: string[]) {
  const database = await openDatabase({ pgliteDir: 'memory://', pgliteSettings: settings });
  try {
    const values: Record<string, string> = {};
    for (const name of names) {
      const { rows } = (await database.db.execute(sql.raw(`show ${name}`))) as unknown as { rows: Record<string, string>[] };
      values[name] = rows[0]![name]!;
    }
    return values;
  } finally {
    await database.close();
  }
}

describe('the embedded PGlite’s memory settings', () => {
  it('reads PGLITE_SETTINGS as name=value pairs of memory settings, in kB, MB or GB', () => {
    expect(ZPgliteSettings.parse('shared_buffers=64MB, work_mem=2048kB')).toEqual({ shared_buffers: '64MB', work_mem: '2048kB' });
    expect(ZPgliteSettings.parse('hash_mem_multiplier=1.5')).toEqual({ hash_mem_multiplier: '1.5' });
    expect(ZPgliteSettings.parse(untunedPgliteSettings)).toMatchObject({ shared_buffers: '128MB', work_mem: '4MB' });
  });

  it('refuses durability and every other setting, sizes without a unit and malformed lists, saying which', () => {
    const message = (value: string) => ZPgliteSettings.safeParse(value).error?.issues[0]?.message;
    expect(message('fsync=off')).toMatch(/^'fsync' is not a memory setting \(known: shared_buffers,/);
    expect(message('synchronous_commit=off')).toMatch(/^'synchronous_commit' is not a memory setting/);
    expect(message('shared_buffers=64')).toBe("'shared_buffers' must be a size such as 32MB (kB, MB or GB)");
    expect(message('shared_buffers=64MB -c fsync=off')).toMatch(/^must be name=value pairs/);
    expect(message('hash_mem_multiplier=2MB')).toBe("'hash_mem_multiplier' must be a number");
    expect(message('shared_buffers')).toMatch(/^must be name=value pairs/);
  });

  it('passes the defaults, overridden setting by setting, as PostgreSQL start-up arguments', () => {
    expect(pgliteStartArguments()).toEqual(['-c', 'shared_buffers=16MB']);
    expect(pgliteStartArguments({ shared_buffers: '32MB', work_mem: '2MB' })).toEqual([
      '-c',
      'shared_buffers=32MB',
      '-c',
      'work_mem=2MB',
    ]);
  });

  // One PGlite (its initdb takes seconds): the default shared buffers, work_mem overridden, durability untouched.
  it('opens PGlite with them and keeps its durability as it was', { timeout: 60_000 }, async () => {
    expect(await shown({ work_mem: '2MB' }, ['shared_buffers', 'work_mem', 'synchronous_commit', 'full_page_writes'])).toEqual({
      shared_buffers: '16MB',
      work_mem: '2MB',
      synchronous_commit: 'on',
      full_page_writes: 'on',
    });
  });
});
