import type { Db } from './database';

/** What drizzle's select builders have on either engine: `.prepare()` (PostgreSQL's takes the statement's name). */
interface Preparable<P> {
  prepare(): P;
}

/**
 * A hot read built once per database handle and then only executed with its values (placeholders made with
 * `sql.placeholder('name')`): a request no longer rebuilds its SQL through drizzle's builders (a quarter of a signed-in
 * read's CPU, issue 29). Prepared per handle: the server's own, a transaction's `tx` (a statement prepared on the
 * outer handle would wait on SQLite's transaction gate from inside the transaction), a test's. On PostgreSQL the
 * statement is named, so each pooled connection parses and plans it once; on SQLite the driver keeps one compiled
 * statement per SQL text (sqlite.ts). The services call the returned function and never learn which engine runs it.
 *
 * `name` must be unique in the process and stand for one query (PostgreSQL refuses a name reused for other text).
 */
export function preparedQuery<P>(name: string, build: (db: Db) => Preparable<P>): (db: Db) => P {
  const statementName = `tw_${name}`;
  const byHandle = new WeakMap<Db, P>();
  return (db) => {
    let prepared = byHandle.get(db);
    if (prepared === undefined) {
      const query = build(db);
      // SQLite's builders ignore the argument; PostgreSQL's name the server-side statement with it.
      prepared = (query.prepare as (this: Preparable<P>, name: string) => P).call(query, statementName);
      byHandle.set(db, prepared);
    }
    return prepared;
  };
}
