/**
 * Double exclamation marks are the spec's own texts' (spec §8 and the builder's notices), kept as written; the
 * product's other words never shout. Every literal with "!!" in the code must be one of the spec's quoted texts,
 * up to the misspellings the code corrects (docs/decisions/018-spec-texts-in-one-module-misspellings-corrected.md).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const specDir = join(root, '../shared/spec');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory())
      return name === 'node_modules' || name === 'test' || name === 'dist' ? [] : sourceFiles(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

/** Letters only, lower case, the spec's misspellings corrected as the code corrects them. */
const normalized = (text: string) =>
  text
    .toLowerCase()
    .replace(/upated/g, 'updated')
    .replace(/occured/g, 'occurred')
    .replace(/[^a-z]/g, '');

const specQuotes = readdirSync(specDir)
  .filter((name) => name.endsWith('.md'))
  .flatMap((name) =>
    [...readFileSync(join(specDir, name), 'utf8').matchAll(/['"]([^'"\n]*!![^'"\n]*)['"]/g)].map((match) => match[1]!),
  );

describe('texts with a double exclamation mark', () => {
  it('are the spec’s own texts, and no other text has one', () => {
    expect(specQuotes.length).toBeGreaterThan(10);
    const allowed = new Set(specQuotes.map(normalized));
    const found = ['shared/src', 'web/src', 'server/src', 'standalone/src'].flatMap((dir) =>
      sourceFiles(join(root, dir)).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(/(['"`])((?:(?!\1)[^\\\n]|\\.)*!!(?:(?!\1)[^\\\n]|\\.)*)\1/g)].map((match) => ({
          file: file.slice(root.length),
          text: match[2]!,
        })),
      ),
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.filter((literal) => !allowed.has(normalized(literal.text)))).toEqual([]);
  });
});
