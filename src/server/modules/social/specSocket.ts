import type { WebSocket } from 'ws';
import type { SpecSocketServerMessage } from '../../../shared/social/types';
import type { AppDeps } from '../../depsTypes';
import { createRateLimiter } from '../../db/rateLimits';
import { SOCKET_CLOSE, type SocketConnection } from '../../realtime/socketConnection';
import { socialFeed } from './messageFeed';
import { newestMessageId } from './messageRows';

/** A `/ws` client must say who it is this soon after connecting, or it is closed (it holds an address slot). */
export const SPEC_SOCKET_AUTH_TIMEOUT_MS = 10_000;
/** Messages a `/ws` client may send per window: the protocol needs one authenticate and an occasional ping. */
const INBOUND_BUDGET = { max: 20, windowMs: 10_000 };

export const SPEC_SOCKET_MESSAGES = {
  wrongUser: 'userId does not match the signed-in user',
  notJson: 'Messages must be JSON objects with a type',
  unknownType: "Unknown message type: send { type: 'authenticate', userId }",
  badLastMessageId: 'lastMessageId must be the id of a message (a whole number of 0 or more)',
} as const;

/**
 * The spec's `/ws` socket (product.md §§4 and 7: the social hub's real-time channel). The upgrade was
 * authenticated already (only a valid, unbanned session gets here) and the registry closes the socket with
 * 4401 / 4403 when its session ends or its user is banned.
 *
 * Protocol: the client sends `{ type: 'authenticate', userId }`. The identity is the session's, never the client's
 * word: a `userId` that is not the session's user is answered `{ type: 'error' }` and the socket is closed with 4400.
 * Once authenticated, the socket receives `{ type: 'new_message', message }` for every message stored for that
 * user, first those after `lastMessageId` when the client gives it (a reconnecting client's catch-up), each at most
 * once. `{ type: 'ping' }` is answered `{ type: 'pong' }`. A socket that does not authenticate within 10 s is closed
 * (4408); one that sends more than 20 messages in 10 s is closed (4429).
 *
 * The frames come from the same feed as the tRPC subscription (messageFeed.ts `socialFeed`, scope 'received'): one
 * loop per socket that listens, catches up from the last delivered id and delivers live, so both transports deliver
 * and catch up the same way.
 */
export class SpecSocketHub {
  private readonly authenticated = new WeakSet<SocketConnection>();
  /** Inbound messages per socket: per instance on purpose, since a socket (and its flood) lives in one process. */
  private readonly inbound = createRateLimiter(
    {},
    { keyPrefix: 'ws-inbound', points: INBOUND_BUDGET.max, durationMs: INBOUND_BUDGET.windowMs, shared: false },
  );
  private socketCount = 0;

  constructor(private readonly deps: AppDeps) {}

  accept(connection: SocketConnection): void {
    const { socket } = connection;
    socket.on('error', (err) => this.deps.log.debug({ err }, '/ws socket error'));
    const timeout = setTimeout(() => {
      if (!this.authenticated.has(connection)) connection.end(SOCKET_CLOSE.notAuthenticated);
    }, SPEC_SOCKET_AUTH_TIMEOUT_MS);
    timeout.unref();
    socket.once('close', () => clearTimeout(timeout));

    const budgetKey = String(++this.socketCount);
    let flooded = false;
    // One message at a time, in the order they came: an answer never overtakes the one to an earlier message.
    let handled: Promise<void> = Promise.resolve();
    socket.on('message', (raw, isBinary) => {
      if (flooded) return;
      // Counted as it arrives (the memory limiter counts at the call), acted on in the message's turn below.
      const allowed = this.inbound.take(budgetKey);
      const message = isBinary
        ? null
        : parse(
            Buffer.isBuffer(raw)
              ? raw.toString()
              : Buffer.concat(Array.isArray(raw) ? raw : [Buffer.from(raw)]).toString(),
          );
      handled = handled
        .then(() => allowed)
        .then((ok) => {
          if (ok) return this.handle(connection, message);
          // Past the budget: what it sent later is dropped unread, and the socket is closed (4429).
          flooded = true;
          connection.end(SOCKET_CLOSE.tooManyRefusals);
        })
        .catch((err: unknown) => {
          this.deps.log.error({ err }, '/ws message failed');
          send(socket, { type: 'error', message: 'Something went wrong on our side. Please try again.' });
        });
    });
  }

  /** Nothing to stop: each socket's feed ends with its socket (the server closes every socket first). */
  close(): void {}

  private async handle(connection: SocketConnection, message: Record<string, unknown> | null): Promise<void> {
    const { socket } = connection;
    if (!message) return send(socket, { type: 'error', message: SPEC_SOCKET_MESSAGES.notJson });
    if (message.type === 'ping') return send(socket, { type: 'pong' });
    if (message.type !== 'authenticate')
      return send(socket, { type: 'error', message: SPEC_SOCKET_MESSAGES.unknownType });

    // The session as it is now: a logout or ban since the upgrade closes the socket instead.
    const { user } = await connection.currentAuth();
    if (!user || user.banned) return;
    if (message.userId !== user.id) {
      send(socket, { type: 'error', message: SPEC_SOCKET_MESSAGES.wrongUser });
      return connection.end(SOCKET_CLOSE.wrongUser);
    }
    const { lastMessageId } = message;
    if (lastMessageId !== undefined && !(Number.isSafeInteger(lastMessageId) && (lastMessageId as number) >= 0))
      return send(socket, { type: 'error', message: SPEC_SOCKET_MESSAGES.badLastMessageId });
    // Authenticating again changes nothing: one feed per socket, or a message would be sent once per feed.
    if (this.authenticated.has(connection)) return send(socket, { type: 'authenticated', userId: user.id });
    // Where the feed starts is fixed before 'authenticated' goes out: a message sent once the client has it is new.
    const start = (lastMessageId as number | undefined) ?? (await newestMessageId(this.deps.db));
    if (socket.readyState !== socket.OPEN) return;
    this.authenticated.add(connection);
    send(socket, { type: 'authenticated', userId: user.id });
    this.follow(connection, user.id, start);
  }

  /** Runs the socket's feed until the socket closes; a feed that fails closes it (the client resumes elsewhere). */
  private follow(connection: SocketConnection, userId: string, lastMessageId: number): void {
    const { socket } = connection;
    const stop = new AbortController();
    socket.once('close', () => stop.abort());
    void (async () => {
      try {
        const from = { lastMessageId, scope: 'received' as const };
        for await (const { event } of socialFeed(this.deps, userId, from, stop.signal)) {
          if (event.type === 'new_message') send(socket, event);
        }
      } catch (err) {
        if (stop.signal.aborted) return;
        this.deps.log.error({ err }, '/ws feed failed');
        connection.end(SOCKET_CLOSE.tryAgain);
      }
    })();
  }
}

function parse(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

function send(socket: WebSocket, message: SpecSocketServerMessage): void {
  if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
}
