import { Dec } from '../../../../shared/portfolio/decimal';
import type { AllocationSlice, PortfolioAllocation, ValuedHolding } from '../../../../shared/portfolio/types';
import { cents, percentOf, ZERO } from '../money';

/** Priced holdings split by holding and by sector / instrument type, each with its exact share of the value. */
export function buildAllocation(
  holdings: readonly ValuedHolding[],
  groupOf: (symbol: string) => string,
): PortfolioAllocation {
  const priced = holdings.filter((h): h is ValuedHolding & { totalValue: string } => h.totalValue !== null);
  const total = priced.reduce((sum, h) => sum.plus(h.totalValue), ZERO);
  const slice = (label: string, detail: string, value: Dec): AllocationSlice => ({
    label,
    detail,
    value: cents(value),
    weight: percentOf(value, total) ?? '0.00',
  });
  const byValue = (a: AllocationSlice, b: AllocationSlice) =>
    new Dec(b.value).cmp(a.value) || a.label.localeCompare(b.label);

  const groups = new Map<string, Dec>();
  for (const h of priced) {
    const group = groupOf(h.symbol);
    groups.set(group, (groups.get(group) ?? ZERO).plus(h.totalValue));
  }
  return {
    byHolding: priced.map((h) => slice(h.symbol, h.name, new Dec(h.totalValue))).sort(byValue),
    bySector: [...groups].map(([group, value]) => slice(group, '', value)).sort(byValue),
  };
}
