import type { Bus } from '../../realtime/bus';

/**
 * Wake-ups for the live rows of a list when it changes (renamed, deleted, symbols added, removed or reordered), on
 * this instance or another: one bus subscription for every open stream of the process. A wake-up carries no data;
 * the stream reads the list again from the database, the record.
 */
export class WatchlistChanges {
  private readonly byList = new Map<string, Set<() => void>>();
  private readonly unsubscribe: () => void;

  constructor(private readonly bus: Bus) {
    this.unsubscribe = bus.subscribe('watchlist.changed', ({ watchlistId }) => {
      for (const wake of this.byList.get(watchlistId) ?? []) wake();
    });
  }

  /** Tells every stream of the list, here and on the other instances, to read it again. */
  changed(userId: string, watchlistId: string): void {
    this.bus.publish('watchlist.changed', { userId, watchlistId });
  }

  /** Calls `wake` on every change of the list until the returned function is called. */
  listen(watchlistId: string, wake: () => void): () => void {
    let set = this.byList.get(watchlistId);
    if (!set) this.byList.set(watchlistId, (set = new Set()));
    set.add(wake);
    return () => {
      set.delete(wake);
      if (set.size === 0) this.byList.delete(watchlistId);
    };
  }

  /** Open streams (tests). */
  get size(): number {
    let n = 0;
    for (const set of this.byList.values()) n += set.size;
    return n;
  }

  close(): void {
    this.unsubscribe();
    this.byList.clear();
  }
}
