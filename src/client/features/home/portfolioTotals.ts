import type { PortfolioSummary } from '../../../shared/portfolio/types';

export interface CombinedTotals {
  /** Sum of the portfolios' values, as a decimal string rounded to cents. */
  totalValue: string;
  /** Sum of today's moves, same form. */
  dayChange: string;
  /** Today's move against yesterday's close of the same holdings (value - change); null when that is zero. */
  dayChangePercent: string | null;
}

/** "12.34" -> 1234: money strings are added in whole cents, so no binary fraction creeps into the sum. */
const cents = (value: string) => Math.round(Number(value) * 100);
const money = (inCents: number) => (inCents / 100).toFixed(2);

/**
 * Issue 27 §3: the portfolios' totals per base currency, largest group first. Portfolios kept in different
 * currencies are never added together (their figures are each in their own base); each currency is its own line.
 */
export function totalsByCurrency(
  portfolios: readonly PortfolioSummary[],
): Array<CombinedTotals & { currency: string }> {
  const groups = new Map<string, PortfolioSummary[]>();
  for (const p of portfolios) groups.set(p.baseCurrency, [...(groups.get(p.baseCurrency) ?? []), p]);
  return [...groups]
    .sort(([, a], [, b]) => b.length - a.length)
    .map(([currency, group]) => ({ currency, ...combineTotals(group) }));
}

/** What a set of portfolios in one currency is worth together, and how much of that moved today. */
export function combineTotals(portfolios: readonly PortfolioSummary[]): CombinedTotals {
  let value = 0;
  let change = 0;
  for (const p of portfolios) {
    value += cents(p.totalValue);
    change += cents(p.dayChange);
  }
  const yesterday = value - change;
  return {
    totalValue: money(value),
    dayChange: money(change),
    dayChangePercent: yesterday === 0 ? null : ((change / yesterday) * 100).toFixed(2),
  };
}
