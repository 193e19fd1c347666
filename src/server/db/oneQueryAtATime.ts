import { EventEmitter } from 'node:events';
import type pg from 'pg';

/**
 * A PostgreSQL connection runs one query at a time. Handed a second while one runs, node-postgres queues it and warns
 * "Calling client.query() when the client is already executing a query is deprecated" (pg 9 drops the queue), and in
 * a transaction the order the queries then run in is whatever the promises happened to start in. Every connection
 * the server holds goes through one of these two guards (db/postgres.ts), so neither can happen:
 * - `refuseOverlap` on the pool's connections: a connection is checked out for one query or one transaction, so an
 *   overlap is a bug (a `Promise.all` over a transaction's queries): it throws at once, naming the fix.
 * - `queueQueries` on the connections shared by callers who do not know of each other (the LISTEN/NOTIFY connection,
 *   the leadership connection): each query waits for the one before it.
 */

export const OVERLAP_MESSAGE =
  'Two queries at once on one PostgreSQL connection (a Promise.all over a transaction’s queries?): await them one after another';

type Query = (...args: unknown[]) => unknown;

/** Calls `done` once the query `run()` started has finished, whichever of pg's three styles it used. */
function whenFinished(args: unknown[], run: (args: unknown[]) => unknown, done: () => void): unknown {
  const last = args.at(-1);
  if (typeof last === 'function') {
    const withDone = [...args.slice(0, -1), (...result: unknown[]) => (done(), (last as Query)(...result))];
    return run(withDone);
  }
  let result: unknown;
  try {
    result = run(args);
  } catch (error) {
    done();
    throw error;
  }
  if (result instanceof Promise) void result.then(done, done);
  else if (result instanceof EventEmitter) result.once('end', done).once('error', done);
  else done();
  return result;
}

/**
 * Runs the queries handed to `client` one after another. With `refuse`, a query handed over while another runs is
 * refused (thrown) instead: the first such query in each checkout (the pool's 'release' calls `resetRefusal`); what comes
 * after it waits its turn, so the rollback the refusal causes runs once the query in flight is done, and the
 * connection goes back to the pool clean.
 */
function guard<C extends pg.ClientBase>(client: C, refuse: boolean): C & { resetRefusal(): void } {
  const query = client.query.bind(client) as Query;
  const run = (args: unknown[]) => query(...args);
  /** Queries started or waiting here; the last one's end, which the next waits for. */
  let busy = 0;
  let last: Promise<void> = Promise.resolve();
  let refused = false;
  return Object.assign(client, {
    query(...args: unknown[]) {
      if (busy > 0 && refuse && !refused) {
        refused = true;
        throw new Error(OVERLAP_MESSAGE);
      }
      if (busy > 0 && typeof args.at(-1) === 'function') throw new Error('queued queries are promise-style only');
      let end!: () => void;
      const ended = new Promise<void>((resolve) => (end = resolve));
      const done = () => {
        busy--;
        end();
      };
      const before = last;
      last = ended;
      if (busy++ === 0) return whenFinished(args, run, done);
      return before.then(() => whenFinished(args, run, done));
    },
    resetRefusal() {
      refused = false;
    },
  });
}

/** The pool's connections: an overlap inside one checkout (a transaction's Promise.all) is refused. */
export function refuseOverlap<C extends pg.ClientBase>(client: C): C & { resetRefusal(): void } {
  return guard(client, true);
}

/** The connections shared by callers who do not know of each other: each query waits for the one before it. */
export function queueQueries<C extends pg.ClientBase>(client: C): C {
  return guard(client, false);
}
