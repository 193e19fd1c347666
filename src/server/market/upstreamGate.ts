import pLimit, { type LimitFunction } from 'p-limit';
import { UpstreamTimeoutError } from './errors';

/** An upstream call: it is handed an AbortSignal that fires at the deadline, and passes it on to its fetch. */
export type UpstreamCall<T> = (signal: AbortSignal) => Promise<T>;

/**
 * Every call to the market-data provider passes through here: at most `maxConcurrent` run at a time (p-limit; a
 * burst of cold symbols queues instead of hammering Yahoo), and none waits longer than `timeoutMs` counting its time
 * in the queue. At the deadline the caller is answered UpstreamTimeoutError at once and the call's signal aborts, so
 * its fetch is cancelled; the call keeps its slot until it has actually stopped, so "at most `maxConcurrent` upstream
 * calls at once" holds even while the upstream hangs. A call whose deadline passes while queued never starts.
 */
export class UpstreamGate {
  private readonly limit: LimitFunction;
  /** Calls started so far (tests and diagnostics). */
  started = 0;

  constructor(
    maxConcurrent: number,
    private readonly timeoutMs: number,
  ) {
    this.limit = pLimit(maxConcurrent);
  }

  /** Calls running upstream now (timed-out ones included until they stop). */
  get inFlight(): number {
    return this.limit.activeCount;
  }

  /** Calls waiting for a slot. */
  get queued(): number {
    return this.limit.pendingCount;
  }

  run<T>(call: UpstreamCall<T>): Promise<T> {
    const signal = AbortSignal.timeout(this.timeoutMs);
    const timeout = () => new UpstreamTimeoutError(this.timeoutMs);
    const running = this.limit(() => {
      if (signal.aborted) throw timeout();
      this.started++;
      return call(signal);
    });
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(timeout());
      signal.addEventListener('abort', onAbort, { once: true });
      running.then(
        (value) => {
          signal.removeEventListener('abort', onAbort);
          resolve(value);
        },
        (error: unknown) => {
          signal.removeEventListener('abort', onAbort);
          // A call cancelled by its deadline rejects with the abort reason: it is a timeout all the same.
          reject(signal.aborted ? timeout() : (error as Error));
        },
      );
    });
  }
}
