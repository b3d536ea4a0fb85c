/**
 * The layer zones of eslint.config.js (issue 37) bite: for each zone, a run-time import of a forbidden layer
 * from a file in it is an error, a type-only import of the same module is not, and the same import from
 * outside the zone (a route) is fine. Linted as text at the zone's real paths, with the project's config.
 */
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { layerZones, routeWrites } from '../../eslint.config.js';

const root = fileURLToPath(new URL('../..', import.meta.url));
const eslint = new ESLint({ cwd: root });
const rule = '@typescript-eslint/no-restricted-imports';

/** The zone rule's messages for `code` as if it were the file at `path`. */
async function zoneErrors(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages.filter((message) => message.ruleId === rule).map((message) => message.message);
}

/** A file in each zone, and a module of a layer that zone may not import. */
const cases = [
  { file: 'server/src/presenters/zoneProbe.ts', forbidden: '../db/client.ts' },
  { file: 'server/src/policies/zoneProbe.ts', forbidden: '../commands/quizSaver.ts' },
  { file: 'server/src/db/queries/zoneProbe.ts', forbidden: '../../integrations/crm/crmProvider.ts' },
  { file: 'server/src/integrations/zoneProbe.ts', forbidden: '../commands/quizSaver.ts' },
  { file: 'server/src/jobs/zoneProbe.ts', forbidden: '../routes/apiRouter.ts' },
  { file: 'server/src/commands/zoneProbe.ts', forbidden: '../routes/apiRouter.ts' },
  { file: 'shared/src/zoneProbe.ts', forbidden: '../../server/src/db/client.ts' },
];

describe('layer zones', () => {
  it('has a probe for every zone', () => {
    const inZone = (file: string, zone: (typeof layerZones)[number]) =>
      zone.files.some((glob) => file.startsWith(glob.slice(0, glob.indexOf('**'))));
    for (const zone of layerZones) expect(cases.some((probe) => inZone(probe.file, zone))).toBe(true);
  });

  it.each(cases)('refuses a run-time import of $forbidden in $file, and lets its type through', async ({ file, forbidden }) => {
    const errors = await zoneErrors(file, `import { thing } from '${forbidden}';\nexport const used = thing;\n`);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain(forbidden);
    expect(await zoneErrors(file, `import type { Thing } from '${forbidden}';\nexport type Used = Thing;\n`)).toEqual([]);
  });

  it('leaves routes free to import every layer', async () => {
    const code = `import { thing } from '../../db/client.ts';\nimport { other } from '../../commands/quizSaver.ts';\nexport const used = [thing, other];\n`;
    expect(await zoneErrors('server/src/routes/api/zoneProbe.ts', code)).toEqual([]);
  });
});

describe('route writes', () => {
  /** The write rule's messages for `code` as the file at `path`. */
  async function writeErrors(path: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.message);
  }
  const probe = 'server/src/routes/api/zoneProbe.ts';

  it.each([
    'db.insert(quizzes).values({})',
    'tx.update(quizzes).set({})',
    'db.delete(quizzes)',
    'services.storage.delete(key)',
    'db.execute(statement)',
  ])('refuses %s in a route file', async (write) => {
    expect(await writeErrors(probe, `export const run = (db, tx, services, key, quizzes, statement) => ${write};\n`)).toEqual([
      routeWrites.message,
    ]);
  });

  it('lets a route read, and a command write', async () => {
    const read = 'export const run = (db, quizzes) => db.select().from(quizzes);\n';
    expect(await writeErrors(probe, read)).toEqual([]);
    const write = 'export const run = (db, quizzes) => db.insert(quizzes).values({});\n';
    expect(await writeErrors('server/src/commands/zoneProbe.ts', write)).toEqual([]);
  });
});
