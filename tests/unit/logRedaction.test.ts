import { TRPCError } from '@trpc/server';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/client';
import { sessions } from '../../src/server/db/sqliteSchema';
import { capturingLogger } from '../helpers/capturingLogger';

/**
 * Issue 26 item 5: a failed query's values (a session id, during the PostgreSQL outage) reached the log through
 * drizzle's error message, its stack, its `params` field and the tRPC error wrapped around it. Whatever key an error is
 * logged under, the server's logger writes the query but not its values.
 */

const SECRET = 'mhbnkdsmverg4wthg7ush7tecdjtjzdtuahelyto';

/** A real failed query: the server's own SQLite layer, asked for a session after the table went away. */
async function failedSqliteQuery(): Promise<Error> {
  const handle = openSqlite(':memory:');
  try {
    handle.sqlite.exec('drop table sessions');
    await handle.db.select().from(sessions).where(eq(sessions.id, SECRET));
  } catch (error) {
    return error as Error;
  } finally {
    await handle.close();
  }
  throw new Error('the query did not fail');
}

/** What node-postgres raises for a duplicate key: the value sits in `detail`. */
function duplicateKey(): Error {
  const error = new pg.DatabaseError('duplicate key value violates unique constraint "sessions_pkey"', 0, 'error');
  return Object.assign(error, { code: '23505', table: 'sessions', detail: `Key (id)=(${SECRET}) already exists.` });
}

function logged(write: (log: ReturnType<typeof capturingLogger>['log']) => void): string {
  const { lines, log } = capturingLogger('info');
  write(log);
  expect(lines).toHaveLength(1);
  return JSON.stringify(lines[0]);
}

describe('the server logger', () => {
  it('writes a failed query without its values, under err, as a lone argument, or wrapped by tRPC', async () => {
    const failed = await failedSqliteQuery();
    expect(failed.message).toContain(SECRET);
    const wrapped = new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failed });
    expect(wrapped.message).toContain(SECRET);

    for (const line of [
      logged((log) => log.error({ err: failed }, 'REST call failed')),
      logged((log) => log.error({ err: wrapped, path: 'auth.user' }, 'tRPC call failed')),
      logged((log) => log.warn(failed)),
      logged((log) => log.warn({ error: failed, tries: [failed] }, 'retrying')),
    ]) {
      expect(line).not.toContain(SECRET);
      expect(line).toContain('from \\"sessions\\" where');
      expect(line).toContain('params: [redacted]');
    }
  });

  it('keeps what explains the failure: the error types, codes, the cause and the stack frames', async () => {
    const failed = await failedSqliteQuery();
    const line = JSON.parse(
      logged((log) => log.error({ err: new TRPCError({ code: 'INTERNAL_SERVER_ERROR', cause: failed }) }, 'x')),
    );
    expect(line.err).toMatchObject({
      type: 'TRPCError',
      code: 'INTERNAL_SERVER_ERROR',
      cause: {
        type: 'DrizzleQueryError',
        params: '[redacted]',
        cause: { code: 'SQLITE_ERROR', message: 'no such table: sessions' },
      },
    });
    expect(line.err.stack).toMatch(/^TRPCError: Failed query: .*\nparams: \[redacted\]\n\s+at /);
  });

  it("drops PostgreSQL's detail and the value of an input it could not read", () => {
    const duplicate = logged((log) => log.error({ err: duplicateKey() }, 'insert failed'));
    expect(duplicate).not.toContain(SECRET);
    expect(duplicate).toContain('sessions_pkey');
    expect(duplicate).toContain('"code":"23505"');

    const unreadable = new pg.DatabaseError(`invalid input syntax for type integer: "${SECRET}"`, 0, 'error');
    const line = logged((log) => log.error({ err: unreadable }, 'select failed'));
    expect(line).not.toContain(SECRET);
    expect(line).toContain('invalid input syntax for type integer: \\"[redacted]\\"');
  });

  it('leaves ordinary lines as they were', () => {
    const line = JSON.parse(logged((log) => log.info({ path: '/api/x', status: 200, nested: { ms: 3 } }, 'request')));
    expect(line).toMatchObject({ path: '/api/x', status: 200, nested: { ms: 3 }, msg: 'request' });
  });
});
