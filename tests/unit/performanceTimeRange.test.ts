import { describe, expect, it } from 'vitest';
import { performanceTimeRange } from '../../src/client/features/portfolio/ledger/timeRange';

describe('performanceTimeRange', () => {
  it('shows a lone day with a day either side, not years of empty axis', () => {
    const today = Date.UTC(2026, 10, 28) / 1000;
    expect(performanceTimeRange(today, today)).toEqual([today - 86_400, today + 86_400]);
  });

  it('keeps a range of several days as it is', () => {
    expect(performanceTimeRange(1_000_000, 1_864_000)).toEqual([1_000_000, 1_864_000]);
  });
});
