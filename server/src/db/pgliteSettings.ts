/**
 * The embedded PGlite's memory settings (issue 38). PGlite is PostgreSQL compiled to WebAssembly inside
 * the server's process, and its WebAssembly memory only ever grows: every page PostgreSQL touches stays
 * resident in the Node.js process until it exits. Its own defaults are a server's (128 MB of shared
 * buffers, touched whole at start), so the embedded default sizes them for one process serving one shop.
 * Only memory sizes can be set here: durability (fsync, synchronous_commit, full_page_writes) stays as
 * PGlite has it.
 */
import { z } from 'zod';

/** The settings PGLITE_SETTINGS may change, and the units each takes. */
const memorySettingUnits = {
  shared_buffers: 'size',
  temp_buffers: 'size',
  work_mem: 'size',
  maintenance_work_mem: 'size',
  wal_buffers: 'size',
  hash_mem_multiplier: 'number',
} as const;

export type PgliteSettingName = keyof typeof memorySettingUnits;
export type PgliteSettings = Partial<Record<PgliteSettingName, string>>;

/**
 * The embedded default. Shared buffers hold the pages PostgreSQL works on; the rest of the data is in the
 * operating system's file cache, which is not the process's memory and serves a one-shop database about as
 * fast. 16 MB (2,048 pages) holds a busy quiz's working set; wal_buffers follows at 1/32 of it.
 */
export const defaultPgliteSettings: PgliteSettings = {
  shared_buffers: '16MB',
};

/** PGlite's own values for the same settings: the untuned baseline of bench/memory.ts. */
export const untunedPgliteSettings =
  'shared_buffers=128MB,temp_buffers=8MB,work_mem=4MB,maintenance_work_mem=64MB,wal_buffers=4MB';

const sizePattern = /^\d+(kB|MB|GB)$/;
const numberPattern = /^\d+(\.\d+)?$/;

/**
 * PGLITE_SETTINGS: "name=value,name=value" over the defaults above, e.g. "shared_buffers=64MB" for a
 * bigger shop on the embedded database; sizes in kB, MB or GB. A name outside the memory settings is refused.
 */
export const ZPgliteSettings = z.string().transform((value, ctx): PgliteSettings => {
  const settings: PgliteSettings = {};
  for (const entry of value.split(',').map((part) => part.trim())) {
    const match = /^([a-z_]+)\s*=\s*(\S+)$/.exec(entry);
    if (!match) {
      ctx.addIssue({ code: 'custom', message: 'must be name=value pairs separated by commas, e.g. shared_buffers=32MB' });
      return z.NEVER;
    }
    const [, name, setting] = match as unknown as [string, string, string];
    if (!Object.hasOwn(memorySettingUnits, name)) {
      ctx.addIssue({
        code: 'custom',
        message: `'${name}' is not a memory setting (known: ${Object.keys(memorySettingUnits).join(', ')})`,
      });
      return z.NEVER;
    }
    const unit = memorySettingUnits[name as PgliteSettingName];
    if (!(unit === 'size' ? sizePattern : numberPattern).test(setting)) {
      ctx.addIssue({
        code: 'custom',
        message: unit === 'size' ? `'${name}' must be a size such as 32MB (kB, MB or GB)` : `'${name}' must be a number`,
      });
      return z.NEVER;
    }
    settings[name as PgliteSettingName] = setting;
  }
  return settings;
});

/** PostgreSQL's start-up arguments for `settings` over the defaults: `-c name=value` each. */
export function pgliteStartArguments(settings: PgliteSettings = {}): string[] {
  return Object.entries({ ...defaultPgliteSettings, ...settings }).flatMap(([name, value]) => ['-c', `${name}=${value}`]);
}
