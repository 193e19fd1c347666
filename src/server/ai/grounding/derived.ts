import type { Fact, FactIndex } from './facts';
import { lowerBound } from './facts';
import type { NumberUnit } from './numbers';

/**
 * Simple values an answer may compute from two tool values: the difference of two prices (or of two percentages,
 * in points), and the percent change from one price to another. Only pairs of the same unit count, so an invented
 * price is not excused by some chance combination of unrelated numbers. Nothing is precomputed: for a number
 * that matched no tool value, each value a of the unit is paired by binary search with the b that would produce
 * it, O(n log n) per number and no allocation per pair.
 */

export interface DerivedValue {
  value: number;
  unit: NumberUnit;
  a: Fact;
  b: Fact;
  op: 'difference' | 'percent change';
}

/** Pairs are formed among at most this many distinct values per unit (a turn rarely has more than a few dozen). */
const MAX_VALUES_PER_UNIT = 200;

interface Sorted {
  values: Float64Array;
  facts: Fact[];
}

export interface DerivedIndex {
  usd: Sorted;
  percent: Sorted;
}

function sortedDistinct(facts: readonly Fact[], unit: NumberUnit): Sorted {
  const seen = new Map<number, Fact>();
  for (const f of facts) {
    if (f.unit !== unit || f.value === 0 || seen.has(f.value)) continue;
    seen.set(f.value, f);
    if (seen.size >= MAX_VALUES_PER_UNIT) break;
  }
  const list = [...seen.values()].sort((x, y) => x.value - y.value);
  return { values: Float64Array.from(list, (f) => f.value), facts: list };
}

export function buildDerivedIndex(index: FactIndex): DerivedIndex {
  return { usd: sortedDistinct(index.numbers, 'usd'), percent: sortedDistinct(index.numbers, 'percent') };
}

/** A value in [lo, hi] of the sorted list, other than `except`. */
function within(sorted: Sorted, lo: number, hi: number, except: number): Fact | null {
  for (let i = lowerBound(sorted.values, lo); i < sorted.values.length && sorted.values[i] <= hi; i++) {
    if (i !== except) return sorted.facts[i];
  }
  return null;
}

function difference(sorted: Sorted, target: number, tolerance: number, unit: NumberUnit): DerivedValue | null {
  const { values, facts } = sorted;
  for (let i = 0; i < values.length; i++) {
    const a = values[i];
    const b = within(sorted, a - target - tolerance, a - target + tolerance, i);
    if (b) return { value: Math.abs(a - b.value), unit, a: facts[i], b, op: 'difference' };
  }
  return null;
}

function percentChange(sorted: Sorted, target: number, tolerance: number): DerivedValue | null {
  const { values, facts } = sorted;
  const up = [1 + (target - tolerance) / 100, 1 + (target + tolerance) / 100];
  const down = [1 - (target + tolerance) / 100, 1 - (target - tolerance) / 100];
  for (let i = 0; i < values.length; i++) {
    const a = values[i];
    if (a <= 0) continue;
    // a is the later value and rose from b (a / b - 1 = +target %), or fell from b (a / b - 1 = -target %).
    let b = within(sorted, a / up[1], a / up[0], i);
    if (!b && down[0] > 0) b = within(sorted, a / down[1], a / down[0], i);
    if (b) return { value: Math.abs((a / b.value - 1) * 100), unit: 'percent', a: facts[i], b, op: 'percent change' };
  }
  return null;
}

export function findDerived(
  derived: DerivedIndex,
  value: number,
  tolerance: number,
  unit: NumberUnit,
): DerivedValue | null {
  const target = Math.abs(value);
  if (unit !== 'percent') {
    const d = difference(derived.usd, target, tolerance, 'usd');
    if (d) return d;
  }
  if (unit !== 'usd') {
    return percentChange(derived.usd, target, tolerance) ?? difference(derived.percent, target, tolerance, 'percent');
  }
  return null;
}
