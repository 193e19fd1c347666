import { describe, expect, it } from 'vitest';
import { RetryQueue, type AttemptOutcome } from '../../src/server/outbound/retryQueue';

/** The delivery queue (outbound/retryQueue.ts): bounded, a fixed number at once, bounded retries with back-off. */

const options = { concurrency: 2, maxJobs: 5, maxAttempts: 3, baseDelayMs: 20, maxDelayMs: 100, jitter: 0 };

describe('RetryQueue', () => {
  it('runs at most `concurrency` attempts at once and refuses jobs past maxJobs', async () => {
    const queue = new RetryQueue(options);
    let running = 0;
    let most = 0;
    const job = () => ({
      label: 'job',
      attempt: async (): Promise<AttemptOutcome> => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 20));
        running -= 1;
        return { kind: 'done' };
      },
    });
    const accepted = Array.from({ length: 7 }, () => queue.enqueue(job()));
    expect(accepted).toEqual([true, true, true, true, true, false, false]);
    await queue.idle();
    expect(most).toBe(2);
    expect(queue.size).toBe(0);
    expect(queue.enqueue(job())).toBe(true);
    await queue.idle();
  });

  it('retries with growing waits, honours a longer Retry-After within the cap, and gives up after maxAttempts', async () => {
    const queue = new RetryQueue(options);
    const times: number[] = [];
    const reasons: string[] = [];
    queue.enqueue({
      label: 'flaky',
      attempt: () => {
        times.push(Date.now());
        return Promise.resolve({ kind: 'retry', reason: 'busy' });
      },
      onGiveUp: (reason) => reasons.push(reason),
    });
    await queue.idle();
    expect(times).toHaveLength(3);
    expect(times[1] - times[0]).toBeGreaterThanOrEqual(18);
    expect(times[2] - times[1]).toBeGreaterThanOrEqual(78);
    expect(reasons).toEqual(['busy (after 3 attempts)']);
    expect(queue.delayBefore(2, 5_000)).toBe(100);
    expect(queue.delayBefore(2, 50)).toBe(50);
    expect(queue.delayBefore(3)).toBe(80);
  });

  it('does not retry a permanent failure or an attempt that throws past its attempts; close drops waiting retries', async () => {
    const queue = new RetryQueue(options);
    let attempts = 0;
    const gaveUp: string[] = [];
    queue.enqueue({
      label: 'permanent',
      attempt: () => {
        attempts += 1;
        return Promise.resolve({ kind: 'failed', reason: 'no such mailbox' });
      },
      onGiveUp: (reason) => gaveUp.push(reason),
    });
    await queue.idle();
    expect(attempts).toBe(1);
    expect(gaveUp).toEqual(['no such mailbox']);

    const errors: string[] = [];
    const closing = new RetryQueue({ ...options, baseDelayMs: 60_000, maxDelayMs: 60_000 }, (_e, label) =>
      errors.push(label),
    );
    closing.enqueue({ label: 'throws', attempt: () => Promise.reject(new Error('boom')) });
    await new Promise((r) => setTimeout(r, 10));
    expect(closing.size).toBe(1);
    closing.close();
    await closing.idle();
    expect(closing.size).toBe(0);
    expect(errors).toEqual(['throws']);
    expect(closing.enqueue({ label: 'late', attempt: () => Promise.resolve({ kind: 'done' }) })).toBe(false);
  });
});

it('is busy while an attempt runs or waits for a slot, not while a job only waits to retry', async () => {
  const queue = new RetryQueue({ ...options, baseDelayMs: 60_000, maxDelayMs: 60_000 });
  let release!: () => void;
  queue.enqueue({
    label: 'slow then failing',
    attempt: () => new Promise((resolve) => (release = () => resolve({ kind: 'retry', reason: 'later' }))),
  });
  expect(queue.busy).toBe(true);
  await new Promise((r) => setTimeout(r, 5));
  release();
  await new Promise((r) => setTimeout(r, 5));
  expect(queue.busy).toBe(false);
  expect(queue.size).toBe(1);
  queue.close();
});
