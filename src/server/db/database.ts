import type Database from 'better-sqlite3';
import type pg from 'pg';
import type { BaseSQLiteDatabase } from 'drizzle-orm/sqlite-core';
import type { NotificationChannel } from './notifications';
import type * as schema from './sqliteSchema';

/**
 * The data interface every service takes: drizzle's asynchronous query builders over the handle's tables (tablesOf),
 * whichever engine is behind them. Services await every query, read rows with `await query` (never the SQLite-only
 * `.get()`, `.all()` or `.run()`, which the linter refuses), learn what a write touched from `.returning()`, and
 * make multi-step writes atomic with `db.transaction(async (tx) => …)` on either engine (see decision 013).
 * The run result of a write is `unknown` on purpose: its shape differs between engines.
 */
export type Db = BaseSQLiteDatabase<'async', unknown, typeof schema>;

export type Dialect = 'sqlite' | 'postgres';

/** An open database: the data interface plus what the platform needs to run and stop it. */
export interface DbHandle {
  readonly dialect: Dialect;
  readonly db: Db;
  /** One round trip (health checks). Rejects when the database cannot answer. */
  ping(): Promise<void>;
  /**
   * A value that changes whenever any connection commits a write, so a reading taken with it can be reused while it
   * stays the same; null when the engine keeps no such counter (PostgreSQL), and nothing may be reused.
   */
  writeMarks(): Promise<string | null>;
  /**
   * True while this instance leads `job`, the work that must run on one instance at a time (status history rows,
   * housekeeping). Always true on SQLite (one server per file); on PostgreSQL see db/leadership.ts. Never rejects.
   */
  leads(job: string): Promise<boolean>;
  /** Space the database occupies, in bytes (rejects when it cannot be measured). */
  sizeBytes(): Promise<number>;
  /** Waits for running transactions, then closes every connection. */
  close(): Promise<void>;
  /** PostgreSQL only: LISTEN/NOTIFY between the instances sharing the database (the realtime bus rides it). */
  readonly notifications?: NotificationChannel;
  /** PostgreSQL only: the connection pool, for libraries that keep their own tables there (rate limits). */
  readonly pool?: pg.Pool;
  /** SQLite only: the file's connection, for the WAL checkpointer. */
  readonly sqlite?: Database.Database;
}
