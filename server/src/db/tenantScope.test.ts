import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getTableColumns, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import * as schema from './schema/index.ts';

/**
 * Tenant isolation, checked by a machine: every query of a tenant table (a table with an account_id)
 * goes through `scoped(table, accountId, ...)` (db/scope.ts), or says why not on the line(s) just
 * above its statement: `// tenant-scope: <reason>`. Reads every non-test source file under server/src
 * with the TypeScript parser; nothing runs.
 *
 * A query is `.from(T)`, `.update(T)` or `.delete(T)` of a tenant table T (joins ride on the query
 * they join), `db.query.T`, or `.execute(sql\`...\`)` (or `preparedStatement(names, (value) => sql\`...\`)`) whose
 * text reads from or updates a tenant table. Its whole method chain is searched for a `scoped(...)`
 * call on one of the tables it reads, following the file's own constants and functions (`const where = scoped(...)`, `ofPoll(...)`).
 */

const srcDir = fileURLToPath(new URL('..', import.meta.url));
const schemaDir = path.join(srcDir, 'db', 'schema');
const scopeModule = path.join(srcDir, 'db', 'scope.ts');

/** Not application code: tests and their helpers, the tables themselves, the migrations. */
const skippedDirs = ['test/', 'db/schema/', 'db/migrations/'];

/** Out of scope by design (paths under server/src; a trailing / is a folder), each with why. */
const exempt: Record<string, string> = {
  'routes/api/admin/': "the platform administrators' cross-account area; every route there is access 'admin' (checked below)",
  'commands/admin/': "the platform administrators' actions, called only by the routes under routes/api/admin/",
  'jobs/tasks/': "payloads the server wrote when it enqueued them (ids of rows it found or made), never a request's ids",
  'commands/deliveryAttempter.ts': 'the delivery worker: claims due deliveries of every account and follows their own keys',
  'commands/deliverySweeper.ts': "the system's clean-up: wakes overdue deliveries of every account",
  'commands/untouchedDraftRemover.ts': "the system's clean-up: deletes every account's abandoned blank drafts",
};

/** Tenant tables by their export name, with their SQL name (for raw statements). */
const tenantTables = new Map(
  Object.entries(schema).flatMap(([name, table]) =>
    is(table, PgTable) && 'accountId' in getTableColumns(table) ? [[name, getTableName(table)] as const] : [],
  ),
);
const rawTenantQuery = new RegExp(`\\b(from|join|update)\\s+"?(${[...tenantTables.values()].join('|')})"?(?![\\w"])`, 'i');
const annotation = /^\s*\/\/\s*tenant-scope:(.*)$/;

interface Finding {
  file: string;
  line: number;
  code: string;
  problem: 'unscoped' | 'empty reason' | 'annotation on no unscoped query';
}

