import { describe, expect, it } from 'vitest';
import { xirr } from '../../src/server/modules/ledger/arithmetic/xirr';

/**
 * Published vectors: Excel's XIRR help page and Portfolio Performance's IRR tests (365-day years, like Excel). The
 * published figures are those programs' own iterates (Excel stops within 1e−8; Portfolio Performance prints 7
 * decimals, truncated), so each is also pinned to the exact root, found with 40-digit decimal bisection.
 */
describe('xirr', () => {
  it('matches the Excel XIRR example (0.373362535) and its exact root', () => {
    const rate = xirr([
      { date: '2008-01-01', amount: -10000 },
      { date: '2008-03-01', amount: 2750 },
      { date: '2008-10-30', amount: 4250 },
      { date: '2009-02-15', amount: 3250 },
      { date: '2009-04-01', amount: 2750 },
    ]);
    expect(Math.abs(rate! - 0.373362535)).toBeLessThan(2e-9);
    expect(rate).toBeCloseTo(0.3733625335188315, 13);
  });

  it("matches Portfolio Performance's one-year case (0.0501407) and its closed form", () => {
    const rate = xirr([
      { date: '2010-01-01', amount: -200 },
      { date: '2010-12-31', amount: 210 },
    ]);
    expect(Math.abs(rate! - 0.0501407)).toBeLessThan(1e-7);
    // Two flows have a closed form: 1.05^(365/364) − 1.
    expect(rate).toBeCloseTo(0.05014075029097829, 14);
  });

  it("matches Portfolio Performance's near −100 % case to 9 decimals, with no NaN", () => {
    const rate = xirr([
      { date: '2019-05-24', amount: -1560.94 },
      { date: '2020-01-13', amount: -1160 },
      { date: '2020-06-29', amount: 42.8 },
    ]);
    expect(rate).toBeCloseTo(-0.999251643, 9);
  });

  it('answers −100 % for a loss too deep for a double, never NaN or null', () => {
    const rate = xirr([
      { date: '2024-01-02', amount: -10000 },
      { date: '2024-01-03', amount: 1 },
    ]);
    expect(rate).toBe(-1);
  });

  it('answers a huge but finite rate for a short big gain', () => {
    const rate = xirr([
      { date: '2024-01-02', amount: -100 },
      { date: '2024-01-03', amount: 110 },
    ]);
    expect(rate).toBeCloseTo(1.1 ** 365 - 1, -10);
    expect(Number.isFinite(rate)).toBe(true);
  });

  it('is not meaningful (null) when the flows have one sign, are on one day, or are too few', () => {
    expect(xirr([{ date: '2024-01-02', amount: -100 }])).toBeNull();
    expect(
      xirr([
        { date: '2024-01-02', amount: 100 },
        { date: '2024-02-02', amount: 50 },
      ]),
    ).toBeNull();
    expect(
      xirr([
        { date: '2024-01-02', amount: -100 },
        { date: '2024-01-02', amount: 150 },
      ]),
    ).toBeNull();
    expect(xirr([])).toBeNull();
  });

  it('answers zero for flows that give back exactly what went in', () => {
    const rate = xirr([
      { date: '2024-01-02', amount: -100 },
      { date: '2025-01-02', amount: 100 },
    ]);
    expect(rate).toBeCloseTo(0, 12);
  });
});
