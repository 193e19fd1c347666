/**
 * Publish/subscribe between the parts of the server: the wake-up for real-time delivery, never the record
 * (the database is the source of truth). In-process today; a Redis-backed bus with the same interface lets
 * Tickwise run as several processes.
 */

/** Every topic and what its events carry. Add a topic here before publishing on it. */
export interface BusTopics {
  /** A direct message was stored; subscribers read it from the database. */
  'message.created': { messageId: number; senderId: string; receiverId: string };
  /** Friend requests or friendships of these users changed (sent, accepted, rejected): their lists are stale. */
  'friends.changed': { userIds: string[] };
  /** A session ended (logout, password change elsewhere, expiry): sockets riding it must close. */
  'session.ended': { sessionId: string; userId: string };
  /** Every session of a user ended (ban), except `keepSessionId` when set (password change). */
  'user.sessionsEnded': { userId: string; keepSessionId?: string };
  /** Status probe round trip. */
  'status.ping': { nonce: string };
}

export type BusTopic = keyof BusTopics;
export type BusListener<T extends BusTopic> = (event: BusTopics[T]) => void;

export interface Bus {
  publish<T extends BusTopic>(topic: T, event: BusTopics[T]): void;
  /** Returns the unsubscribe. */
  subscribe<T extends BusTopic>(topic: T, listener: BusListener<T>): () => void;
  close(): void;
}

/**
 * Delivery is synchronous and in order within a topic; one failing listener neither stops the others
 * nor reaches the publisher.
 */
export function createInProcessBus(onListenerError: (error: unknown, topic: BusTopic) => void = () => {}): Bus {
  const listeners = new Map<BusTopic, Set<(event: unknown) => void>>();
  return {
    publish(topic, event) {
      for (const listener of listeners.get(topic) ?? []) {
        try {
          listener(event);
        } catch (error) {
          onListenerError(error, topic);
        }
      }
    },
    subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) listeners.set(topic, (set = new Set()));
      const entry = listener as (event: unknown) => void;
      set.add(entry);
      return () => void set.delete(entry);
    },
    close() {
      listeners.clear();
    },
  };
}
