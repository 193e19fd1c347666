import type { Bus } from '../../realtime/bus';

/**
 * Per-user wake-ups for the social hub's live feeds, fed by the bus. One bus subscription per topic serves every
 * open feed of the process (a feed is woken only for its own user, not for every message). A wake-up carries no
 * data: the feed reads what is new from the database, which is the record; so a wake-up that arrives twice, late or
 * for several messages at once still delivers each message exactly once and in order.
 */

export interface Wakeup {
  /** What happened since the last take(), cleared by reading it. */
  take(): { messages: boolean; friends: boolean };
  /** Resolves at the next wake-up (at once if one came since the last take) or when `signal` aborts. */
  next(signal: AbortSignal): Promise<void>;
  close(): void;
}

class WakeupEntry implements Wakeup {
  messages = false;
  friends = false;
  private waiting: (() => void) | null = null;

  constructor(
    /** Woken by the user's own sends too (a feed that shows them). */
    readonly sent: boolean,
    private readonly remove: (entry: WakeupEntry) => void,
  ) {}

  wake(kind: 'messages' | 'friends'): void {
    this[kind] = true;
    const resolve = this.waiting;
    this.waiting = null;
    resolve?.();
  }

  take() {
    const taken = { messages: this.messages, friends: this.friends };
    this.messages = false;
    this.friends = false;
    return taken;
  }

  next(signal: AbortSignal): Promise<void> {
    if (this.messages || this.friends || signal.aborted) return Promise.resolve();
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

export class SocialWakeups {
  private readonly byUser = new Map<string, Set<WakeupEntry>>();

  private readonly unsubscribe: (() => void)[];

  constructor(bus: Bus) {
    this.unsubscribe = [
      bus.subscribe('message.created', ({ senderId, receiverId }) => {
        this.wake(receiverId, 'messages');
        this.wake(senderId, 'messages', (entry) => entry.sent);
      }),
      bus.subscribe('friends.changed', ({ userIds }) => {
        for (const userId of userIds) this.wake(userId, 'friends');
      }),
    ];
  }

  /** Stops listening to the bus (closeDeps); open feeds then wait for their own signal. */
  close(): void {
    for (const stop of this.unsubscribe) stop();
  }

  /**
   * Starts listening for the user; call before reading the database, so nothing stored after the read is missed.
   * `sent`: wake up for the user's own messages too (a feed of received messages only need not read then).
   */
  listen(userId: string, { sent }: { sent: boolean }): Wakeup {
    const entry = new WakeupEntry(sent, (e) => {
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

  private wake(userId: string, kind: 'messages' | 'friends', wanted = (_: WakeupEntry) => true): void {
    for (const entry of this.byUser.get(userId) ?? []) if (wanted(entry)) entry.wake(kind);
  }
}
