import { describe, expect, it } from 'vitest';
import { AccessLineBudget } from '../../src/server/http/accessLineBudget';

describe('AccessLineBudget', () => {
  it('allows a number of lines per route per second and counts the rest', () => {
    const budget = new AccessLineBudget(2);
    const t = 1_700_000_000_000;
    expect([1, 2, 3, 4].map(() => budget.take('/a', t).allowed)).toEqual([true, true, false, false]);
    // Each route has its own budget.
    expect(budget.take('/b', t + 10).allowed).toBe(true);
    const next = budget.take('/a', t + 1000);
    expect(next.allowed).toBe(true);
    expect(next.ended).toEqual([{ route: '/a', skipped: 2, second: t / 1000 }]);
    // The ended second is reported once.
    expect(budget.take('/b', t + 1001).ended).toEqual([]);
  });

  it('reports nothing when every line was written', () => {
    const budget = new AccessLineBudget(5);
    budget.take('/a', 0);
    expect(budget.take('/a', 5_000).ended).toEqual([]);
  });
});
