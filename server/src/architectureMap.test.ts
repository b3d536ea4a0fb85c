import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * docs/architecture.md is a one-page map: every path it names must exist, it stays short, and the decisions it
 * points at (docs/decisions/) are all listed in their index.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const mapFile = join(root, 'docs/architecture.md');
const decisionsDir = join(root, 'docs/decisions');

const fileExtension = /\.(ts|tsx|js|mjs|json|md|liquid|toml|css|html|sh|sql|ya?ml)$/;

/** The relative paths a markdown text names: backticked ones (from the repository root) and links (from the file). */
function namedPaths(markdown: string, fileDir: string): { named: string; path: string }[] {
  const found: { named: string; path: string }[] = [];
  for (const [, code] of markdown.matchAll(/`([^`\n]+)`/g)) {
    const token = code!.trim();
    // A path: no spaces, relative, no placeholders; it has a folder or a file extension.
    if (/\s|[{}*…:<>]/.test(token) || token.startsWith('/') || token.startsWith('.')) continue;
    if (!token.includes('/') && !fileExtension.test(token)) continue;
    found.push({ named: token, path: join(root, token) });
  }
  for (const [, target] of markdown.matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!) || target!.startsWith('#')) continue;
    found.push({ named: target!, path: join(fileDir, target!.split('#')[0]!) });
  }
  return found;
}

const wordCount = (markdown: string) => markdown.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

describe('docs/architecture.md, the map', () => {
  const map = readFileSync(mapFile, 'utf8');

  it('names only paths that exist', () => {
    const named = namedPaths(map, dirname(mapFile));
    expect(named.length).toBeGreaterThan(100);
    expect(named.filter(({ path }) => !existsSync(path)).map(({ named }) => named)).toEqual([]);
  });

  it('finds a path that does not exist (the check can fail)', () => {
    const wrong = namedPaths('See `server/src/commands/noSuchCommand.ts` and [x](decisions/999-none.md).', dirname(mapFile));
    expect(wrong.map(({ named }) => named)).toEqual(['server/src/commands/noSuchCommand.ts', 'decisions/999-none.md']);
    expect(wrong.filter(({ path }) => existsSync(path))).toEqual([]);
  });

  it('stays under 2,500 words', () => {
    expect(wordCount(map)).toBeLessThanOrEqual(2500);
  });

  it('the decisions index lists every decision file, and nothing else', () => {
    const files = readdirSync(decisionsDir).filter((name) => /^\d{3}-[a-z0-9-]+\.md$/.test(name));
    expect(files.length).toBeGreaterThan(0);
    const index = readFileSync(join(decisionsDir, 'README.md'), 'utf8');
    const listed = new Set([...index.matchAll(/\]\((\d{3}-[a-z0-9-]+\.md)\)/g)].map(([, name]) => name!));
    expect(files.filter((name) => !listed.has(name))).toEqual([]);
    expect([...listed].filter((name) => !files.includes(name))).toEqual([]);
    // Numbers are unique and follow one another.
    expect(files.map((name) => Number(name.slice(0, 3)))).toEqual(files.map((_, i) => i + 1));
  });

  it('every decision file links only to files that exist, and lists only paths that exist', () => {
    const missing: string[] = [];
    for (const name of readdirSync(decisionsDir)) {
      const text = readFileSync(join(decisionsDir, name), 'utf8');
      // Its body quotes code with paths relative to their package; its links and its "Where it lives" list are exact.
      const links = namedPaths(text, decisionsDir).filter(({ named }) => !text.includes(`\`${named}\``));
      const where = namedPaths(text.split('## Where it lives')[1] ?? '', decisionsDir);
      for (const { named, path } of [...links, ...where]) if (!existsSync(path)) missing.push(`${name}: ${named}`);
    }
    expect(missing).toEqual([]);
  });
});
