import type { Bus } from '../../realtime/bus';
import { UserWakeups, type WakeupFilter } from '../../realtime/userWakeups';

/**
 * Per-user wake-ups for the social hub's live feeds: new messages (the receiver's, and the sender's own for a feed
 * that shows them) and changes to the friends list. Built on UserWakeups, so it shares its guarantee: a wake-up
 * carries no data and the feed reads what is new from the database, each message exactly once and in order.
 */

export interface Wakeup {
  /** What happened since the last take(), cleared by reading it. */
  take(): { messages: boolean; friends: boolean };
  /** Resolves at the next wake-up (at once if one came since the last take) or when `signal` aborts. */
  next(signal: AbortSignal): Promise<void>;
  close(): void;
}

export class SocialWakeups {
  private readonly wakeups: UserWakeups;

  constructor(bus: Bus) {
    this.wakeups = new UserWakeups(bus, ['message.created', 'friends.changed'], (event) =>
      'userIds' in event ? event.userIds : 'senderId' in event ? [event.receiverId, event.senderId] : [],
    );
  }

  /**
   * Starts listening for the user; call before reading the database, so nothing stored after the read is missed.
   * `sent`: wake up for the user's own messages too (a feed of received messages only need not read then).
   */
  listen(userId: string, { sent }: { sent: boolean }): Wakeup {
    const ownSendsToo: WakeupFilter = () => true;
    const receivedOnly: WakeupFilter = (topic, event) =>
      topic !== 'message.created' || !('senderId' in event) || event.senderId !== userId;
    const wakeup = this.wakeups.listen(userId, sent ? ownSendsToo : receivedOnly);
    return {
      take() {
        const woken = wakeup.take();
        return { messages: woken.has('message.created'), friends: woken.has('friends.changed') };
      },
      next: (signal) => wakeup.next(signal),
      close: () => wakeup.close(),
    };
  }

  /** Open feeds, for tests and metrics. */
  get size(): number {
    return this.wakeups.size;
  }

  /** Stops listening to the bus (closeDeps); open feeds then wait for their own signal. */
  close(): void {
    this.wakeups.close();
  }
}
