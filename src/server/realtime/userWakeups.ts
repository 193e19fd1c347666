import type { Bus, BusTopic, BusTopics } from './bus';

/**
 * Per-user wake-ups for a live feed, fed by one bus topic: one bus subscription serves every open feed of the process,
 * and a feed is woken only for its own user. A wake-up carries no data: the feed reads what is new from the database
 * (the record), so a wake-up that arrives twice, late, or for several rows at once still delivers each row exactly
 * once and in order. The notification centre and the social hub (modules/social/wakeups.ts) both use it.
 */

export interface UserWakeup {
  /** The topics that woke it since the last take() (empty when none); cleared by reading it. */
  take(): ReadonlySet<BusTopic>;
  /** Resolves at the next wake-up (at once if one came since the last take) or when `signal` aborts. */
  next(signal: AbortSignal): Promise<void>;
  close(): void;
}

/** Which of the user's events wake this listener; every one when none is given. */
export type WakeupFilter = (topic: BusTopic, event: BusTopics[BusTopic]) => boolean;

class Entry implements UserWakeup {
  private woken = new Set<BusTopic>();
  private waiting: (() => void) | null = null;

  constructor(
    readonly wants: WakeupFilter | undefined,
    private readonly remove: (entry: Entry) => void,
  ) {}

  wake(topic: BusTopic): void {
    this.woken.add(topic);
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.();
  }

  take(): ReadonlySet<BusTopic> {
    const woken = this.woken;
    this.woken = new Set();
    return woken;
  }

  next(signal: AbortSignal): Promise<void> {
    if (this.woken.size > 0 || signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        signal.removeEventListener('abort', done);
        this.waiting = null;
        resolve();
      };
      this.waiting = done;
      signal.addEventListener('abort', done, { once: true });
    });
  }

  close(): void {
    this.remove(this);
    this.waiting?.();
  }
}

export class UserWakeups {
  private readonly byUser = new Map<string, Set<Entry>>();
  private readonly unsubscribe: () => void;

  /** `usersOf` names whose feeds an event of these topics wakes. */
  constructor(bus: Bus, topics: readonly BusTopic[], usersOf: (event: BusTopics[BusTopic]) => readonly string[]) {
    const stops = topics.map((topic) =>
      bus.subscribe(topic, (event) => {
        for (const userId of usersOf(event))
          for (const entry of this.byUser.get(userId) ?? []) if (entry.wants?.(topic, event) ?? true) entry.wake(topic);
      }),
    );
    this.unsubscribe = () => stops.forEach((stop) => stop());
  }

  /**
   * Starts listening for the user; call before reading the database, so nothing stored after the read is missed.
   * `wants` narrows what wakes this listener among the user's events.
   */
  listen(userId: string, wants?: WakeupFilter): UserWakeup {
    const entry = new Entry(wants, (e) => {
      const set = this.byUser.get(userId);
      if (set?.delete(e) && set.size === 0) this.byUser.delete(userId);
    });
    let set = this.byUser.get(userId);
    if (!set) this.byUser.set(userId, (set = new Set()));
    set.add(entry);
    return entry;
  }

  /** Open feeds, for tests and metrics. */
  get size(): number {
    let n = 0;
    for (const set of this.byUser.values()) n += set.size;
    return n;
  }

  /** Stops listening to the bus (closeDeps); open feeds then wait for their own signal. */
  close(): void {
    this.unsubscribe();
  }
}
