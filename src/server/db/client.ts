import type { DbHandle } from './database';
import { openPostgres } from './postgres';
import { openSqlite } from './sqlite';

export type { Db, DbHandle, Dialect } from './database';
export { openSqlite } from './sqlite';

export interface DatabaseSettings {
  DATABASE_PATH: string;
  DATABASE_URL?: string;
  NODE_ENV?: 'development' | 'production' | 'test';
  /** PostgreSQL connections per instance (config.ts; the default when absent). */
  DATABASE_POOL_SIZE?: number;
}

/**
 * In tests, a statement that one SQLite transaction keeps waiting this long fails, naming where it waited from: the
 * test fails instead of hanging (the outer handle inside a transaction's callback; see transactionGate.ts).
 */
export const TEST_GATE_WATCHDOG_MS = 5_000;

/** PostgreSQL when DATABASE_URL is set, else the SQLite file at DATABASE_PATH; migrated either way. */
export function openDatabase(
  settings: DatabaseSettings,
  /** Told about trouble that does not stop the server (a lost LISTEN connection, retried). */
  onProblem: (error: unknown) => void = () => {},
  /** Tests and benches only: called once per statement sent to the engine (they count queries per request). */
  onQuery?: (sql: string) => void,
): Promise<DbHandle> {
  return settings.DATABASE_URL
    ? openPostgres(settings.DATABASE_URL, onProblem, { poolSize: settings.DATABASE_POOL_SIZE, onQuery })
    : Promise.resolve(
        openSqlite(settings.DATABASE_PATH, {
          onQuery,
          ...(settings.NODE_ENV === 'test' ? { gateWatchdogMs: TEST_GATE_WATCHDOG_MS } : {}),
        }),
      );
}
