import { UpstreamTimeoutError } from './errors';

/**
 * Every call to the market-data provider passes through here: at most `maxConcurrent` at a time (a burst of cold
 * symbols queues instead of hammering Yahoo), and none waits longer than `timeoutMs` counting its time in the queue.
 * A call that times out frees its slot at once; its late answer is ignored.
 */
export class UpstreamGate {
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  /** Calls started so far (tests and diagnostics). */
  started = 0;

  constructor(
    private readonly maxConcurrent: number,
    private readonly timeoutMs: number,
  ) {}

  get inFlight(): number {
    return this.active;
  }

  run<T>(call: () => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let settled = false;
      let holdsSlot = false;
      const release = () => {
        if (!holdsSlot) return;
        holdsSlot = false;
        const next = this.waiting.shift();
        if (next) next();
        else this.active--;
      };
      const start = () => {
        holdsSlot = true;
        this.started++;
        let promise: Promise<T>;
        try {
          promise = call();
        } catch (error) {
          promise = Promise.reject(error);
        }
        promise.then(
          (value) => {
            if (!settled) {
              settled = true;
              clearTimeout(timer);
              resolve(value);
            }
            release();
          },
          (error: unknown) => {
            if (!settled) {
              settled = true;
              clearTimeout(timer);
              reject(error);
            }
            release();
          },
        );
      };
      const timer = setTimeout(() => {
        if (settled) return;
        settled = true;
        const queued = this.waiting.indexOf(start);
        if (queued >= 0) this.waiting.splice(queued, 1);
        release();
        reject(new UpstreamTimeoutError(this.timeoutMs));
      }, this.timeoutMs);
      timer.unref?.();
      if (this.active < this.maxConcurrent) {
        this.active++;
        start();
      } else {
        this.waiting.push(start);
      }
    });
  }
}