/** The tenant-scope findings of one source file; `file` is its path under server/src. */
function scanSource(file: string, text: string): Finding[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const lines = text.split('\n');
  const lineOf = (position: number) => source.getLineAndCharacterOfPosition(position).line;
  const findings: Finding[] = [];
  const used = new Set<number>();

  // What the file imports: tenant tables (under any local name), schema namespaces, the real `scoped`.
  const tables = new Map<string, string>();
  const namespaces = new Set<string>();
  let scopedName: string | undefined;
  for (const statement of source.statements) {
    if (!ts.isImportDeclaration(statement) || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
    const target = path.resolve(path.dirname(path.join(srcDir, file)), statement.moduleSpecifier.text);
    const bindings = statement.importClause?.namedBindings;
    if (!bindings) continue;
    if (ts.isNamespaceImport(bindings)) {
      if (target.startsWith(schemaDir + path.sep)) namespaces.add(bindings.name.text);
      continue;
    }
    for (const element of bindings.elements) {
      const imported = (element.propertyName ?? element.name).text;
      if (target.startsWith(schemaDir + path.sep) && tenantTables.has(imported)) tables.set(element.name.text, imported);
      if (target === scopeModule && imported === 'scoped') scopedName = element.name.text;
    }
  }
  // `const x = alias(quizzes, 'x')` is the tenant table under another name.
  const aliases = (node: ts.Node): void => {
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      node.initializer &&
      ts.isCallExpression(node.initializer) &&
      ts.isIdentifier(node.initializer.expression) &&
      node.initializer.expression.text === 'alias' &&
      node.initializer.arguments[0] &&
      tableOf(node.initializer.arguments[0])
    )
      tables.set(node.name.text, tableOf(node.initializer.arguments[0])!);
    ts.forEachChild(node, aliases);
  };
  const tableOf = (node: ts.Node): string | undefined => {
    if (ts.isIdentifier(node)) return tables.get(node.text);
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && namespaces.has(node.expression.text))
      return tenantTables.has(node.name.text) ? node.name.text : undefined;
    return undefined;
  };
  aliases(source);

  /** The whole statement a query belongs to: up its method chain, through await and `!`. */
  const chainTop = (node: ts.Node): ts.Node => {
    let top = node;
    for (;;) {
      const parent = top.parent;
      if (
        ts.isPropertyAccessExpression(parent) ||
        (ts.isCallExpression(parent) && parent.expression === top) ||
        ts.isAwaitExpression(parent) ||
        ts.isNonNullExpression(parent)
      )
        top = parent;
      else return top;
    }
  };

  /** The tables a chain reads or writes: its from/update/delete and every join. */
  const chainTables = (top: ts.Node): Set<string> => {
    const found = new Set<string>();
    const walk = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const [first] = node.arguments;
        if (first && (['from', 'update', 'delete'].includes(method) || /join$/i.test(method))) found.add(first.getText());
        walk(node.expression.expression);
      } else if (ts.isPropertyAccessExpression(node) || ts.isAwaitExpression(node) || ts.isNonNullExpression(node)) {
        walk(node.expression);
      }
    };
    walk(top);
    return found;
  };

  /** The file's own declaration of `name` visible at `use`: the innermost one whose scope holds it. */
  const declarationOf = (name: string, use: ts.Node): ts.Node | undefined => {
    let best: { body: ts.Node; width: number } | undefined;
    const visit = (node: ts.Node): void => {
      let body: ts.Node | undefined;
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.name.text === name) body = node.initializer;
      if (ts.isFunctionDeclaration(node) && node.name?.text === name) body = node.body;
      if (body) {
        let scope: ts.Node = node.parent;
        while (!ts.isBlock(scope) && !ts.isSourceFile(scope) && !ts.isFunctionLike(scope)) scope = scope.parent;
        const width = scope.end - scope.pos;
        if (use.pos >= scope.pos && use.end <= scope.end && (!best || width < best.width)) best = { body, width };
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    return best?.body;
  };

  /** Whether `node` calls `scoped` on one of `readTables` (any table when undefined), here or through the file's own names. */
  const callsScoped = (node: ts.Node, readTables: Set<string> | undefined, seen = new Set<ts.Node>()): boolean => {
    if (seen.has(node)) return false;
    seen.add(node);
    let found = false;
    const visit = (child: ts.Node): void => {
      if (found) return;
      if (ts.isCallExpression(child) && ts.isIdentifier(child.expression) && scopedName && child.expression.text === scopedName) {
        const table = child.arguments[0]?.getText();
        if (!readTables || (table !== undefined && readTables.has(table))) found = true;
      }
      if (ts.isIdentifier(child) && !(ts.isPropertyAccessExpression(child.parent) && child.parent.name === child)) {
        const declared = declarationOf(child.text, child);
        if (declared && callsScoped(declared, readTables, seen)) found = true;
      }
      ts.forEachChild(child, visit);
    };
    visit(node);
    return found;
  };

  /** The `// tenant-scope:` line among the comment lines right above `line` (0-based), if any. */
  const annotationAbove = (line: number): number | undefined => {
    for (let above = line - 1; above >= 0 && /^\s*\/\//.test(lines[above]!); above--) {
      if (annotation.test(lines[above]!)) return above;
    }
    return undefined;
  };

  /** `anyTable`: raw SQL and the relational API name their tables where scoped()'s first argument cannot be matched. */
  const check = (site: ts.Node, name: ts.Node, anyTable: boolean): void => {
    const top = chainTop(site);
    if (callsScoped(top, anyTable ? undefined : chainTables(top))) return;
    let statement: ts.Node = top;
    while (!ts.isSourceFile(statement.parent) && !ts.isBlock(statement.parent) && !ts.isCaseOrDefaultClause(statement.parent)) {
      statement = statement.parent;
      if (ts.isArrowFunction(statement.parent) && statement.parent.body === statement) break;
    }
    const marked = annotationAbove(lineOf(top.getStart())) ?? annotationAbove(lineOf(statement.getStart()));
    const at = lineOf(name.getStart());
    const finding = { file, line: at + 1, code: lines[at]!.trim() };
    if (marked === undefined) return void findings.push({ ...finding, problem: 'unscoped' });
    used.add(marked);
    if (!annotation.exec(lines[marked]!)![1]!.trim()) findings.push({ ...finding, problem: 'empty reason' });
  };

  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name;
      const [first] = node.arguments;
      if (['from', 'update', 'delete'].includes(method.text) && first && tableOf(first)) check(node, method, false);
      if (
        method.text === 'execute' &&
        first &&
        ts.isTaggedTemplateExpression(first) &&
        first.tag.getText() === 'sql' &&
        rawTenantQuery.test(first.template.getText())
      )
        check(node, method, true);
    }
    // A hot statement built once (db/prepared.ts): preparedStatement(names, (value) => sql`...`) reads like db.execute(sql`...`).
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'preparedStatement') {
      const build = node.arguments[1];
      const statement = build && ts.isArrowFunction(build) ? build.body : undefined;
      if (
        statement &&
        ts.isTaggedTemplateExpression(statement) &&
        statement.tag.getText() === 'sql' &&
        rawTenantQuery.test(statement.template.getText())
      )
        check(node, node.expression, true);
    }
    // The relational API (db.query.quizzes.findMany(...)): its chain must pass `scoped` too.
    if (
      ts.isPropertyAccessExpression(node) &&
      tenantTables.has(node.name.text) &&
      ts.isPropertyAccessExpression(node.expression) &&
      node.expression.name.text === 'query'
    )
      check(node, node.name, true);
    ts.forEachChild(node, visit);
  };
  visit(source);

  lines.forEach((text, index) => {
    if (annotation.test(text) && !used.has(index))
      findings.push({ file, line: index + 1, code: text.trim(), problem: 'annotation on no unscoped query' });
  });
  return findings;
}

