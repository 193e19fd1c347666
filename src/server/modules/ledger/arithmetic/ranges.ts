import type { PerformanceRange } from '../../../../shared/portfolio/ledger/types';
import { monthsBefore, startOfYear } from './dates';

/**
 * The days a range covers, both ends included. The start value is the value at the close of the day before `from`,
 * so 1M/3M/6M/1Y start the day after the same date 1, 3, 6 or 12 months back: 1Y then spans exactly a year of
 * returns (and is annualised). A range reaching back before the first activity starts at the first activity, since
 * before it there was nothing to measure; ALL is exactly that.
 */
export function rangeDays(range: PerformanceRange, today: number, firstActivity: number): { from: number; to: number } {
  const months: Partial<Record<PerformanceRange, number>> = { '1M': 1, '3M': 3, '6M': 6, '1Y': 12 };
  let from: number;
  if (range === 'ALL') from = firstActivity;
  else if (range === 'YTD') from = startOfYear(today);
  else from = monthsBefore(today, months[range]!) + 1;
  return { from: Math.min(Math.max(from, firstActivity), today), to: today };
}
