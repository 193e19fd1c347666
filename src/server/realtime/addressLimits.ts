import { TOO_MANY_CONNECTIONS_MESSAGE } from '../http/connectionAdmission';

export const TOO_MANY_NEW_CONNECTIONS_MESSAGE =
  'Too many new connections from your address. Please wait a moment and try again.';

/** Sustained rate of new websocket connections per address, after the burst. */
const NEW_CONNECTIONS_PER_SECOND = 1;
/** Addresses whose connection rate is remembered before full buckets are forgotten. */
const MAX_TRACKED_ADDRESSES = 10_000;

interface Bucket {
  tokens: number;
  at: number;
}

/**
 * Websocket connections per client address: at most `maxOpen` at once, and new ones in a burst of twice that, then
 * one a second (a browser opens one or two and reconnects with backoff). Closing and reopening must not be a way
 * around the per-connection caps.
 *
 * Per instance, on purpose: both protect this instance's sockets (an address spread over instances by the load
 * balancer holds a share of each). The open count is a concurrency cap (a counter given back on close). The
 * new-connection rate is a token bucket (a burst, then a steady rate), decided synchronously together with the slot
 * before the asynchronous upgrade; it stays hand-written rather than on rate-limiter-flexible (db/rateLimits.ts),
 * whose answers are asynchronous and whose windows are fixed.
 */
export class AddressLimits {
  private readonly open = new Map<string, number>();
  private readonly buckets = new Map<string, Bucket>();

  constructor(private readonly maxOpen: number) {}

  /**
   * Holds one of the address's slots before the (asynchronous) upgrade, so concurrent upgrades cannot slip past the
   * cap. Returns the release (given back when the socket closes, or the upgrade fails), or the refusal's message.
   */
  reserve(address: string): { ok: true; release: () => void } | { ok: false; message: string } {
    const open = this.open.get(address) ?? 0;
    if (open >= this.maxOpen) return { ok: false, message: TOO_MANY_CONNECTIONS_MESSAGE };
    if (!this.takeToken(address)) return { ok: false, message: TOO_MANY_NEW_CONNECTIONS_MESSAGE };
    this.open.set(address, open + 1);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const left = (this.open.get(address) ?? 1) - 1;
      if (left <= 0) this.open.delete(address);
      else this.open.set(address, left);
    };
    return { ok: true, release };
  }

  /** Token bucket on the wall clock: it measures load, not business time. */
  private takeToken(address: string): boolean {
    const burst = this.maxOpen * 2;
    const now = Date.now();
    const refill = (bucket: Bucket) =>
      Math.min(burst, bucket.tokens + ((now - bucket.at) / 1000) * NEW_CONNECTIONS_PER_SECOND);
    if (this.buckets.size > MAX_TRACKED_ADDRESSES) {
      // Forget addresses whose bucket is full again: they are indistinguishable from new ones.
      for (const [key, bucket] of this.buckets) if (refill(bucket) >= burst) this.buckets.delete(key);
    }
    const bucket = this.buckets.get(address);
    const tokens = bucket ? refill(bucket) : burst;
    if (tokens < 1) return false;
    this.buckets.set(address, { tokens: tokens - 1, at: now });
    return true;
  }
}
