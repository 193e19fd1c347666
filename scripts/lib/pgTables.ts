/**
 * Makes the PostgreSQL tables (src/server/db/pg/tables/*.ts and pg/schema.ts) from the SQLite ones
 * (src/server/db/tables/*.ts), which are the one definition (decision 025); scripts/gen-pg-tables.ts writes or checks
 * them.
 *
 * Each SQLite file is rewritten in its own words, so its comments (the why of each column) carry over: the import
 * from drizzle-orm/sqlite-core becomes one from pg-core, `sqliteTable` becomes `pgTable`, and every column builder
 * call becomes the PostgreSQL type chosen by the rules in pgColumnTypes.ts, read from what drizzle knows about the
 * column (getTableConfig), not from its spelling. Anything the rules do not cover stops the script with its place.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { getTableConfig, SQLiteTable, type SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { is } from 'drizzle-orm';
import * as prettier from 'prettier';
import ts from 'typescript';
import { pgColumnCall, PG_PASS_THROUGH, type PgColumnCall } from './pgColumnTypes';

const root = resolve(import.meta.dirname, '../..');

/** Where the generator reads and writes; tests point `pgDir` and `pgSchemaFile` elsewhere. */
export interface PgTablesLayout {
  sqliteDir: string;
  sqliteSchemaFile: string;
  pgDir: string;
  pgSchemaFile: string;
}

export const repositoryLayout: PgTablesLayout = {
  sqliteDir: join(root, 'src/server/db/tables'),
  sqliteSchemaFile: join(root, 'src/server/db/sqliteSchema.ts'),
  pgDir: join(root, 'src/server/db/pg/tables'),
  pgSchemaFile: join(root, 'src/server/db/pg/schema.ts'),
};

type Columns = Map<string, SQLiteColumn>;

