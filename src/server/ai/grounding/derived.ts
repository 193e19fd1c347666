import type { Fact, FactIndex } from './facts';
import { lowerBound } from './facts';
import type { NumberUnit } from './numbers';

/**
 * Simple values an answer may compute from two tool values: the difference of two prices (or of two percentages,
 * in points), and the percent change from one price to another. Only pairs of the same unit count, so an invented
 * price is not excused by some chance combination of unrelated numbers. Built once per answer, on first need.
 */

export interface DerivedValue {
  value: number;
  unit: NumberUnit;
  a: Fact;
  b: Fact;
  op: 'difference' | 'percent change';
}

/** Pairs are formed among at most this many distinct values per unit (a turn rarely has more than a few dozen). */
const MAX_VALUES_PER_UNIT = 160;

export interface DerivedIndex {
  values: DerivedValue[];
  sorted: Float64Array;
}

function distinct(facts: Fact[]): Fact[] {
  const seen = new Set<number>();
  const out: Fact[] = [];
  for (const f of facts) {
    if (f.value === 0 || seen.has(f.value)) continue;
    seen.add(f.value);
    out.push(f);
    if (out.length >= MAX_VALUES_PER_UNIT) break;
  }
  return out;
}

export function buildDerivedIndex(index: FactIndex): DerivedIndex {
  const values: DerivedValue[] = [];
  const usd = distinct(index.numbers.filter((f) => f.unit === 'usd'));
  const percent = distinct(index.numbers.filter((f) => f.unit === 'percent'));
  for (let i = 0; i < usd.length; i++) {
    for (let j = i + 1; j < usd.length; j++) {
      const a = usd[i];
      const b = usd[j];
      values.push({ value: Math.abs(a.value - b.value), unit: 'usd', a, b, op: 'difference' });
      if (b.value > 0) values.push({ value: Math.abs((a.value / b.value - 1) * 100), unit: 'percent', a, b, op: 'percent change' });
      if (a.value > 0) values.push({ value: Math.abs((b.value / a.value - 1) * 100), unit: 'percent', a: b, b: a, op: 'percent change' });
    }
  }
  for (let i = 0; i < percent.length; i++) {
    for (let j = i + 1; j < percent.length; j++) {
      values.push({ value: Math.abs(percent[i].value - percent[j].value), unit: 'percent', a: percent[i], b: percent[j], op: 'difference' });
    }
  }
  values.sort((x, y) => x.value - y.value);
  return { values, sorted: Float64Array.from(values, (v) => v.value) };
}

export function findDerived(derived: DerivedIndex, value: number, tolerance: number, unit: NumberUnit): DerivedValue | null {
  const target = Math.abs(value);
  for (let i = lowerBound(derived.sorted, target - tolerance); i < derived.values.length; i++) {
    const candidate = derived.values[i];
    if (candidate.value > target + tolerance) break;
    if (unit === 'plain' || candidate.unit === unit) return candidate;
  }
  return null;
}
