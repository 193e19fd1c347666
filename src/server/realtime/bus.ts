import { randomUUID } from 'node:crypto';
import { atEndOfTurn } from '../http/endOfTurn';

/**
 * Publish/subscribe between the parts of the server: the wake-up for real-time delivery, never the record
 * (the database is the source of truth). In-process for one instance; across instances over a notification channel
 * (PostgreSQL's LISTEN/NOTIFY today; a Redis or NATS channel would plug in the same way). Events carry ids only, so
 * a lost one loses nothing: a client that resumes with its last event id reads what it missed from the database.
 */

/** Every topic and what its events carry. Add a topic here before publishing on it. */
export interface BusTopics {
  /** A direct message was stored; subscribers read it from the database. */
  'message.created': { messageId: number; senderId: string; receiverId: string };
  /** Friend requests or friendships of these users changed (sent, accepted, rejected): their lists are stale. */
  'friends.changed': { userIds: string[] };
  /**
   * A session ended (logout, password change elsewhere, expiry): sockets riding it must close. Sessions are named by
   * the SHA-256 of their id (crypto/sha256.ts `sessionIdHash`), never the id: a NOTIFY payload is readable by any
   * role that may LISTEN, and a live id would sign it in.
   */
  'session.ended': { sessionHash: string; userId: string };
  /** Every session of a user ended (ban), except the one hashed as `keepSessionHash` when set (password change). */
  'user.sessionsEnded': { userId: string; keepSessionHash?: string };
  /**
   * The operator banned this user (scripts/user.ts, another process): their sockets close at once on every instance
   * that hears it, instead of at the next session check. Their sessions stay, so the browser shows the banned screen.
   */
  'user.banned': { userId: string };
  /** A streamed agent answer recorded more of itself (chat_turns); followers on other instances read the row. */
  'chat.turnProgressed': { userId: string; requestId: string };
  /** A notification was stored for this user (modules/notifications); their live feeds read it from the database. */
  'notification.created': { userId: string; notificationId: number };
  /** Some of this user's notifications were marked read: their other tabs and devices reload the unread count. */
  'notifications.read': { userId: string };
  /** A watchlist was renamed, deleted, or its symbols or their order changed: live rows of it re-read the list. */
  'watchlist.changed': { userId: string; watchlistId: string };
  /**
   * These alerts were created, edited, deleted, fired or expired (modules/alerts): every instance reads the rows
   * again into its alert index. At most 500 ids an event (the payload stays far under NOTIFY's 8,000 bytes).
   */
  'alerts.changed': { ids: number[] };
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

/** What a shared bus needs from the channel between instances (db/notifications.ts provides PostgreSQL's). */
export interface BusChannel {
  notify(payload: string): Promise<void>;
  listen(onPayload: (payload: string) => void): () => void;
}

/** Topics whose events go out and come back before delivery, also to this instance: the probe's round trip. */
const ROUND_TRIP_TOPICS: ReadonlySet<BusTopic> = new Set(['status.ping']);

/** What goes over the channel: the events one instance published in one turn of its event loop, in order. */
interface Envelope {
  /** The publishing instance, so it does not deliver its own events twice. */
  from: string;
  events: Array<{ topic: BusTopic; event: unknown }>;
}

/**
 * Events per notification at most, by size: a payload stays under this many bytes (PostgreSQL refuses more than
 * 8,000: db/notifications.ts). An event bigger than it on its own goes alone (and the channel may refuse it).
 */
export const MAX_ENVELOPE_BYTES = 7_500;

/**
 * A bus shared by every instance: an event is delivered here at once (in order, as the in-process bus does) and
 * sent over the channel to the others, which deliver it to their own listeners.
 *
 * The events published in one turn of the event loop go out together, in one notification (as many as fit): a burst
 * (40 alerts firing on one tick, a notification each) is one NOTIFY rather than 40 sent one after another on the
 * channel's one connection, where the last waited for the 39 before it (issue 30 §3). The turn ends where the HTTP
 * answers' does (http/endOfTurn.ts), after every I/O callback of the poll phase: under load the replies of many sends arrive in one poll,
 * each in a callback of its own, and their events share one NOTIFY instead of one each (issue 29 §2).
 */
export function createSharedBus(
  channel: BusChannel,
  onError: (error: unknown, topic: string) => void = () => {},
): Bus & { drain(): Promise<void> } {
  const local = createInProcessBus(onError);
  const sending = new Set<Promise<void>>();
  const self = randomUUID();
  /** Published in this turn, not sent yet (JSON texts of { topic, event }). */
  let queued: Array<{ topic: BusTopic; text: string }> = [];
  const stopListening = channel.listen((payload) => {
    let envelope: Envelope;
    try {
      envelope = JSON.parse(payload) as Envelope;
    } catch (error) {
      return onError(error, 'unreadable notification');
    }
    if (!Array.isArray(envelope.events))
      return onError(new Error('no events in the notification'), 'unreadable notification');
    for (const { topic, event } of envelope.events) {
      if (envelope.from === self && !ROUND_TRIP_TOPICS.has(topic)) continue;
      local.publish(topic, event as never);
    }
  });
  const send = (batch: Array<{ topic: BusTopic; text: string }>) => {
    const payload = `{"from":${JSON.stringify(self)},"events":[${batch.map((item) => item.text).join(',')}]}`;
    const sent = channel.notify(payload).catch((error: unknown) => onError(error, batch[0].topic));
    sending.add(sent);
    void sent.finally(() => sending.delete(sent));
  };
  const flush = () => {
    const all = queued;
    queued = [];
    let batch: typeof all = [];
    let bytes = 0;
    for (const item of all) {
      const size = Buffer.byteLength(item.text) + 1;
      if (batch.length > 0 && bytes + size > MAX_ENVELOPE_BYTES - 64) {
        send(batch);
        batch = [];
        bytes = 0;
      }
      batch.push(item);
      bytes += size;
    }
    if (batch.length > 0) send(batch);
  };
  return {
    publish(topic, event) {
      if (!ROUND_TRIP_TOPICS.has(topic)) local.publish(topic, event);
      if (queued.length === 0) atEndOfTurn(flush);
      queued.push({ topic, text: JSON.stringify({ topic, event }) });
    },
    /** Resolves once every event published so far has been handed to the channel (a short-lived process's exit). */
    async drain() {
      if (queued.length > 0) flush();
      await Promise.all(sending);
    },
    subscribe: (topic, listener) => local.subscribe(topic, listener),
    close() {
      stopListening();
      local.close();
    },
  };
}
