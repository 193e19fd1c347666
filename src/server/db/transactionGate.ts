import { GateWaitTimeout, type GateWatchdog } from './gateWatchdog';

/**
 * SQLite has one connection per process, so an open transaction is the connection's state: a statement that another
 * request runs while a transaction awaits would land inside it (and be rolled back with it). The gate keeps that from
 * happening. A transaction holds the gate from BEGIN to COMMIT and runs its statements through its own handle, which
 * does not ask the gate; every statement on the shared handle waits until the gate is free. Transactions queue one
 * after another, which is what SQLite does with writers anyway.
 *
 * Why not track the transaction through AsyncLocalStorage: on Node 20 it installs a hook on every promise the process
 * makes, which made every await in the server about 2.8 times slower (`bench/` figures, decision 013). The price is
 * a rule the services already follow: inside `transaction(async (tx) => …)` use `tx`, never the outer handle (which
 * would wait for the transaction it is part of). The lint rule eslint-rules/noOuterDbInTransaction.js refuses the
 * visible cases; in tests, the watchdog (gateWatchdog.ts) turns the rest into a failed test instead of a hung one.
 */
export class TransactionGate {
  private held = false;
  private released: Promise<void> = Promise.resolve();
  /** Watchdog only: where the running transaction was opened, and statements built on the shared handle since. */
  private heldFrom: Error | null = null;
  private builtWhileHeld: Error[] = [];

  constructor(private readonly watchdog: GateWatchdog | null = null) {}

  /** True from BEGIN to COMMIT. */
  isHeld(): boolean {
    return this.held;
  }

  /**
   * Null when the caller may run a statement right now (synchronously, before anything else can take the gate);
   * otherwise a promise to await before asking again. With a watchdog, that promise rejects with a GateWaitTimeout
   * once the same transaction has kept the caller waiting `afterMs`.
   */
  blocker(): Promise<void> | null {
    if (!this.held) return null;
    return this.watchdog ? this.watched(this.watchdog) : this.released;
  }

  /** Watchdog only: a statement built on the shared handle while held (see gateWatchdog.ts notingCallSites). */
  noteStatement(site: Error): void {
    // A few are enough to name the culprit; a busy test must not grow this without bound.
    if (this.builtWhileHeld.length < 20) this.builtWhileHeld.push(site);
  }

  /** Runs `work` holding the gate; only the statements `work` runs through its transaction's handle pass meanwhile. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    for (let wait = this.blocker(); wait; wait = this.blocker()) await wait;
    // Taken in the same synchronous step as the check above, so two waiters never both get it.
    let release!: () => void;
    this.held = true;
    this.released = new Promise<void>((resolve) => (release = resolve));
    if (this.watchdog) this.heldFrom = new Error('transaction opened');
    try {
      return await work();
    } finally {
      this.held = false;
      this.heldFrom = null;
      this.builtWhileHeld = [];
      release();
    }
  }

  /**
   * The wait for the current transaction, bounded. A transaction that keeps one statement waiting this long is, in a
   * test, almost always waiting for that statement itself: the outer handle used inside the transaction's callback.
   */
  private watched(watchdog: GateWatchdog): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        const error = new GateWaitTimeout(watchdog.afterMs, this.builtWhileHeld, this.heldFrom);
        watchdog.report(error);
        reject(error);
      }, watchdog.afterMs);
      void this.released.then(() => {
        clearTimeout(timer);
        resolve();
      });
    });
  }
}
