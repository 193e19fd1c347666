import type { PerformanceAnswer } from '../../../../shared/portfolio/ledger/types';

/**
 * Each year's return from its months' time-weighted returns, compounded: Π(1 + r_month) − 1 (issue 27 §6). The
 * engine links days into months exactly, so this is the TWR of the part of the year within the range. A month
 * without a meaningful return (nothing invested) adds nothing; a year with none is null ("not meaningful").
 */
export function yearTotals(months: PerformanceAnswer['monthlyReturns']): Map<string, string | null> {
  const growth = new Map<string, number | null>();
  for (const { month, twr } of months) {
    const year = month.slice(0, 4);
    const before = growth.get(year) ?? null;
    if (twr === null) growth.set(year, before);
    else growth.set(year, (before ?? 1) * (1 + Number(twr)));
  }
  return new Map([...growth].map(([year, g]) => [year, g === null ? null : (g - 1).toFixed(8)]));
}
