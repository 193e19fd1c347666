import Database from 'better-sqlite3';
import { drizzle as drizzleSync } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { drizzle as drizzleAsync } from 'drizzle-orm/sqlite-proxy';
import { sql } from 'drizzle-orm';
import { mkdirSync, statSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { sqliteMigrationsDir } from '../paths';
import { StartupError } from '../startupError';
import type { DbHandle } from './database';
import { explainSqliteError } from './sqliteErrors';
import * as schema from './sqliteSchema';
import { notingCallSites, type GateWatchdog } from './gateWatchdog';
import { inlineLimit } from './sqliteLimit';
import { TransactionGate } from './transactionGate';

export type SqliteHandle = DbHandle & { readonly sqlite: Database.Database };

export interface SqliteOptions {
  /**
   * Fails a statement that one transaction keeps waiting on the gate this long (transactionGate.ts); tests only
   * (openDatabase sets it under NODE_ENV=test), where such a wait is a hang, not load. Off when absent.
   */
  gateWatchdogMs?: number;
  /** Tests and benches only: called once per statement run (they count queries per request). */
  onQuery?: (sql: string) => void;
}

/** Prepared statements kept per SQL text; the services build a few dozen distinct ones. */
const STATEMENT_CACHE_LIMIT = 500;

/**
 * Opens (creating when needed) the SQLite file, sets the pragmas, applies pending migrations and returns the data
 * interface over it: drizzle's asynchronous SQLite driver on top of better-sqlite3, with every transaction held by the
 * TransactionGate so that no other request's statement can run inside it (see transactionGate.ts).
 */
export function openSqlite(path: string, options: SqliteOptions = {}): SqliteHandle {
  let sqlite: Database.Database | undefined;
  try {
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    sqlite = new Database(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    migrate(drizzleSync(sqlite), { migrationsFolder: sqliteMigrationsDir });
  } catch (error) {
    sqlite?.close();
    const explained = explainSqliteError(error, path);
    throw explained ? new StartupError(explained, { cause: error }) : error;
  }
  return asyncHandle(sqlite, options);
}

function asyncHandle(sqlite: Database.Database, options: SqliteOptions): SqliteHandle {
  const watchdog: GateWatchdog | null =
    options.gateWatchdogMs === undefined
      ? null
      : { afterMs: options.gateWatchdogMs, report: (error) => console.error(error.message) };
  const gate = new TransactionGate(watchdog);
  const { onQuery } = options;
  const statements = new Map<string, Database.Statement>();
  const prepare = (text: string) => {
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_LIMIT) statements.clear();
      statement = sqlite.prepare(text);
      statements.set(text, statement);
    }
    return statement;
  };
  // sqlite-proxy's contract: rows as arrays of values, one array for 'get' (typed any[] by drizzle).
  const execute = (
    sqlText: string,
    sqlParams: unknown[],
    method: 'run' | 'all' | 'values' | 'get',
  ): { rows: unknown[] } => {
    const { text, params } = inlineLimit(sqlText, sqlParams);
    const statement = prepare(text);
    onQuery?.(text);
    if (method === 'run' || !statement.reader) {
      statement.run(params);
      return { rows: [] };
    }
    statement.raw(true);
    return { rows: (method === 'get' ? statement.get(params) : statement.all(params)) as unknown[] };
  };
  const db = drizzleAsync(
    async (text, params, method) => {
      for (let wait = gate.blocker(); wait; wait = gate.blocker()) await wait;
      return execute(text, params, method);
    },
    { schema },
  );
  // The transaction's own handle: its statements run while the gate is held, so they do not ask it.
  const holder = drizzleAsync((text, params, method) => Promise.resolve(execute(text, params, method)), { schema });
  const transaction: typeof db.transaction = (work, config) =>
    gate.hold(() => holder.transaction(work, { behavior: 'immediate', ...config }));
  db.transaction = transaction;
  const shared = watchdog
    ? notingCallSites(
        db,
        () => gate.isHeld(),
        (site) => gate.noteStatement(site),
      )
    : db;
  return {
    dialect: 'sqlite',
    db: shared,
    sqlite,
    async ping() {
      await db.run(sql`select 1`);
    },
    // total_changes() counts the rows this connection wrote (cascades included); data_version moves when another
    // connection commits (the operator's `npm run user`, a second server on the same file).
    async writeMarks() {
      for (let wait = gate.blocker(); wait; wait = gate.blocker()) await wait;
      const marks = prepare('select total_changes() as own, data_version as others from pragma_data_version').raw(
        false,
      );
      const row = marks.get() as {
        own: number;
        others: number;
      };
      return `${row.own}:${row.others}`;
    },
    leads: () => Promise.resolve(true),
    sizeBytes: () => Promise.resolve(fileBytes(sqlite.name)),
    async close() {
      await gate.hold(async () => {});
      sqlite.close();
    },
  };
}

/** The file plus its write-ahead log, which holds recent commits until a checkpoint folds them in: real space. */
function fileBytes(path: string): number {
  if (path === ':memory:') return 0;
  return statSync(path).size + sizeIfPresent(`${path}-wal`);
}

function sizeIfPresent(path: string): number {
  try {
    return statSync(path).size;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
}
