import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/client';
import type { DbHandle } from '../../src/server/db/database';
import { createDatabase, type TestDatabase } from '../helpers/postgres';

/**
 * Issue 29 §3: DATABASE_POOL_SIZE bounds the PostgreSQL connections one instance opens for its queries (10 when
 * unset, as before the setting existed). Twelve slow queries at once: the pool opens as many connections as it may
 * and queues the rest.
 */
let database: TestDatabase;
const handles: DbHandle[] = [];

beforeAll(async () => {
  database = await createDatabase(inject('postgresUrl'));
});
afterAll(async () => {
  for (const handle of handles) await handle.close();
  await database?.drop();
});

async function connectionsUnderLoad(env: Record<string, string>): Promise<number> {
  const config = loadConfig({
    DATABASE_URL: database.url,
    APP_SECRET: 'pool-size-test-secret-pool-size-test-0',
    ...env,
  });
  const handle = await openDatabase(config);
  handles.push(handle);
  let most = 0;
  await Promise.all(
    Array.from({ length: 12 }, async () => {
      await handle.pool!.query('select pg_sleep(0.2)');
      most = Math.max(most, handle.pool!.totalCount);
    }),
  );
  return Math.max(most, handle.pool!.totalCount);
}

describe('DATABASE_POOL_SIZE', () => {
  it('opens at most that many connections for queries', async () => {
    expect(await connectionsUnderLoad({ DATABASE_POOL_SIZE: '3' })).toBe(3);
  });

  it('keeps 10 when unset', async () => {
    expect(await connectionsUnderLoad({})).toBe(10);
  });
});
