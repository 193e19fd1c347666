/**
 * Work that leaves the server (a web push, an e-mail), done off the request path: a bounded queue with a fixed number
 * of jobs running at once, and failed attempts tried again with exponential back-off (or when the remote side asked,
 * within the cap) a bounded number of times. When the queue is full a new job is refused at once, never queued
 * without bound: the caller records that it was dropped. Jobs live in this process's memory (see decision 015).
 */

export type AttemptOutcome =
  | { kind: 'done' }
  /** Try again later (after `afterMs` when the remote side said how long). */
  | { kind: 'retry'; afterMs?: number; reason: string }
  /** Give up now: another try would fail the same way. */
  | { kind: 'failed'; reason: string };

export interface QueueJob {
  /** What the job is, for the log ('push to subscription x'). */
  label: string;
  attempt(attemptNumber: number): Promise<AttemptOutcome>;
  /** Called once when the job gives up (failed, or out of attempts). */
  onGiveUp?(reason: string): void;
}

export interface RetryQueueOptions {
  concurrency: number;
  /** Jobs held at once, running, waiting and waiting to retry together. */
  maxJobs: number;
  /** Attempts per job, the first included. */
  maxAttempts: number;
  /** Wait before the second attempt; each further one waits four times longer, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** Random share of each delay (0.2: up to 20 % more), so retries after an outage do not arrive together. */
  jitter?: number;
}

export class RetryQueue {
  private readonly ready: { job: QueueJob; attempt: number }[] = [];
  private readonly timers = new Set<NodeJS.Timeout>();
  private held = 0;
  private running = 0;
  private closed = false;
  private idleWaiters: (() => void)[] = [];

  constructor(
    private readonly options: RetryQueueOptions,
    private readonly onError: (error: unknown, label: string) => void = () => {},
  ) {}

  /** Jobs held now (running, waiting, or waiting to retry). */
  get size(): number {
    return this.held;
  }

  /** False (and nothing queued) when the queue is full or closed. */
  enqueue(job: QueueJob): boolean {
    if (this.closed || this.held >= this.options.maxJobs) return false;
    this.held += 1;
    this.ready.push({ job, attempt: 1 });
    this.pump();
    return true;
  }

  /** Whether an attempt runs or waits for a slot (a job only waiting to retry is not busy). */
  get busy(): boolean {
    return this.running > 0 || this.ready.length > 0;
  }

  /** Resolves when nothing is held (tests, and a server closing that wants to finish what it started). */
  idle(): Promise<void> {
    if (this.held === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  /** Stops for good: waiting retries are dropped, running attempts finish, nothing new is taken. */
  close(): void {
    this.closed = true;
    this.held -= this.ready.length + this.timers.size;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.ready.length = 0;
    this.settleIdle();
  }

  /** The wait before attempt `next` (2, 3, ...). */
  delayBefore(next: number, askedMs?: number): number {
    const { baseDelayMs, maxDelayMs, jitter = 0.2 } = this.options;
    const backoff = Math.min(maxDelayMs, baseDelayMs * 4 ** (next - 2));
    const wait = askedMs === undefined ? backoff : Math.min(maxDelayMs, Math.max(askedMs, backoff));
    return Math.round(wait * (1 + Math.random() * jitter));
  }

  private pump(): void {
    while (!this.closed && this.running < this.options.concurrency && this.ready.length > 0) {
      const next = this.ready.shift()!;
      this.running += 1;
      void this.run(next.job, next.attempt).finally(() => {
        this.running -= 1;
        this.pump();
      });
    }
  }

  private async run(job: QueueJob, attempt: number): Promise<void> {
    let outcome: AttemptOutcome;
    try {
      outcome = await job.attempt(attempt);
    } catch (error) {
      this.onError(error, job.label);
      outcome = { kind: 'retry', reason: error instanceof Error ? error.message : String(error) };
    }
    if (outcome.kind === 'retry' && attempt < this.options.maxAttempts && !this.closed) {
      const timer = setTimeout(
        () => {
          this.timers.delete(timer);
          this.ready.push({ job, attempt: attempt + 1 });
          this.pump();
        },
        this.delayBefore(attempt + 1, outcome.afterMs),
      );
      timer.unref();
      this.timers.add(timer);
      return;
    }
    if (outcome.kind !== 'done') {
      try {
        job.onGiveUp?.(outcome.kind === 'retry' ? `${outcome.reason} (after ${attempt} attempts)` : outcome.reason);
      } catch (error) {
        this.onError(error, job.label);
      }
    }
    this.held -= 1;
    this.settleIdle();
  }

  private settleIdle(): void {
    if (this.held > 0) return;
    const waiters = this.idleWaiters;
    this.idleWaiters = [];
    for (const resolve of waiters) resolve();
  }
}
