import { eq, inArray } from 'drizzle-orm';
import type { Session, User } from 'lucia';
import type { Logger } from 'pino';
import type { WebSocket } from 'ws';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AppLucia } from '../modules/auth/lucia';
import { websocketConnections } from '../observability/metrics';
import type { RequestInfo } from '../trpc/context';
import type { Bus } from './bus';
import { SOCKET_LIMITS, SubscriptionBudget } from './subscriptionBudget';

/**
 * Every open websocket (`/trpc` and `/ws`), indexed by session and user, so that a session that ends (logout,
 * password change, expiry) or a user who is banned loses their sockets at once. Sessions end in this process
 * through the bus ('session.ended', 'user.sessionsEnded'); a ban or a deletion made by another process (the
 * operator's `npm run user -- ban`) is found by a periodic check of the signed-in sockets, and by the per-operation
 * re-check in `SocketConnection.currentAuth()`.
 */

export type SocketPath = '/trpc' | '/ws';

/** Close codes a client can act on (4000-4999 belong to the application). */
export const SOCKET_CLOSE = {
  sessionEnded: { code: 4401, reason: 'Session ended' },
  banned: { code: 4403, reason: 'Account suspended' },
  tooManyRefusals: { code: 4429, reason: 'Too many refused requests' },
} as const;
export type SocketCloseReason = (typeof SOCKET_CLOSE)[keyof typeof SOCKET_CLOSE];

export const TOO_MANY_CONNECTIONS_MESSAGE = 'Too many open connections from your address. Close some tabs and try again.';
export const TOO_MANY_NEW_CONNECTIONS_MESSAGE = 'Too many new connections from your address. Please wait a moment and try again.';
/** Sustained rate of new websocket connections per address, after the burst. */
const UPGRADES_PER_SECOND = 1;
/** Addresses whose connection rate is remembered before full buckets are forgotten. */
const MAX_TRACKED_ADDRESSES = 10_000;

/** A peer that ignores our close frame is cut off after this long (ws alone would wait 30 s). */
const CLOSE_GRACE_MS = 1_000;
/** Session ids per query in the periodic check (SQLite's bound-parameter limit is far above). */
const CHECK_CHUNK = 500;

export interface SocketAuth {
  session: Session | null;
  user: User | null;
}
const SIGNED_OUT: SocketAuth = { session: null, user: null };

export interface SocketRegistryDeps {
  db: Db;
  lucia: AppLucia;
  bus: Bus;
  log: Logger;
}

export interface SocketRegistryOptions {
  maxPerAddress: number;
  /** Interval of the check for sessions ended or users banned elsewhere. */
  sessionCheckMs: number;
}

/** One open websocket: who it speaks for, where it came from, and what it may still open. */
export class SocketConnection {
  /** The caps on this connection's subscriptions. */
  readonly subscriptions = new SubscriptionBudget(() => this.noteRefusal());
  private readonly ended = new AbortController();
  private refusals = 0;
  private shutOut = false;

  constructor(
    readonly socket: WebSocket,
    readonly path: SocketPath,
    readonly request: RequestInfo,
    private auth: SocketAuth,
    private readonly registry: SocketRegistry,
  ) {}

  /** The session the socket was opened with; null for a signed-out socket or once that session ended. */
  get sessionId(): string | null {
    return this.ended.signal.aborted ? null : (this.auth.session?.id ?? null);
  }

  get userId(): string | null {
    return this.ended.signal.aborted ? null : (this.auth.user?.id ?? null);
  }

  /** True once the connection was closed for asking past its caps again and again; it is only waiting to go. */
  get isShutOut(): boolean {
    return this.shutOut;
  }

  /** Aborts when the socket's session ends or its user is banned; signed-in subscriptions stop on it. */
  get sessionEndedSignal(): AbortSignal {
    return this.ended.signal;
  }

  /**
   * The session and user as they are now, re-read from the database: a websocket lives for hours, so the identity
   * read at upgrade says nothing about logout, a password change or a ban since. When the session is gone the
   * socket is closed (after the current answer is sent) and the caller is treated as signed out; a banned user is
   * returned as such so that authenticated procedures answer 403 { banned: true }, and the socket closes too.
   */
  async currentAuth(): Promise<SocketAuth> {
    const sessionId = this.sessionId;
    if (!sessionId) return SIGNED_OUT;
    const { session, user } = await this.registry.lucia.validateSession(sessionId);
    if (!session || !user) {
      this.end(SOCKET_CLOSE.sessionEnded);
      return SIGNED_OUT;
    }
    this.auth = { session, user };
    if (user.banned) this.end(SOCKET_CLOSE.banned);
    return this.auth;
  }

  /**
   * Stops acting for the user and closes the socket. The close waits for the turn of the event loop so that the
   * answer to the operation that noticed (an error such as 401) still reaches the client first.
   */
  end(why: SocketCloseReason): void {
    if (this.ended.signal.aborted) return;
    this.ended.abort(why.reason);
    this.registry.forget(this);
    setImmediate(() => this.close(why));
  }

  /**
   * A flood: after `refusalsBeforeClose` refusals the connection stops being served. Its messages are no longer
   * handed to tRPC (decoding megabytes of subscriptions is the expensive part), what it sent in the same breath
   * is refused unread, and once the answers already given are out it is closed with 4429. The close is a normal
   * one: the socket keeps draining (cheaply, undecoded) until the client answers, because cutting a TCP connection
   * with unread data resets it and the client would lose the answers that explain why.
   */
  private noteRefusal(): void {
    this.refusals += 1;
    if (this.refusals < SOCKET_LIMITS.refusalsBeforeClose || this.shutOut) return;
    this.shutOut = true;
    this.subscriptions.refuseEverything();
    this.socket.removeAllListeners('message');
    this.ended.abort(SOCKET_CLOSE.tooManyRefusals.reason);
    this.registry.forget(this);
    setImmediate(() => this.close(SOCKET_CLOSE.tooManyRefusals));
  }

