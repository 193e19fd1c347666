import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRateLimiter } from '../../src/server/db/rateLimits';

/** Issue 20: the rate limiter module in memory (the PostgreSQL store is proven by tests/api/limitsAcrossInstances). */
describe('createRateLimiter in memory', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: Date.UTC(2026, 10, 25, 12) });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const threeASecond = { keyPrefix: 't', points: 3, durationMs: 1_000 };

  it('allows `points` events per window and key, refuses the rest, and starts afresh after the window', async () => {
    const limiter = createRateLimiter({}, { ...threeASecond, shared: false });
    const takes = async (key: string, n: number) => {
      const answers: boolean[] = [];
      for (let i = 0; i < n; i++) answers.push(await limiter.take(key));
      return answers;
    };
    expect(await takes('ada', 4)).toEqual([true, true, true, false]);
    expect(await limiter.take('bob')).toBe(true);
    vi.advanceTimersByTime(500);
    expect(await limiter.take('ada')).toBe(false);
    vi.advanceTimersByTime(501);
    expect(await takes('ada', 4)).toEqual([true, true, true, false]);
  });

  it('counts events taken at once (no await between them) exactly', async () => {
    const limiter = createRateLimiter({}, { ...threeASecond, shared: false });
    const answers = await Promise.all(Array.from({ length: 10 }, () => limiter.take('ada')));
    expect(answers.filter(Boolean)).toHaveLength(3);
  });

  it('keeps limits with different prefixes apart', async () => {
    const searches = createRateLimiter({}, { ...threeASecond, keyPrefix: 'a', shared: false });
    const others = createRateLimiter({}, { ...threeASecond, keyPrefix: 'b', shared: false });
    for (let i = 0; i < 3; i++) await searches.take('ada');
    expect(await searches.take('ada')).toBe(false);
    expect(await others.take('ada')).toBe(true);
  });

  it('is in memory when shared without a pool (SQLite), and never touches a pool when not shared', async () => {
    const shared = createRateLimiter({}, { ...threeASecond, shared: true });
    expect(await shared.take('ada')).toBe(true);
    const query = vi.fn();
    const pool = { query, constructor: { name: 'Pool' } } as unknown as pg.Pool;
    const perSocket = createRateLimiter({ pool }, { ...threeASecond, shared: false });
    expect(await perSocket.take('ada')).toBe(true);
    expect(query).not.toHaveBeenCalled();
  });
});
