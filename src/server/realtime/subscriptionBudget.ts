import { subscriptionsActive } from '../observability/metrics';
import { appError } from '../errors/appError';

/** What one websocket connection may hold open at once. The per-address connection cap is a setting. */
export const SOCKET_LIMITS = {
  subscriptionsPerConnection: 20,
  /** Distinct market symbols watched across all of one connection's subscriptions. */
  symbolsPerConnection: 100,
  /**
   * Refusals a connection may collect before it is closed (4429). The browser never asks past the caps, so a
   * connection that keeps doing so is a flood, and answering each of its thousands of requests costs more than
   * hanging up.
   */
  refusalsBeforeClose: 10,
} as const;

export const TOO_MANY_SUBSCRIPTIONS_MESSAGE = `Too many subscriptions on this connection: at most ${SOCKET_LIMITS.subscriptionsPerConnection} at once. Stop one before starting another.`;
export const SHUT_OUT_MESSAGE = 'This connection is being closed for too many refused requests.';
export const TOO_MANY_SYMBOLS_MESSAGE = `Too many symbols watched on this connection: at most ${SOCKET_LIMITS.symbolsPerConnection} different symbols at once.`;

export interface SubscriptionLease {
  /** Gives the slot (and its symbols) back; safe to call more than once. */
  release(): void;
}

/** The answer to anything a flooding connection sent before it was cut: one instance, thrown unread, no stack to build. */
export const SHUT_OUT_ERROR = appError('TOO_MANY_REQUESTS', SHUT_OUT_MESSAGE);

/**
 * The per-connection caps on subscriptions. Every subscription takes a lease before it starts streaming and gives it
 * back when it ends; a request past a cap is refused with TOO_MANY_REQUESTS and a message saying which cap.
 * Concurrency caps of one connection, so per instance by nature: the connection lives in one process. (The
 * refusals that close a flooding connection are counted over its life in socketConnection.ts, not per window.)
 */
export class SubscriptionBudget {
  private readonly leases = new Set<SubscriptionLease>();
  private shutOut = false;
  /** symbol -> how many of this connection's subscriptions watch it. */
  private readonly symbolRefs = new Map<string, number>();
  /** procedure -> how many of this connection's subscriptions run it. */
  private readonly procedureCounts = new Map<string, number>();

  /** `onRefused` hears of every refusal (the connection closes itself after too many). */
  constructor(private readonly onRefused: () => void = () => undefined) {}

  get openCount(): number {
    return this.leases.size;
  }

  get symbolCount(): number {
    return this.symbolRefs.size;
  }

  /** From now on every request is refused with SHUT_OUT_ERROR, without counting (the connection is closing). */
  refuseEverything(): void {
    this.shutOut = true;
  }

  /** Refuses at once when every subscription slot is taken: checked before the input is even parsed. */
  assertRoom(): void {
    if (this.shutOut) throw SHUT_OUT_ERROR;
    if (this.leases.size >= SOCKET_LIMITS.subscriptionsPerConnection) this.refuse(TOO_MANY_SUBSCRIPTIONS_MESSAGE);
  }

  /**
   * Takes a slot for a subscription of `procedure` watching `symbols` (counted against the distinct-symbol cap).
   * `perProcedure` caps how many of this procedure's subscriptions the connection may hold at once, refused with
   * `perProcedure.message`: for streams whose size is bounded by stored data rather than by their input (a
   * watchlist's live rows follow the stored list's symbols, see shared/watchlists/limits.ts).
   */
  acquire(
    procedure: string,
    symbols: readonly string[] = [],
    perProcedure?: { max: number; message: string },
  ): SubscriptionLease {
    this.assertRoom();
    if (perProcedure && (this.procedureCounts.get(procedure) ?? 0) >= perProcedure.max)
      this.refuse(perProcedure.message);
    const unique = [...new Set(symbols)];
    const added = unique.filter((s) => !this.symbolRefs.has(s)).length;
    if (this.symbolRefs.size + added > SOCKET_LIMITS.symbolsPerConnection) this.refuse(TOO_MANY_SYMBOLS_MESSAGE);
    for (const symbol of unique) this.symbolRefs.set(symbol, (this.symbolRefs.get(symbol) ?? 0) + 1);
    this.procedureCounts.set(procedure, (this.procedureCounts.get(procedure) ?? 0) + 1);
    subscriptionsActive.inc({ procedure });
    let released = false;
    const lease: SubscriptionLease = {
      release: () => {
        if (released) return;
        released = true;
        this.leases.delete(lease);
        this.procedureCounts.set(procedure, (this.procedureCounts.get(procedure) ?? 1) - 1);
        subscriptionsActive.dec({ procedure });
        for (const symbol of unique) {
          const left = (this.symbolRefs.get(symbol) ?? 1) - 1;
          if (left <= 0) this.symbolRefs.delete(symbol);
          else this.symbolRefs.set(symbol, left);
        }
      },
    };
    this.leases.add(lease);
    return lease;
  }

  private refuse(message: string): never {
    this.onRefused();
    throw appError('TOO_MANY_REQUESTS', message);
  }

  /** The connection closed: whatever never got to release its lease (a stream that never started) does it now. */
  releaseAll(): void {
    for (const lease of [...this.leases]) lease.release();
  }
}
