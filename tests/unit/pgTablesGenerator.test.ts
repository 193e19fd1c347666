/**
 * The PostgreSQL tables are generated from the SQLite ones (scripts/gen-pg-tables.ts, decision 025): the type rules
 * on columns the app does not have, and the check mode that `npm test` runs, on a copy of the committed files
 * with one line changed and one file too many.
 */
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { blob, getTableConfig, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { afterAll, describe, expect, it } from 'vitest';
import { ColumnTypeError, pgColumnCall } from '../../scripts/lib/pgColumnTypes';
import { differences, generate, repositoryLayout, type PgTablesLayout } from '../../scripts/lib/pgTables';

const trades = sqliteTable('trades', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  settled: integer('settled', { mode: 'boolean' }).notNull(),
  price: real('price').notNull(),
  side: text('side', { enum: ['buy', 'sell'] }).notNull(),
  executedAt: integer('executed_at').notNull(),
  holdMs: integer('hold_ms'),
  lots: integer('lots').notNull(),
  receipt: blob('receipt'),
});
const columns = new Map(getTableConfig(trades).columns.map((column) => [column.name, column]));
const pg = (name: string, sqliteCall = `text('${name}')`) =>
  pgColumnCall('trades', columns.get(name)!, sqliteCall, 'trades.ts:1');

describe('column type rules', () => {
  it('maps each SQLite column to the PostgreSQL type with the same row type', () => {
    expect(pg('id')).toEqual({ builder: 'integer', text: "integer('id')", identity: true });
    expect(pg('settled')).toEqual({ builder: 'boolean', text: "boolean('settled')", identity: false });
    expect(pg('price').text).toBe("doublePrecision('price')");
    // Text keeps its call as written (an enum's values included).
    const side = "text('side', { enum: ['buy', 'sell'] })";
    expect(pg('side', side)).toEqual({ builder: 'text', text: side, identity: false });
    expect(pg('executed_at').text).toBe("bigint('executed_at', { mode: 'number' })");
    expect(pg('hold_ms').text).toBe("bigint('hold_ms', { mode: 'number' })");
    expect(pg('lots').text).toBe("integer('lots')");
  });

  it('keeps the two listed exceptions to the name rule', () => {
    const statusChecks = sqliteTable('status_checks', { latencyMs: integer('latency_ms') });
    const statusDays = sqliteTable('status_days', { day: integer('day') });
    const only = (table: typeof statusChecks | typeof statusDays, name: string) =>
      pgColumnCall(name, getTableConfig(table).columns[0], '', 'x.ts:1').text;
    expect(only(statusChecks, 'status_checks')).toBe("integer('latency_ms')");
    expect(only(statusDays, 'status_days')).toBe("bigint('day', { mode: 'number' })");
  });

  it('refuses a column it has no rule for, naming where it is', () => {
    expect(() => pg('receipt')).toThrow(ColumnTypeError);
    expect(() => pg('receipt')).toThrow(
      /trades\.ts:1: no PostgreSQL rule for a SQLiteBlob\w* column \(trades\.receipt\)/,
    );
  });
});

describe('check mode', () => {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-pg-tables-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes on the committed files and names the file and line of a hand edit and a stray file', async () => {
    const generated = await generate();
    expect(differences(generated)).toEqual([]);

    const copy: PgTablesLayout = {
      ...repositoryLayout,
      pgDir: join(dir, 'tables'),
      pgSchemaFile: join(dir, 'schema.ts'),
    };
    cpSync(repositoryLayout.pgDir, copy.pgDir, { recursive: true });
    cpSync(repositoryLayout.pgSchemaFile, copy.pgSchemaFile);
    const moved = new Map(
      [...generated].map(([path, text]) => [
        path.replace(repositoryLayout.pgDir, copy.pgDir).replace(repositoryLayout.pgSchemaFile, copy.pgSchemaFile),
        text,
      ]),
    );
    expect(differences(moved, copy)).toEqual([]);

    // Someone "fixes" a price column on PostgreSQL only, and adds a table there.
    const alerts = join(copy.pgDir, 'alerts.ts');
    const lines = readFileSync(alerts, 'utf8').split('\n');
    const at = lines.findIndex((line) => line.includes("doublePrecision('level')"));
    lines[at] = lines[at].replace("doublePrecision('level')", "real('level')");
    writeFileSync(alerts, lines.join('\n'));
    writeFileSync(join(copy.pgDir, 'extra.ts'), 'export {};\n');

    const problems = differences(moved, copy);
    expect(problems).toHaveLength(2);
    expect(problems[0]).toMatch(
      new RegExp(
        `alerts\\.ts:${at + 1}: differs\\n.*committed: .*real\\('level'\\),\\n.*generated: .*doublePrecision\\('level'\\)`,
      ),
    );
    expect(problems[1]).toMatch(/extra\.ts: no SQLite table file makes it/);
  });
});
