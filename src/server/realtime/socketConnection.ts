import type { Session, User } from 'lucia';
import type { WebSocket } from 'ws';
import type { RequestInfo } from '../http/requestInfo';
import { SOCKET_LIMITS, SubscriptionBudget } from './subscriptionBudget';

export type SocketPath = '/trpc' | '/ws';

/** Close codes a client can act on (4000-4999 belong to the application). */
export const SOCKET_CLOSE = {
  sessionEnded: { code: 4401, reason: 'Session ended' },
  banned: { code: 4403, reason: 'Account suspended' },
  tooManyRefusals: { code: 4429, reason: 'Too many refused requests' },
  /** `/ws`: the client claimed to be someone other than the session's user. */
  wrongUser: { code: 4400, reason: 'userId is not the signed-in user' },
  /** `/ws`: no authenticate message in time. */
  notAuthenticated: { code: 4408, reason: 'Authenticate first' },
  /** `/ws`: its feed could not read the database; the client reconnects and resumes from its last message. */
  tryAgain: { code: 1013, reason: 'Try again later' },
} as const;
export type SocketCloseReason = (typeof SOCKET_CLOSE)[keyof typeof SOCKET_CLOSE];

/** A peer that ignores our close frame is cut off after this long (ws alone would wait 30 s). */
const CLOSE_GRACE_MS = 1_000;

export interface SocketAuth {
  session: Session | null;
  user: User | null;
}
const SIGNED_OUT: SocketAuth = { session: null, user: null };

/**
 * Reads a session by id: lucia's validateSession (modules/auth/lucia.ts), named by its shape so the platform layer
 * does not import the auth module.
 */
export interface SessionValidator {
  validateSession(sessionId: string): Promise<SocketAuth>;
}

/** What a connection needs from the registry that holds it. */
export interface ConnectionOwner {
  readonly lucia: SessionValidator;
  /** Drops the connection from the session and user indexes: it no longer speaks for anyone. */
  forget(connection: SocketConnection): void;
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
    private readonly owner: ConnectionOwner,
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
    const { session, user } = await this.owner.lucia.validateSession(sessionId);
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
    this.owner.forget(this);
    setImmediate(() => this.close(why));
  }

  /**
   * One request on this connection was refused (a cap, or a procedure's own refusal such as a chat message past the
   * daily limit). A flood: after `refusalsBeforeClose` refusals the connection stops being served. Its messages are no longer
   * handed to tRPC (decoding megabytes of subscriptions is the expensive part), what it sent in the same breath
   * is refused unread, and once the answers already given are out it is closed with 4429. The close is a normal
   * one: the socket keeps draining (cheaply, undecoded) until the client answers, because cutting a TCP connection
   * with unread data resets it and the client would lose the answers that explain why.
   * Counted over the connection's life, in this process: per instance, as the connection itself is.
   */
  noteRefusal(): void {
    this.refusals += 1;
    if (this.refusals < SOCKET_LIMITS.refusalsBeforeClose || this.shutOut) return;
    this.shutOut = true;
    this.subscriptions.refuseEverything();
    this.socket.removeAllListeners('message');
    this.ended.abort(SOCKET_CLOSE.tooManyRefusals.reason);
    this.owner.forget(this);
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
