import { eq, inArray } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import { sessionIdHash } from '../crypto/sha256';
import type { Db } from '../db/client';
import { tablesOf } from '../db/schema';
import type { RequestInfo } from '../http/requestInfo';
import { websocketConnections } from '../observability/metrics';
import { AddressLimits } from './addressLimits';
import type { Bus } from './bus';
import {
  SOCKET_CLOSE,
  SocketConnection,
  type ConnectionOwner,
  type SocketAuth,
  type SocketCloseReason,
  type SocketPath,
  type SessionValidator,
} from './socketConnection';

/**
 * Every open websocket (`/trpc` and `/ws`), indexed by session and user, so that a session that ends (logout,
 * password change, expiry) or a user who is banned loses their sockets at once. Sessions end in this process
 * through the bus ('session.ended', 'user.sessionsEnded'); a ban or a deletion made by another process (the
 * operator's `npm run user -- ban`) is found by a periodic check of the signed-in sockets, and by the per-operation
 * re-check in `SocketConnection.currentAuth()` (socketConnection.ts). Sessions are indexed by the SHA-256 of their
 * id, as the `sessions` table and the bus name them (crypto/sha256.ts).
 */

/** Session ids per query in the periodic check (SQLite's bound-parameter limit is far above). */
const CHECK_CHUNK = 500;

export interface SocketRegistryDeps {
  db: Db;
  lucia: SessionValidator;
  bus: Bus;
  log: Logger;
}

export interface SocketRegistryOptions {
  maxPerAddress: number;
  /** Interval of the check for sessions ended or users banned elsewhere. */
  sessionCheckMs: number;
}

