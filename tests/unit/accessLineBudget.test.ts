import { describe, expect, it } from 'vitest';
import { AccessLineBudget, type SkippedLines } from '../../src/server/http/accessLineBudget';

describe('AccessLineBudget', () => {
  it('allows a number of lines per route per second and counts the rest', () => {
    const reported: SkippedLines[] = [];
    const budget = new AccessLineBudget((held) => reported.push(held), 2);
    const t = 1_700_000_000_000;
    expect([1, 2, 3, 4].map(() => budget.take('/a', t))).toEqual([true, true, false, false]);
    // Each route has its own budget.
    expect(budget.take('/b', t + 10)).toBe(true);
    expect(reported).toEqual([]);
    expect(budget.take('/a', t + 1000)).toBe(true);
    expect(reported).toEqual([{ route: '/a', skipped: 2, second: t / 1000 }]);
    // The ended second is reported once.
    budget.take('/b', t + 1001);
    expect(reported).toHaveLength(1);
  });

  it('reports nothing when every line was written', () => {
    const reported: SkippedLines[] = [];
    const budget = new AccessLineBudget((held) => reported.push(held), 5);
    budget.take('/a', 0);
    budget.take('/a', 5_000);
    expect(reported).toEqual([]);
  });
});
