import pg from 'pg';
import { queueQueries } from './oneQueryAtATime';

/**
 * PostgreSQL's LISTEN/NOTIFY as a plain channel: what the realtime bus needs to wake every instance, without the bus
 * knowing it talks to PostgreSQL. Payloads are small JSON texts (PostgreSQL refuses more than 8,000 bytes).
 */
export interface NotificationChannel {
  /** Resolves once this instance listens (so nothing sent after start-up is missed). */
  readonly ready: Promise<void>;
  /** Sends `payload` to every listener on every instance (this one included). */
  notify(payload: string): Promise<void>;
  /** Called with each payload received; returns the unsubscribe. */
  listen(onPayload: (payload: string) => void): () => void;
  close(): Promise<void>;
}

/** PostgreSQL's own limit on a NOTIFY payload is 8,000 bytes; the bus carries ids only, far below it. */
export const MAX_NOTIFY_BYTES = 7_900;
const CHANNEL = 'tickwise_bus';
/** After a lost listening connection, try again this soon, then back off up to the maximum. */
const RECONNECT_MIN_MS = 100;
const RECONNECT_MAX_MS = 5_000;

/**
 * One dedicated connection LISTENs (a pooled one would be handed to other queries) and sends the NOTIFYs too;
 * the pool stands in while it reconnects.
 * A notification sent while the listening connection is down is lost: the database stays the record, and clients
 * catch up from it when they resume (see realtime/bus.ts).
 */
export function openNotificationChannel(
  pool: pg.Pool,
  url: string,
  onProblem: (error: unknown) => void,
): NotificationChannel {
  const listeners = new Set<(payload: string) => void>();
  let client: pg.Client | null = null;
  let closed = false;
  let delay = RECONNECT_MIN_MS;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    // NOTIFYs on the listening connection go one after another (oneQueryAtATime.ts): bursts (a notification per
    // message sent) would otherwise hand it a query while one runs.
    const next = queueQueries(new pg.Client({ connectionString: url }));
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || message.payload === undefined) return;
      for (const listener of listeners) listener(message.payload);
    });
    next.on('error', (error) => {
      onProblem(error);
      reconnectSoon(next);
    });
    next.on('end', () => reconnectSoon(next));
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) return void (await next.end());
      client = next;
      delay = RECONNECT_MIN_MS;
    } catch (error) {
      onProblem(error);
      reconnectSoon(next);
    }
  };
  const reconnectSoon = (failed: pg.Client) => {
    if (closed || retry || (client !== null && client !== failed)) return;
    client = null;
    failed.end().catch(() => {});
    retry = setTimeout(() => {
      retry = null;
      void connect();
    }, delay);
    retry.unref();
    delay = Math.min(RECONNECT_MAX_MS, delay * 2);
  };
  const ready = connect();

  return {
    ready,
    async notify(payload) {
      if (Buffer.byteLength(payload) > MAX_NOTIFY_BYTES) throw new Error('notification payload too large');
      // On the listening connection when it is up: it is idle between notifications, while the pool may be busy with
      // writes, and a wake-up must not queue behind them.
      const listening = client;
      if (!listening) return void (await pool.query('select pg_notify($1, $2)', [CHANNEL, payload]));
      await listening.query('select pg_notify($1, $2)', [CHANNEL, payload]);
    },
    listen(onPayload) {
      listeners.add(onPayload);
      return () => void listeners.delete(onPayload);
    },
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      await ready;
      listeners.clear();
      await client?.end().catch(() => {});
      client = null;
    },
  };
}
