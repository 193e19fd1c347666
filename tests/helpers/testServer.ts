import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type TickwiseApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { closeDeps, createDeps, type AppDeps, type DepsOverrides } from '../../src/server/deps';
import { createDatabase, type TestDatabase } from './postgres';

export interface TestServer {
  url: string;
  origin: string;
  deps: AppDeps;
  app: TickwiseApp;
  close(): Promise<void>;
}

/**
 * The engine this test run uses: the `api-pg` project sets TEST_DIALECT=postgres and starts one PostgreSQL server for
 * the run (tests/helpers/postgresGlobalSetup.ts); every other run uses SQLite.
 */
export const testDialect: 'sqlite' | 'postgres' = process.env.TEST_DIALECT === 'postgres' ? 'postgres' : 'sqlite';

/**
 * The real server on a free loopback port with a fresh database: a SQLite file, or under TEST_DIALECT=postgres a new
 * database on the run's PostgreSQL server. One per test file (beforeAll / afterAll).
 */
export async function startTestServer(
  env: Record<string, string> = {},
  overrides: DepsOverrides = {},
  /** Where the built client lives; by default a folder that does not exist, so no SPA is served. */
  clientDir?: string,
  /** Interface to listen on. */
  listenHost = '127.0.0.1',
): Promise<TestServer> {
  const dir = mkdtempSync(join(tmpdir(), 'tickwise-test-'));
  // A second server on the same database (several instances) passes DATABASE_URL itself.
  const database: TestDatabase | null =
    testDialect === 'postgres' && !env.DATABASE_URL ? await createDatabase(inject('postgresUrl')) : null;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    PORT: '0',
    DATABASE_PATH: join(dir, 'test.db'),
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    // Tests that do not care about status probes never see them; status tests run rounds on demand.
    STATUS_PROBE_INTERVAL_MS: '0',
    // Wall time on a machine running the whole suite is no measure of the database: a stalled round trip (526 ms
    // once, with every other probe as slow) must not turn a test's status 'limited'. The threshold's own test sets it.
    STATUS_DATABASE_SLOW_MS: '10000',
    ...(database ? { DATABASE_URL: database.url } : {}),
    ...env,
  });
  const deps = await createDeps(config, { log: pino({ level: 'silent' }), ...overrides });
  const app = await buildApp(deps, { clientDir: clientDir ?? join(dir, 'no-client') });
  await app.http.listen({ port: 0, host: listenHost });
  const address = app.http.server.address();
  if (!address || typeof address === 'string') throw new Error('server did not bind');
  const origin = `http://127.0.0.1:${address.port}`;
  return {
    url: origin,
    origin,
    deps,
    app,
    async close() {
      await app.http.close();
      await closeDeps(deps);
      await database?.drop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The settings another process (the operator's `npm run user`) needs to reach this server's database. */
export function databaseEnv(server: TestServer): Record<string, string> {
  const { DATABASE_PATH, DATABASE_URL, APP_SECRET } = server.deps.config;
  return { DATABASE_PATH, ...(DATABASE_URL ? { DATABASE_URL } : {}), ...(APP_SECRET ? { APP_SECRET } : {}) };
}

/**
 * Runs one statement on a connection of its own, as another process would (an operator's script, a second server).
 * `sqliteText` uses ? placeholders, `postgresText` $1, $2…; the engines spell some values differently (0 / false).
 */
export async function writeFromElsewhere(
  server: TestServer,
  statement: { sqlite: string; postgres: string },
  params: unknown[],
): Promise<void> {
  const { DATABASE_URL, DATABASE_PATH } = server.deps.config;
  if (!DATABASE_URL) {
    const other = new Database(DATABASE_PATH);
    try {
      other.prepare(statement.sqlite).run(...params);
    } finally {
      other.close();
    }
    return;
  }
  const client = new pg.Client({ connectionString: DATABASE_URL });
  await client.connect();
  try {
    await client.query(statement.postgres, params);
  } finally {
    await client.end();
  }
}