  private close(why: SocketCloseReason): void {
    const { socket } = this;
    if (socket.readyState === socket.CLOSED) return;
    socket.close(why.code, why.reason);
    const force = setTimeout(() => socket.terminate(), CLOSE_GRACE_MS);
    force.unref();
    socket.once('close', () => clearTimeout(force));
  }
}

export class SocketRegistry {
  private readonly connections = new Set<SocketConnection>();
  private readonly bySocket = new WeakMap<WebSocket, SocketConnection>();
  /** Signed-in sockets only. */
  private readonly bySession = new Map<string, Set<SocketConnection>>();
  private readonly byUser = new Map<string, Set<SocketConnection>>();
  /** The index keys each signed-in connection was filed under, so forgetting it touches only its own entries. */
  private readonly indexKeys = new Map<SocketConnection, { sessionId: string; userId: string }>();
  private readonly perAddress = new Map<string, number>();
  private readonly upgradeBuckets = new Map<string, { tokens: number; at: number }>();
  private readonly stopListening: Array<() => void>;
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly deps: SocketRegistryDeps,
    private readonly options: SocketRegistryOptions,
  ) {
    this.stopListening = [
      deps.bus.subscribe('session.ended', ({ sessionId }) => this.endSession(sessionId)),
      deps.bus.subscribe('user.sessionsEnded', ({ userId, keepSessionId }) =>
        this.endUserSessions(userId, keepSessionId),
      ),
    ];
    this.timer = setInterval(() => this.checkSessions(), options.sessionCheckMs);
    this.timer.unref();
  }

  get lucia(): AppLucia {
    return this.deps.lucia;
  }

  get size(): number {
    return this.connections.size;
  }

  /**
   * Holds one of the address's connection slots before the (asynchronous) upgrade, so concurrent upgrades cannot
   * slip past the cap. Refused when the address already holds its maximum, or opens connections faster than a
   * browser ever does (a burst of twice the cap, then one a second): closing and reopening must not be a way
   * around the per-connection caps.
   */
  reserve(address: string): { ok: true; release: () => void } | { ok: false; message: string } {
    const open = this.perAddress.get(address) ?? 0;
    if (open >= this.options.maxPerAddress) return { ok: false, message: TOO_MANY_CONNECTIONS_MESSAGE };
    if (!this.takeUpgradeToken(address)) return { ok: false, message: TOO_MANY_NEW_CONNECTIONS_MESSAGE };
    this.perAddress.set(address, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.perAddress.get(address) ?? 1) - 1;
      if (left <= 0) this.perAddress.delete(address);
      else this.perAddress.set(address, left);
    };
    return { ok: true, release };
  }

  /** Token bucket per address for new connections, on the wall clock (it measures load, not business time). */
  private takeUpgradeToken(address: string): boolean {
    const burst = this.options.maxPerAddress * 2;
    const now = Date.now();
    const refill = (bucket: { tokens: number; at: number }) =>
      Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * UPGRADES_PER_SECOND);
    if (this.upgradeBuckets.size > MAX_TRACKED_ADDRESSES) {
      // Forget addresses whose bucket is full again: they are indistinguishable from new ones.
      for (const [key, bucket] of this.upgradeBuckets) if (refill(bucket) >= burst) this.upgradeBuckets.delete(key);
    }
    const bucket = this.upgradeBuckets.get(address);
    const tokens = bucket ? refill(bucket) : burst;
    if (tokens < 1) return false;
    this.upgradeBuckets.set(address, { tokens: tokens - 1, at: now });
    return true;
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
      this.indexKeys.set(connection, { sessionId, userId });
      addTo(this.bySession, sessionId, connection);
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

  /** Closes every socket riding the session. */
  endSession(sessionId: string): void {
    for (const connection of [...(this.bySession.get(sessionId) ?? [])]) connection.end(SOCKET_CLOSE.sessionEnded);
  }

  /** Closes every socket of the user, except those riding `keepSessionId` (the password changer's own session). */
  endUserSessions(userId: string, keepSessionId?: string, why: SocketCloseReason = SOCKET_CLOSE.sessionEnded): void {
    for (const connection of [...(this.byUser.get(userId) ?? [])]) {
      if (keepSessionId === undefined || connection.sessionId !== keepSessionId) connection.end(why);
    }
  }

  /**
   * The periodic check: one query per 500 signed-in sessions finds those deleted, expired or belonging to a banned
   * user, and closes their sockets. Returns how many sockets it ended.
   */
  checkSessions(): number {
    const ids = [...this.bySession.keys()];
    if (ids.length === 0) return 0;
    let ended = 0;
    try {
      const alive = new Map<string, { expiresAt: number; banned: boolean }>();
      for (let i = 0; i < ids.length; i += CHECK_CHUNK) {
        const rows = this.deps.db
          .select({ id: sessions.id, expiresAt: sessions.expiresAt, banned: users.banned })
          .from(sessions)
          .innerJoin(users, eq(users.id, sessions.userId))
          .where(inArray(sessions.id, ids.slice(i, i + CHECK_CHUNK)))
          .all();
        for (const row of rows) alive.set(row.id, row);
      }
      // Lucia stores the expiry in seconds and compares it with the wall clock.
      const nowSeconds = Date.now() / 1000;
      for (const id of ids) {
        const row = alive.get(id);
        const why = !row || row.expiresAt <= nowSeconds ? SOCKET_CLOSE.sessionEnded : row.banned ? SOCKET_CLOSE.banned : null;
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
    removeFrom(this.bySession, keys.sessionId, connection);
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