const isExempt = (file: string) =>
  Object.keys(exempt).some((entry) => (entry.endsWith('/') ? file.startsWith(entry) : file === entry));

function sourceFiles(): string[] {
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .map((entry) => entry.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !skippedDirs.some((dir) => file.startsWith(dir)))
    .sort();
}

const format = (finding: Finding) => `${finding.file}:${finding.line}  ${finding.problem}: ${finding.code}`;

describe('tenant isolation', () => {
  it('every query of a tenant table goes through scoped(), or says why not', () => {
    const findings = sourceFiles()
      .filter((file) => !isExempt(file))
      .flatMap((file) => scanSource(file, readFileSync(path.join(srcDir, file), 'utf8')));
    expect(
      findings.map(format),
      'scope these with scoped(table, accountId, ...) or add `// tenant-scope: <reason>` above',
    ).toEqual([]);
  });

  it('knows the tenant tables from the schema', () => {
    expect([...tenantTables.keys()]).toEqual(expect.arrayContaining(['quizzes', 'plays', 'quizQuestionStats', 'users', 'files']));
    expect(tenantTables.has('accounts')).toBe(false);
  });

  it('exempts only what exists, and the admin area is admin-only', () => {
    const files = sourceFiles();
    for (const entry of Object.keys(exempt))
      expect(
        files.some((file) => file.startsWith(entry)),
        entry,
      ).toBe(true);
    const access = files
      .filter((file) => file.startsWith('routes/api/admin/'))
      .flatMap((file) => {
        const text = readFileSync(path.join(srcDir, file), 'utf8');
        return [...text.matchAll(/\baccess:\s*([^,\n}]+)/g)].map((match) => `${file}: ${match[1]!.trim()}`);
      });
    expect(access.length).toBeGreaterThan(0);
    expect(access.filter((line) => !line.endsWith(": 'admin'"))).toEqual([]);
  });
});

