import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * SQLite has one connection per process, so an open transaction is the connection's state: a statement that another
 * request runs while a transaction awaits would land inside it (and be rolled back with it). The gate keeps that from
 * happening. A transaction holds the gate from BEGIN to COMMIT; statements issued from inside it (tracked through
 * async context) pass, every other statement waits until the gate is free. Transactions queue one after another,
 * which is what SQLite does with writers anyway.
 */
export class TransactionGate {
  private readonly owner = new AsyncLocalStorage<symbol>();
  private holder: symbol | null = null;
  private released: Promise<void> = Promise.resolve();

  /**
   * Null when the caller may run a statement right now (synchronously, before anything else can take the gate);
   * otherwise a promise to await before asking again.
   */
  blocker(): Promise<void> | null {
    return this.holder !== null && this.owner.getStore() !== this.holder ? this.released : null;
  }

  /** True when the caller runs inside the open transaction. */
  inside(): boolean {
    return this.holder !== null && this.owner.getStore() === this.holder;
  }

  /**
   * Runs `work` holding the gate; everything `work` awaits runs as part of the transaction. A call from inside the
   * open transaction joins it.
   */
  async hold<T>(work: () => Promise<T>): Promise<T> {
    if (this.inside()) return work();
    for (let wait = this.blocker(); wait; wait = this.blocker()) await wait;
    // Taken in the same synchronous step as the check above, so two waiters never both get it.
    const token = Symbol('transaction');
    let release!: () => void;
    this.holder = token;
    this.released = new Promise<void>((resolve) => (release = resolve));
    try {
      return await this.owner.run(token, work);
    } finally {
      this.holder = null;
      release();
    }
  }
}
