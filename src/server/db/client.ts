import type { DbHandle } from './database';
import { openSqlite } from './sqlite';

export type { Db, DbHandle, Dialect } from './database';
export { openSqlite } from './sqlite';

export interface DatabaseSettings {
  DATABASE_PATH: string;
  DATABASE_URL?: string;
}

/** PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH; migrated either way. */
export async function openDatabase(settings: DatabaseSettings): Promise<DbHandle> {
  return openSqlite(settings.DATABASE_PATH);
}