describe('the tenant-scope scanner', () => {
  const header = [
    "import { and, eq, sql } from 'drizzle-orm';",
    "import { alias } from 'drizzle-orm/pg-core';",
    "import { accounts, plays, quizzes as q } from '../../../db/schema/index.ts';",
    "import { scoped } from '../../../db/scope.ts';",
    '',
  ].join('\n');
  const scan = (body: string) =>
    scanSource('routes/api/fixture/fixture.ts', `${header}${body}\n`).map((f) => `${f.line - 4} ${f.problem}`);

  it('reports a query that is not scoped', () => {
    expect(scan('export const find = (db, id) => db.select().from(q).where(eq(q.id, id));')).toEqual(['1 unscoped']);
    expect(scan('export const drop = (db, id) => db.delete(plays).where(eq(plays.id, id));')).toEqual(['1 unscoped']);
  });

  it('reports an exemption without a reason, and one that covers nothing', () => {
    expect(scan('// tenant-scope:\nexport const find = (db, id) => db.select().from(q).where(eq(q.id, id));')).toEqual([
      '2 empty reason',
    ]);
    expect(scan('// tenant-scope:   \nconst x = 1;')).toEqual(['1 annotation on no unscoped query']);
  });

  it('accepts an exemption with its reason on the lines above the statement', () => {
    expect(
      scan(
        '// Visitors may read any published quiz.\n// tenant-scope: a public quiz by its id\nexport const find = (db, id) =>\n  db.select().from(q).where(eq(q.id, id));',
      ),
    ).toEqual([]);
  });

  it('accepts scoped() in the chain, through a constant or a function of the file', () => {
    expect(scan('export const find = (db, a, id) => db.select().from(q).where(scoped(q, a, eq(q.id, id)));')).toEqual([]);
    expect(
      scan('export async function f(db, a) {\n  const where = scoped(q, a);\n  return db.select().from(q).where(where);\n}'),
    ).toEqual([]);
    expect(
      scan(
        'const ofQuiz = (a, id) => scoped(plays, a, eq(plays.quizId, id));\nexport const f = (db, a, id) => db.update(plays).set({}).where(ofQuiz(a, id));',
      ),
    ).toEqual([]);
    expect(scan("const c = alias(q, 'c');\nexport const f = (db, a) => db.select().from(c).where(scoped(c, a));")).toEqual([]);
  });

  it('does not take scoped() of another table, or a scoped() that is not db/scope.ts’s', () => {
    expect(scan('export const f = (db, a) => db.select().from(q).where(scoped(plays, a));')).toEqual(['1 unscoped']);
    const fake = `import { sql } from 'drizzle-orm';\nimport { quizzes } from '../../../db/schema/index.ts';\nconst scoped = (..._x) => sql\`true\`;\nexport const f = (db, a) => db.select().from(quizzes).where(scoped(quizzes, a));\n`;
    expect(scanSource('routes/api/fixture/fixture.ts', fake).map((f) => f.problem)).toEqual(['unscoped']);
  });

  it('reports raw statements and relational queries of tenant tables, not of others or a table that only shares a prefix', () => {
    expect(scan('export const f = (db, id) => db.execute(sql`update plays set status = ${id}`);')).toEqual(['1 unscoped']);
    expect(scan("const s = preparedStatement(['id'], (value) => sql`update plays set status = ${value.id}`);")).toEqual([
      '1 unscoped',
    ]);
    expect(
      scan("const s = preparedStatement(['a'], (value) => sql`update plays set status = 1 where ${scoped(plays, value.a)}`);"),
    ).toEqual([]);
    expect(scan('export const f = (db, a) => db.execute(sql`update "plays" set status = 1 where ${scoped(plays, a)}`);')).toEqual(
      [],
    );
    expect(scan('export const f = (db) => db.query.plays.findMany();')).toEqual(['1 unscoped']);
    expect(scan('export const f = (db, a) => db.query.quizzes.findFirst({ where: scoped(q, a) });')).toEqual([]);
    expect(scan('export const f = (db) => db.execute(sql`delete from rate_limits`);')).toEqual([]);
    expect(scan('export const f = (db) => db.execute(sql`select * from plays_archive`);')).toEqual([]);
  });

  it('leaves joins, non-tenant tables and other `from` calls alone', () => {
    expect(
      scan(
        'export const f = (db, a, files) => [Array.from(files), db.select().from(accounts), db.select().from(q).innerJoin(plays, eq(plays.quizId, q.id)).where(scoped(q, a))];',
      ),
    ).toEqual([]);
  });
});
