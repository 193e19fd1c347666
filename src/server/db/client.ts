import Database from 'better-sqlite3';
import { drizzle, type BetterSQLite3Database } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { sqliteMigrationsDir } from '../paths';
import { StartupError } from '../startupError';
import * as schema from './schema';

export type Db = BetterSQLite3Database<typeof schema>;
export interface DbHandle {
  db: Db;
  sqlite: Database.Database;
  close(): void;
}

const migrationsFolder = sqliteMigrationsDir;

/** Opens (creating when needed) the SQLite file, sets the pragmas and applies pending migrations. */
export function openDatabase(path: string): DbHandle {
  let sqlite: Database.Database | undefined;
  try {
    if (path !== ':memory:') mkdirSync(dirname(resolve(path)), { recursive: true });
    sqlite = new Database(path);
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('foreign_keys = ON');
    sqlite.pragma('busy_timeout = 5000');
    sqlite.pragma('synchronous = NORMAL');
    const db = drizzle(sqlite, { schema });
    migrate(db, { migrationsFolder });
    const opened = sqlite;
    return { db, sqlite: opened, close: () => opened.close() };
  } catch (error) {
    sqlite?.close();
    const explained = explainDatabaseError(error, path);
    throw explained ? new StartupError(explained, { cause: error }) : error;
  }
}

/**
 * One line naming the file and what to do, for the ways a database fails to open that an operator can fix.
 * Anything else is a bug and keeps its stack.
 */
export function explainDatabaseError(error: unknown, path: string): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const file = resolve(path);
  const folder = dirname(file);
  const fix = 'restore it from a backup, or move it away to start with an empty database';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `Cannot create the database folder ${folder} (${code}): make it writable for this user or set DATABASE_PATH to a writable place.`;
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return `Cannot create the database folder ${folder}: part of that path is a file. Set DATABASE_PATH to a path in a folder.`;
  }
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM') {
    return `Cannot write the database ${file}: the file or its folder ${folder} is read-only or missing. Make both writable for this user or set DATABASE_PATH to a writable place.`;
  }
  if (code === 'SQLITE_NOTADB')
    return `The database file ${file} is not a SQLite database (corrupt or another kind of file): ${fix}.`;
  if (code.startsWith('SQLITE_CORRUPT')) return `The database file ${file} is damaged (corrupt or truncated): ${fix}.`;
  if (code === 'SQLITE_FULL') return `The disk holding ${file} is full: free some space and start again.`;
  if (code.startsWith('SQLITE_IOERR'))
    return `Cannot read or write the database ${file} (${code}): check the disk and the file, then start again.`;
  return null;
}
