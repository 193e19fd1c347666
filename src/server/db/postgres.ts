import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { postgresMigrationsDir } from '../paths';
import { StartupError } from '../startupError';
import type { Db, DbHandle } from './database';
import { markUnreachable } from './errors';
import { Leadership } from './leadership';
import { DEFAULT_POOL_SIZE } from './poolSize';
import { openNotificationChannel } from './notifications';
import { refuseOverlap } from './oneQueryAtATime';
import * as pgSchema from './pg/schema';

/** Any fixed number: instances starting together take turns migrating under this advisory lock. */
const MIGRATION_LOCK = 7_301_977;

/**
 * Connects to PostgreSQL, applies pending migrations (one instance at a time) and opens drizzle over the pool with the
 * PostgreSQL tables as its schema: the services find them there (db/schema.ts, tablesOf). Fails with a StartupError
 * naming DATABASE_URL's host, never its password.
 */
export async function openPostgres(
  url: string,
  onProblem: (error: unknown) => void,
  options: { poolSize?: number; onQuery?: (sql: string) => void } = {},
): Promise<DbHandle> {
  const pool = new pg.Pool({
    connectionString: url,
    max: options.poolSize ?? DEFAULT_POOL_SIZE,
    connectionTimeoutMillis: 10_000,
  });
  // An idle connection the server drops (restart, failover) must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  // A pooled connection serves one query or one transaction: parallel queries on it are refused (oneQueryAtATime.ts).
  const guarded = new WeakMap<pg.PoolClient, ReturnType<typeof refuseOverlap>>();
  pool.on('connect', (client) => {
    guarded.set(client, refuseOverlap(client));
    if (options.onQuery) countQueries(client, options.onQuery);
  });
  pool.on('release', (_error, client) => guarded.get(client)?.resetRefusal());
  tagConnectFailures(pool);
  try {
    const client = await pool.connect();
    try {
      await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
      await migrate(drizzle(client), { migrationsFolder: postgresMigrationsDir });
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
  } catch (error) {
    await pool.end().catch(() => {});
    throw new StartupError(explainPostgresError(error, url), { cause: error });
  }
  const db = drizzle(pool, { schema: pgSchema });
  const notifications = openNotificationChannel(pool, url, onProblem);
  await notifications.ready;
  const leadership = new Leadership(url, onProblem);
  return {
    dialect: 'postgres',
    // The one cast between the engines: services are typed against drizzle's SQLite builders (database.ts), which the
    // PostgreSQL database does not satisfy by type (drizzle's two dialects share no builder interface), though the
    // calls the services make (awaited selects, inserts, updates, deletes with returning, transactions) behave alike.
    db: db as unknown as Db,
    notifications,
    pool,
    async ping() {
      await pool.query('select 1');
    },
    // PostgreSQL keeps no cheap, exact counter of commits; readers read again.
    writeMarks: () => Promise.resolve(null),
    leads: (job) => leadership.leads(job),
    async sizeBytes() {
      const { rows } = await pool.query<{ bytes: string }>('select pg_database_size(current_database()) as bytes');
      return Number(rows[0].bytes);
    },
    async close() {
      await leadership.close();
      await notifications.close();
      await pool.end();
    },
  };
}

/**
 * Tests and benches: tells `onQuery` of every query sent on a pool connection (transaction BEGIN/COMMIT included),
 * with its SQL.
 */
function countQueries(client: pg.PoolClient, onQuery: (sql: string) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  Object.assign(client, {
    query(...args: unknown[]) {
      onQuery(statementText(args[0]));
      return query(...args);
    },
  });
}

/** A query's SQL, whether pg was given the text or a query config ({ text, values } or a prepared { name, text }). */
function statementText(query: unknown): string {
  if (typeof query === 'string') return query;
  const text = (query as { text?: unknown } | null)?.text;
  return typeof text === 'string' ? text : '';
}

/**
 * Marks every error of handing out a connection (refused, timed out, host unknown) as "database unreachable"
 * (db/errors.ts), so that a request failing on one answers 503 rather than 500, however the error travels: drizzle's
 * queries and transactions, and rate-limiter-flexible's, all ask the pool through `connect`, in either style.
 */
function tagConnectFailures(pool: pg.Pool): void {
  const connect = pool.connect.bind(pool) as (
    callback?: (error: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ) => Promise<pg.PoolClient> | undefined;
  Object.assign(pool, {
    connect(callback?: Parameters<typeof connect>[0]) {
      if (callback) return connect((error, client, done) => callback(error && markUnreachable(error), client, done));
      return (connect() as Promise<pg.PoolClient>).catch((error: unknown) => {
        throw markUnreachable(error);
      });
    },
  });
}

/** One line for the operator: what failed, at which host, and what to check. */
export function explainPostgresError(error: unknown, url: string): string {
  let where = 'the server in DATABASE_URL';
  try {
    const parsed = new URL(url);
    where = `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
  } catch {
    // The config already checked the scheme; an unparsable rest is reported without it.
  }
  const code = (error as { code?: unknown } | null)?.code;
  const reason =
    code === 'ECONNREFUSED'
      ? 'nothing is listening there'
      : code === 'ENOTFOUND' || code === 'EAI_AGAIN'
        ? 'the host name does not resolve'
        : code === '28P01' || code === '28000'
          ? 'the user name or password was refused'
          : code === '3D000'
            ? 'that database does not exist'
            : code === 'ETIMEDOUT' || (error instanceof Error && /timeout/i.test(error.message))
              ? 'the connection timed out'
              : `it failed (${typeof code === 'string' ? code : error instanceof Error ? error.message.split('\n')[0] : 'unknown error'})`;
  return `DATABASE_URL: cannot use PostgreSQL at ${where}: ${reason}. Check the URL and that the server is running.`;
}
