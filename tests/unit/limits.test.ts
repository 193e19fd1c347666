import { describe, expect, it } from 'vitest';
import { DAILY_LIMITS, nextUtcMidnight, utcDay } from '../../src/shared/limits';

describe('daily limits', () => {
  it('are the spec defaults', () => {
    expect(DAILY_LIMITS).toEqual({ chatMessages: 10, graphGenerations: 5, portfolioAnalyses: 2 });
  });

  it('reset at the next midnight UTC', () => {
    expect(nextUtcMidnight(Date.UTC(2025, 0, 15, 13, 45)).toISOString()).toBe('2025-01-16T00:00:00.000Z');
    expect(nextUtcMidnight(new Date('2025-01-15T23:59:59.999Z')).toISOString()).toBe('2025-01-16T00:00:00.000Z');
    // At midnight itself the day has just started: the next reset is a full day away.
    expect(nextUtcMidnight(Date.UTC(2025, 0, 16)).toISOString()).toBe('2025-01-17T00:00:00.000Z');
    expect(nextUtcMidnight(Date.UTC(2024, 11, 31, 12)).toISOString()).toBe('2025-01-01T00:00:00.000Z');
  });

  it('count per UTC day, whatever the local time zone', () => {
    expect(utcDay(Date.UTC(2025, 0, 15, 23, 59))).toBe('2025-01-15');
    expect(utcDay(new Date('2025-01-16T00:00:00+02:00'))).toBe('2025-01-15');
  });
});