export class SocketRegistry implements ConnectionOwner {
  private readonly connections = new Set<SocketConnection>();
  private readonly bySocket = new WeakMap<WebSocket, SocketConnection>();
  /** Signed-in sockets only, by the hash of their session id. */
  private readonly bySession = new Map<string, Set<SocketConnection>>();
  private readonly byUser = new Map<string, Set<SocketConnection>>();
  /** The index keys each signed-in connection was filed under, so forgetting it touches only its own entries. */
  private readonly indexKeys = new Map<SocketConnection, { sessionHash: string; userId: string }>();
  private readonly addressLimits: AddressLimits;
  private readonly stopListening: Array<() => void>;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly deps: SocketRegistryDeps,
    options: SocketRegistryOptions,
  ) {
    this.stopListening = [
      deps.bus.subscribe('session.ended', ({ sessionHash }) => this.endSession(sessionHash)),
      deps.bus.subscribe('user.sessionsEnded', ({ userId, keepSessionHash }) =>
        this.endUserSessions(userId, keepSessionHash),
      ),
      deps.bus.subscribe('user.banned', ({ userId }) => this.endUserSessions(userId, undefined, SOCKET_CLOSE.banned)),
    ];
    this.addressLimits = new AddressLimits(options.maxPerAddress);
    this.timer = setInterval(() => void this.checkSessions(), options.sessionCheckMs);
    this.timer.unref();
  }

  get lucia(): SessionValidator {
    return this.deps.lucia;
  }

  get size(): number {
    return this.connections.size;
  }

  /** See AddressLimits.reserve: a slot for one more connection from `address`, or why not. */
  reserve(address: string): ReturnType<AddressLimits['reserve']> {
    return this.addressLimits.reserve(address);
  }

  /** Adds an upgraded socket; its address slot (from `reserve`) is given back when it closes. */
  register(
    socket: WebSocket,
    init: { path: SocketPath; request: RequestInfo; auth: SocketAuth; releaseSlot: () => void },
  ): SocketConnection {
    const connection = new SocketConnection(socket, init.path, init.request, init.auth, this);
    this.connections.add(connection);
    this.bySocket.set(socket, connection);
    const { sessionId, userId } = connection;
    if (sessionId && userId) {
      const sessionHash = sessionIdHash(sessionId);
      this.indexKeys.set(connection, { sessionHash, userId });
      addTo(this.bySession, sessionHash, connection);
      addTo(this.byUser, userId, connection);
    }
    websocketConnections.inc({ path: init.path });
    socket.once('close', () => {
      this.forget(connection);
      this.connections.delete(connection);
      connection.subscriptions.releaseAll();
      init.releaseSlot();
      websocketConnections.dec({ path: init.path });
    });
    return connection;
  }

  connectionOf(socket: WebSocket): SocketConnection | undefined {
    return this.bySocket.get(socket);
  }

  /** The open, signed-in sockets of a user (to push to them), optionally on one path only. */
  userConnections(userId: string, path?: SocketPath): SocketConnection[] {
    return [...(this.byUser.get(userId) ?? [])].filter((c) => !path || c.path === path);
  }

  /** Closes every socket riding the session whose id hashes to `sessionHash`. */
  endSession(sessionHash: string): void {
    for (const connection of [...(this.bySession.get(sessionHash) ?? [])]) connection.end(SOCKET_CLOSE.sessionEnded);
  }

  /** Closes every socket of the user, except those riding the session hashed as `keepSessionHash` (a password change). */
  endUserSessions(userId: string, keepSessionHash?: string, why: SocketCloseReason = SOCKET_CLOSE.sessionEnded): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      if (keepSessionHash === undefined || this.indexKeys.get(connection)?.sessionHash !== keepSessionHash)
        connection.end(why);
    }
  }

  /**
   * The periodic check: one query per 500 signed-in sessions finds those deleted, expired or belonging to a banned
   * user, and closes their sockets. Resolves to how many sockets it ended; never rejects.
   */
  async checkSessions(): Promise<number> {
    const { sessions, users } = tablesOf(this.deps.db);
    // The stored ids are the hashes this index is keyed by.
    const ids = [...this.bySession.keys()];
    if (ids.length === 0) return 0;
    let ended = 0;
    try {
      const alive = new Map<string, { expiresAt: number; banned: boolean }>();
      for (let i = 0; i < ids.length; i += CHECK_CHUNK) {
        const rows = await this.deps.db
          .select({ id: sessions.id, expiresAt: sessions.expiresAt, banned: users.banned })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(inArray(sessions.id, ids.slice(i, i + CHECK_CHUNK)));
        for (const row of rows) alive.set(row.id, row);
      }
      // Lucia stores the expiry in seconds and compares it with the wall clock.
      const nowSeconds = Date.now() / 1000;
      for (const id of ids) {
        const row = alive.get(id);
        const why =
          !row || row.expiresAt <= nowSeconds ? SOCKET_CLOSE.sessionEnded : row.banned ? SOCKET_CLOSE.banned : null;
        if (!why) continue;
        for (const connection of [...(this.bySession.get(id) ?? [])]) {
          connection.end(why);
          ended++;
        }
      }
    } catch (error) {
      // A busy or closed database must not take the interval down; the next round tries again.
      this.deps.log.warn({ err: error }, 'websocket session check failed');
    }
    return ended;
  }

  /** Drops a connection from the session and user indexes (it no longer speaks for anyone). */
  forget(connection: SocketConnection): void {
    const keys = this.indexKeys.get(connection);
    if (!keys) return;
    this.indexKeys.delete(connection);
    removeFrom(this.bySession, keys.sessionHash, connection);
    removeFrom(this.byUser, keys.userId, connection);
  }

  /** Stops listening and checking; the sockets themselves are closed by the websocket servers. */
  close(): void {
    clearInterval(this.timer);
    for (const stop of this.stopListening) stop();
  }
}

function addTo(index: Map<string, Set<SocketConnection>>, key: string, connection: SocketConnection): void {
  let set = index.get(key);
  if (!set) index.set(key, (set = new Set()));
  set.add(connection);
}

function removeFrom(index: Map<string, Set<SocketConnection>>, key: string, connection: SocketConnection): void {
  const set = index.get(key);
  if (set?.delete(connection) && set.size === 0) index.delete(key);
}