/** A text edit on the SQLite source: replace [start, end) with `text`. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

export class GenerationError extends Error {}

/** The PostgreSQL source of one SQLite table file. */
async function pgTableFile(layout: PgTablesLayout, file: string): Promise<string> {
  const path = join(layout.sqliteDir, file);
  const source = readFileSync(path, 'utf8');
  const tables = await tablesByName(path);
  const ast = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const edits: Edit[] = [];
  const used = new Set<string>();
  const where = (node: ts.Node) =>
    `${relative(root, path)}:${ast.getLineAndCharacterOfPosition(node.getStart()).line + 1}`;

  const imported = sqliteCoreImport(ast, where);
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isIdentifier(node.expression) && imported.has(node.expression.text)) {
      const name = node.expression.text;
      if (name === 'sqliteTable') {
        edits.push({ start: node.expression.getStart(), end: node.expression.getEnd(), text: 'pgTable' });
        used.add('pgTable');
      } else if (PG_PASS_THROUGH.has(name)) {
        used.add(name);
      } else {
        const columns = tables.get(tableNameAround(node, where));
        const columnName = stringArgument(node, where);
        const column = columns?.get(columnName);
        if (!column) throw new GenerationError(`${where(node)}: no column '${columnName}' in drizzle's table`);
        const call = pgColumnCall(tableNameAround(node, where), column, node.getText(), where(node));
        edits.push(columnEdit(node, call, where));
        used.add(call.builder);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(ast);

  const importDeclaration = imported.declaration;
  edits.push({
    start: importDeclaration.getStart(),
    end: importDeclaration.getEnd(),
    text: `import { ${[...used].sort().join(', ')} } from 'drizzle-orm/pg-core';`,
  });
  let text = source;
  for (const edit of edits.sort((a, b) => b.start - a.start)) {
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  }
  return format(header(`tables/${file}`) + text);
}

/** The SQLite tables a file exports, by SQL name, each with its columns by SQL name. */
async function tablesByName(path: string): Promise<Map<string, Columns>> {
  const module = (await import(path)) as Record<string, unknown>;
  const tables = new Map<string, Columns>();
  for (const value of Object.values(module)) {
    if (!is(value, SQLiteTable)) continue;
    const config = getTableConfig(value);
    const columns: Columns = new Map();
    for (const column of config.columns as SQLiteColumn[]) columns.set(column.name, column);
    tables.set(config.name, columns);
  }
  return tables;
}

/** The one `import { … } from 'drizzle-orm/sqlite-core'` of a file, and the names it brings in (never renamed). */
function sqliteCoreImport(ast: ts.SourceFile, where: (node: ts.Node) => string) {
  const declarations = ast.statements.filter(
    (s): s is ts.ImportDeclaration =>
      ts.isImportDeclaration(s) &&
      ts.isStringLiteral(s.moduleSpecifier) &&
      s.moduleSpecifier.text.startsWith('drizzle-orm/sqlite'),
  );
  if (declarations.length !== 1)
    throw new GenerationError(`${ast.fileName}: expected one import from drizzle-orm/sqlite-core`);
  const declaration = declarations[0];
  const bindings = declaration.importClause?.namedBindings;
  if (
    !bindings ||
    !ts.isNamedImports(bindings) ||
    (declaration.moduleSpecifier as ts.StringLiteral).text !== 'drizzle-orm/sqlite-core'
  ) {
    throw new GenerationError(`${where(declaration)}: import named builders from drizzle-orm/sqlite-core`);
  }
  const names = new Set<string>();
  for (const element of bindings.elements) {
    if (element.propertyName) throw new GenerationError(`${where(element)}: a renamed import ('${element.getText()}')`);
    names.add(element.name.text);
  }
  return Object.assign(names, { declaration });
}

/** The SQL name of the table whose column list holds this builder call. */
function tableNameAround(node: ts.Node, where: (node: ts.Node) => string): string {
  for (let n: ts.Node | undefined = node.parent; n; n = n.parent) {
    if (ts.isCallExpression(n) && ts.isIdentifier(n.expression) && n.expression.text === 'sqliteTable') {
      return stringArgument(n, where);
    }
  }
  throw new GenerationError(`${where(node)}: a column builder outside a sqliteTable(...) call`);
}

function stringArgument(call: ts.CallExpression, where: (node: ts.Node) => string): string {
  const first = call.arguments[0];
  if (!first || !ts.isStringLiteralLike(first)) {
    throw new GenerationError(`${where(call)}: give the SQL name as a string literal (the generator keys on it)`);
  }
  return first.text;
}

/**
 * The edit that turns one SQLite column builder into the PostgreSQL one; for a key SQLite numbers by itself, the
 * `.primaryKey({ autoIncrement: true })` (or `.primaryKey()`) right after it becomes an identity key.
 */
function columnEdit(builder: ts.CallExpression, call: PgColumnCall, where: (node: ts.Node) => string): Edit {
  if (!call.identity) return { start: builder.getStart(), end: builder.getEnd(), text: call.text };
  const access = builder.parent;
  if (
    !ts.isPropertyAccessExpression(access) ||
    access.name.text !== 'primaryKey' ||
    !ts.isCallExpression(access.parent)
  ) {
    throw new GenerationError(`${where(builder)}: write a numbered key as integer('id').primaryKey(...)`);
  }
  return {
    start: builder.getStart(),
    end: access.parent.getEnd(),
    text: `${call.text}.primaryKey().generatedByDefaultAsIdentity()`,
  };
}

function header(from: string): string {
  return `/**
 * Generated from src/server/db/${from} by scripts/gen-pg-tables.ts: do not edit. Change the SQLite table, run
 * \`npm run db:pg-tables\`, then \`npm run db:generate:pg\`. Column types: scripts/lib/pgColumnTypes.ts.
 */
`;
}

/** pg/schema.ts: the same re-exports as sqliteSchema.ts, one per table file. */
function pgSchemaSource(layout: PgTablesLayout, files: readonly string[]): string {
  const exported = [
    ...readFileSync(layout.sqliteSchemaFile, 'utf8').matchAll(/^export \* from '\.\/tables\/([\w-]+)';$/gm),
  ].map((m) => `${m[1]}.ts`);
  const missing = files.filter((file) => !exported.includes(file));
  if (missing.length > 0) throw new GenerationError(`sqliteSchema.ts does not re-export ${missing.join(', ')}`);
  return `/**
 * Generated from src/server/db/sqliteSchema.ts by scripts/gen-pg-tables.ts: do not edit. Every table for
 * PostgreSQL, with the same export names as the SQLite schema; drizzle-kit reads them through these re-exports
 * (drizzle.pg.config.ts).
 */
${exported.map((file) => `export * from './tables/${file.replace(/\.ts$/, '')}';`).join('\n')}
`;
}

/** Formatted as the repository's prettier settings say, wherever the file goes. */
async function format(text: string): Promise<string> {
  const options = (await prettier.resolveConfig(repositoryLayout.pgSchemaFile)) ?? {};
  return prettier.format(text, { ...options, parser: 'typescript' });
}

/** Every generated file's text, by path. */
export async function generate(layout: PgTablesLayout = repositoryLayout): Promise<Map<string, string>> {
  const files = readdirSync(layout.sqliteDir)
    .filter((file) => file.endsWith('.ts'))
    .sort();
  const out = new Map<string, string>();
  for (const file of files) out.set(join(layout.pgDir, file), await pgTableFile(layout, file));
  out.set(layout.pgSchemaFile, await format(pgSchemaSource(layout, files)));
  return out;
}

function readIfPresent(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** What differs between the committed files and the generated ones, one line each (empty when nothing does). */
export function differences(generated: Map<string, string>, layout: PgTablesLayout = repositoryLayout): string[] {
  const problems: string[] = [];
  for (const [path, text] of generated) {
    const current = readIfPresent(path);
    if (current === null) {
      problems.push(`${relative(root, path)}: missing`);
      continue;
    }
    if (current === text) continue;
    const want = text.split('\n');
    const have = current.split('\n');
    const line = want.findIndex((l, i) => l !== have[i]);
    problems.push(
      `${relative(root, path)}:${line + 1}: differs\n    committed: ${have[line] ?? '(end of file)'}\n    generated: ${want[line] ?? '(end of file)'}`,
    );
  }
  for (const file of readdirSync(layout.pgDir)) {
    const path = join(layout.pgDir, file);
    if (!generated.has(path)) problems.push(`${relative(root, path)}: no SQLite table file makes it`);
  }
  return problems;
}
