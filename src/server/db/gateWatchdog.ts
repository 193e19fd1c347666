/**
 * Tests only: the transaction gate's watchdog (transactionGate.ts). A statement that one SQLite transaction keeps
 * waiting for `afterMs` fails with a GateWaitTimeout naming where it was built and where the transaction was opened,
 * so the one way to hang SQLite (the outer handle inside the transaction's callback, issue 29 §4) fails a test
 * instead of hanging it. Production opens the gate without one: no timers, no stacks.
 */
export interface GateWatchdog {
  /** How long one transaction may keep a statement waiting before the statement fails. */
  afterMs: number;
  /** Told about every statement the watchdog fails (tests: stderr, so the reason shows even with silent logs). */
  report(error: GateWaitTimeout): void;
}

/**
 * The query builders of the shared handle: a statement starts with one of these. An `await` of drizzle's query
 * reaches the driver through a `then` called from the microtask queue, which loses the caller's stack, so the call
 * site is taken when the statement is built instead.
 */
const STATEMENT_STARTS = new Set<PropertyKey>([
  'select',
  'selectDistinct',
  'insert',
  'update',
  'delete',
  'with',
  'query',
  '$count',
  'run',
  'all',
  'get',
  'values',
  'transaction',
]);

/**
 * The shared handle, noting the call site of every statement built while a transaction holds the gate (`note`): the
 * statements the watchdog may have to name. Costs a property check per statement, and a stack only while held.
 */
export function notingCallSites<T extends object>(db: T, held: () => boolean, note: (site: Error) => void): T {
  return new Proxy(db, {
    get(target, property, receiver) {
      if (held() && STATEMENT_STARTS.has(property)) note(new Error('statement built'));
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
}

/** A statement failed by the watchdog; its message names where it was built and where the transaction began. */
export class GateWaitTimeout extends Error {
  /** The first frame of our own code that built a waiting statement ("file:line:column"), or null when unknown. */
  readonly waitingSite: string | null;

  constructor(afterMs: number, builtWhileHeld: readonly Error[], heldFrom: Error | null) {
    const sites = [...new Set(builtWhileHeld.map(ownFrame).filter((site) => site !== null))];
    const heldSite = heldFrom ? ownFrame(heldFrom) : null;
    super(
      `A statement waited more than ${afterMs} ms on the SQLite transaction gate` +
        (sites.length > 0 ? `, built at ${sites.slice(0, 3).join(' or ')}` : '') +
        (heldSite ? `, for the transaction opened at ${heldSite}` : '') +
        '. Inside `transaction(async (tx) => …)` every statement must use `tx`: a statement on the outer handle ' +
        'waits for the transaction, which waits for it.' +
        (heldFrom?.stack ? `\nTransaction: ${heldFrom.stack}` : ''),
    );
    this.name = 'GateWaitTimeout';
    this.waitingSite = sites[0] ?? null;
  }
}

/** Stack frames of the database layer and of libraries say nothing about who waited: skip them. */
const NOT_A_CALL_SITE = /node_modules|node:internal|[\\/]db[\\/](sqlite|gateWatchdog|transactionGate|transactions)\.ts/;

function ownFrame(error: Error): string | null {
  const frame = (error.stack ?? '')
    .split('\n')
    .slice(1)
    .find((line) => !NOT_A_CALL_SITE.test(line));
  if (!frame) return null;
  const place = /\(([^()]+:\d+:\d+)\)\s*$/.exec(frame) ?? /at (?:async )?(\S+:\d+:\d+)\s*$/.exec(frame);
  return place ? place[1] : frame.trim();
}
