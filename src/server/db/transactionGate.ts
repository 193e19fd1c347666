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
 * would wait for the transaction it is part of).
 */
export class TransactionGate {
  private held = false;
  private released: Promise<void> = Promise.resolve();

  /**
   * Null when the caller may run a statement right now (synchronously, before anything else can take the gate);
   * otherwise a promise to await before asking again.
   */
  blocker(): Promise<void> | null {
    return this.held ? this.released : null;
  }

  /** Runs `work` holding the gate; only the statements `work` runs through its transaction's handle pass meanwhile. */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    for (let wait = this.blocker(); wait; wait = this.blocker()) await wait;
    // Taken in the same synchronous step as the check above, so two waiters never both get it.
    let release!: () => void;
    this.held = true;
    this.released = new Promise<void>((resolve) => (release = resolve));
    try {
      return await work();
    } finally {
      this.held = false;
      release();
    }
  }
}
