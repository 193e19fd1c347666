import { NodePgSession, NodePgTransaction, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import type { TablesRelationalConfig } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';

/** drizzle's dialect object keeps only its column-name casing rule (none here): one serves every statement. */
export const pgDialect = new PgDialect();

/** The pool's database, as drizzle() over a pool returns it. */
export type PgPoolDb = NodePgDatabase<Record<string, unknown>> & { $client: pg.Pool };

/**
 * The SQL that takes each key's transaction-scoped advisory lock, once each and in sorted order: two transactions
 * taking the same keys then never wait on each other crosswise (a deadlock).
 */
function advisoryLocksSql(keys: readonly string[]): string {
  return [...new Set(keys)]
    .sort()
    .map((key) => `pg_advisory_xact_lock(hashtextextended(${pg.escapeLiteral(key)}, 0))`)
    .join(', ');
}

/**
 * A PostgreSQL transaction on a connection of `db`'s pool that starts holding the advisory locks of `keys`, as
 * drizzle's `db.transaction` runs one (its transaction object, so savepoints and every builder work as usual), except
 * that BEGIN and the locks go to the server in one message: one round trip where drizzle's BEGIN and a SELECT of the
 * locks took two, on every write that decides under a lock (issue 29 §2: a direct message's send was seven round
 * trips). A message of several statements is PostgreSQL's simple protocol, which takes no parameters, so the keys go
 * in as literals quoted by node-postgres' `escapeLiteral` (quotes doubled; with a backslash, an E'' string with it
 * doubled); the lock is the same `hashtextextended` of the same text as before, so instances of either version
 * exclude each other.
 */
export async function lockedPgTransaction<T>(
  db: PgPoolDb,
  keys: readonly string[],
  work: (tx: NodePgTransaction<Record<string, unknown>, TablesRelationalConfig>) => Promise<T>,
): Promise<T> {
  const schema = db._.schema && {
    fullSchema: db._.fullSchema,
    schema: db._.schema,
    tableNamesMap: db._.tableNamesMap,
  };
  return inPooledTransaction(db, async (client) => {
    const tx = new NodePgTransaction(pgDialect, new NodePgSession(client, pgDialect, schema), schema);
    await client.query(`begin; select ${advisoryLocksSql(keys)}`);
    const result = await work(tx);
    await client.query('commit');
    return result;
  });
}

/**
 * One statement (written out with its values as literals: pgLiterals.ts) run in a transaction that first takes the
 * advisory locks of `keys`, all in one message: BEGIN, the locks, the statement and COMMIT cost one round trip (issue
 * 29 §2: a direct message's send was five round trips inside the locks). Resolves to the statement's rows. PostgreSQL
 * runs the statements of a message one after another, each with a snapshot taken when it starts, so the statement
 * reads what was committed before its locks were granted. An error stops the message inside the transaction, which
 * is then rolled back (a connection that cannot roll back leaves the pool).
 */
export async function lockedPgStatement(
  db: PgPoolDb,
  keys: readonly string[],
  statement: string,
): Promise<Array<Record<string, unknown>>> {
  return inPooledTransaction(db, async (client) => {
    // node-postgres answers a message of several statements with one result each: begin, the locks, ours, commit.
    const locks = keys.length > 0 ? [`select ${advisoryLocksSql(keys)}`] : [];
    const results = (await client.query(
      ['begin', ...locks, statement, 'commit'].join('; '),
    )) as unknown as pg.QueryResult[];
    return results[locks.length + 1].rows as Array<Record<string, unknown>>;
  });
}

/**
 * Runs `run` on a connection of the pool that it opens and commits a transaction on. If `run` fails, the transaction
 * is rolled back and the failure is the one answered with; a connection that cannot even roll back leaves the pool.
 */
async function inPooledTransaction<T>(db: PgPoolDb, run: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.$client.connect();
  let unusable: Error | undefined;
  try {
    return await run(client);
  } catch (error) {
    await client.query('rollback').catch((rollbackError: Error) => (unusable = rollbackError));
    throw error;
  } finally {
    client.release(unusable);
  }
}
