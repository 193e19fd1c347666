/**
 * A sliding-window counter per key, in memory: at most `max` events in any `windowMs`. Used where the events are
 * not stored anyway (searches); stored events (messages, friend requests) are counted in the database instead.
 * Checking and counting are one synchronous step, so concurrent requests in this process cannot slip past the limit.
 * Memory: at most `max` timestamps per key, and keys idle for a whole window are swept.
 */
export class RateWindow {
  private readonly events = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one event for `key` and returns true, or returns false (and counts nothing) when the limit is reached. */
  take(key: string, now: number): boolean {
    this.sweep(now);
    const since = now - this.windowMs;
    const times = (this.events.get(key) ?? []).filter((t) => t > since);
    if (times.length >= this.max) {
      this.events.set(key, times);
      return false;
    }
    times.push(now);
    this.events.set(key, times);
    return true;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, times] of this.events) {
      if (times[times.length - 1] <= since) this.events.delete(key);
    }
  }
}
