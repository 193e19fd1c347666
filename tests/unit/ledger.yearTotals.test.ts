import { describe, expect, it } from 'vitest';
import { yearTotals } from '../../src/client/features/portfolio/ledger/yearTotals';

describe("the monthly grid's yearly totals (issue 27 §6)", () => {
  it('compounds the months of each year, not adds them', () => {
    const totals = yearTotals([
      { month: '2025-11', twr: '0.10000000' },
      { month: '2025-12', twr: '-0.10000000' },
      { month: '2026-01', twr: '0.05000000' },
      { month: '2026-02', twr: null },
      { month: '2026-03', twr: '0.02000000' },
    ]);
    // 1.1 × 0.9 − 1 = −1 % (adding would say 0 %); 1.05 × 1.02 − 1 = 7.1 %.
    expect(totals.get('2025')).toBe('-0.01000000');
    expect(totals.get('2026')).toBe('0.07100000');
  });

  it('answers null for a year with nothing invested', () => {
    expect(yearTotals([{ month: '2024-05', twr: null }]).get('2024')).toBeNull();
  });
});
