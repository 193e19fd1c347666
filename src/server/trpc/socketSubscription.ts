import type { SocketConnection } from '../realtime/socketConnection';
import type { Context } from './context';
import { appError } from '../errors/appError';

export const SUBSCRIPTIONS_NEED_WEBSOCKET_MESSAGE = 'Subscriptions are served over the websocket at /trpc only';

export interface SocketSubscriptionOptions {
  /** The procedure's path, for the per-procedure gauge (e.g. 'stocks.live'). */
  procedure: string;
  /** tRPC's signal for this subscription (the client stopped it or the socket closed). */
  signal: AbortSignal | undefined;
  /** Market symbols it watches, counted against the connection's distinct-symbol cap. */
  symbols?: readonly string[];
  /** At most this many subscriptions of this procedure per connection (see SubscriptionBudget.acquire). */
  perProcedure?: { max: number; message: string };
}

/**
 * The one way to start a subscription. It must run over a registered websocket; it takes a slot from the
 * connection's caps (refused with TOO_MANY_REQUESTS past them, before any work starts) and gives it back when the
 * stream ends. The stream's signal aborts when the client stops it, the socket closes, or, for a signed-in caller,
 * the socket's session ends or its user is banned: a subscription never outlives the session it was opened with.
 */
export function socketSubscription<T>(
  ctx: Context,
  options: SocketSubscriptionOptions,
  /** Gets the stream's signal and the connection it runs on (e.g. to count a refusal of its own against it). */
  stream: (signal: AbortSignal, connection: SocketConnection) => AsyncIterable<T>,
): AsyncGenerator<T> {
  const connection = ctx.connection;
  if (!connection) throw appError('METHOD_NOT_SUPPORTED', SUBSCRIPTIONS_NEED_WEBSOCKET_MESSAGE);
  const lease = connection.subscriptions.acquire(options.procedure, options.symbols, options.perProcedure);
  const signals = [options.signal ?? new AbortController().signal];
  if (ctx.user) signals.push(connection.sessionEndedSignal);
  const signal = AbortSignal.any(signals);
  return (async function* leased() {
    try {
      yield* stream(signal, connection);
    } finally {
      lease.release();
    }
  })();
}
