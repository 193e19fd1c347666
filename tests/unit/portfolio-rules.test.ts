import { describe, expect, it } from 'vitest';
import type { RuleContext, RulePosition } from '../../src/server/modules/portfolios/analysis/context';
import { betaRule } from '../../src/server/modules/portfolios/analysis/rules/beta';
import { cashLikeShareRule } from '../../src/server/modules/portfolios/analysis/rules/cashLikeShare';
import { holdingsCountRule } from '../../src/server/modules/portfolios/analysis/rules/holdingsCount';
import { PORTFOLIO_RULES } from '../../src/server/modules/portfolios/analysis/rules';
import { largestPositionRule } from '../../src/server/modules/portfolios/analysis/rules/largestPosition';
import { maxDrawdownRule } from '../../src/server/modules/portfolios/analysis/rules/maxDrawdown';
import { sectorConcentrationRule } from '../../src/server/modules/portfolios/analysis/rules/sectorConcentration';
import { topThreeWeightRule } from '../../src/server/modules/portfolios/analysis/rules/topThreeWeight';
import { unrealisedLossesRule } from '../../src/server/modules/portfolios/analysis/rules/unrealisedLosses';
import { volatilityRule } from '../../src/server/modules/portfolios/analysis/rules/volatility';
import {
  betaAgainst,
  holdingsValueSeries,
  maxDrawdownPercent,
  type Series,
} from '../../src/server/modules/portfolios/analysis/series';
import { allocationGroup, isCashLike } from '../../src/server/modules/portfolios/analysis/classify';

const DAY = 86_400_000;

function position(symbol: string, weight: number, extra: Partial<RulePosition> = {}): RulePosition {
  return {
    symbol,
    name: symbol,
    value: weight * 100,
    weight,
    gainLossPercent: 5,
    group: 'Technology',
    diversifiedFund: false,
    cashLike: false,
    ...extra,
  };
}

function context(positions: RulePosition[], extra: Partial<RuleContext> = {}): RuleContext {
  return {
    positions: [...positions].sort((a, b) => b.weight - a.weight),
    holdingsCount: positions.length,
    valueSeries: null,
    benchmark: null,
    ...extra,
  };
}

/** A daily series from a list of values. */
function daily(values: number[]): Series {
  return { times: values.map((_, i) => i * DAY), values };
}

/** A deterministic wiggly market path. */
function marketPath(n: number): number[] {
  const out = [100];
  for (let i = 1; i < n; i++) out.push(out[i - 1] * (1 + 0.01 * Math.sin(i * 1.7) + 0.004 * Math.cos(i * 0.3)));
  return out;
}

const EMPTY = context([]);

describe('largest position', () => {
  it('warns above 25% with the symbol and figure in the sentence', () => {
    const result = largestPositionRule.evaluate(
      context([position('AAPL', 42.14), position('MSFT', 57.86 / 2), position('KO', 57.86 / 2)]),
    );
    expect(result).toMatchObject({ status: 'warn', value: 42.1, threshold: 25 });
    expect(result.sentence).toBe(
      'Your largest position, AAPL, is 42.1% of the portfolio, above the 25% limit for a single holding.',
    );
  });
  it('passes at 20% and is unavailable without positions', () => {
    const five = ['A', 'B', 'C', 'D', 'E'].map((s) => position(s, 20));
    expect(largestPositionRule.evaluate(context(five))).toMatchObject({ status: 'pass', value: 20 });
    expect(largestPositionRule.evaluate(EMPTY)).toMatchObject({ status: 'unavailable', value: null });
  });
});

describe('top three weight', () => {
  it('sums the three largest and names them', () => {
    const result = topThreeWeightRule.evaluate(
      context([position('A', 30), position('B', 25), position('C', 15), position('D', 15), position('E', 15)]),
    );
    expect(result).toMatchObject({ status: 'warn', value: 70, threshold: 60 });
    expect(result.sentence).toContain('(A, B, C) make up 70.0%');
  });
  it('passes for an even spread of ten', () => {
    const ten = Array.from({ length: 10 }, (_, i) => position(`S${i}`, 10));
    expect(topThreeWeightRule.evaluate(context(ten))).toMatchObject({ status: 'pass', value: 30 });
  });
});

describe('sector concentration', () => {
  it('warns when one sector passes 40%, ignoring funds that spread across sectors', () => {
    const result = sectorConcentrationRule.evaluate(
      context([
        position('SPY', 50, { group: 'ETF', diversifiedFund: true }),
        position('JPM', 45, { group: 'Financial Services' }),
        position('AAPL', 5),
      ]),
    );
    expect(result).toMatchObject({ status: 'warn', value: 45 });
    expect(result.sentence).toBe(
      'Financial Services is your largest sector at 45.0% of the portfolio, above the 40% limit for one sector.',
    );
  });
  it('passes for funds only and for a spread across sectors', () => {
    expect(
      sectorConcentrationRule.evaluate(context([position('SPY', 100, { group: 'ETF', diversifiedFund: true })])),
    ).toMatchObject({
      status: 'pass',
      value: 0,
    });
    const spread = ['Technology', 'Healthcare', 'Energy'].map((g, i) => position(`S${i}`, 100 / 3, { group: g }));
    expect(sectorConcentrationRule.evaluate(context(spread))).toMatchObject({ status: 'pass', value: 33.3 });
  });
});

describe('number of holdings', () => {
  it('warns under 5 and passes at 5', () => {
    expect(holdingsCountRule.evaluate(context([position('A', 50), position('B', 50)]))).toMatchObject({
      status: 'warn',
      value: 2,
      sentence: 'You hold 2 positions, fewer than the 5 that spread single-company risk.',
    });
    const five = ['A', 'B', 'C', 'D', 'E'].map((s) => position(s, 20));
    expect(holdingsCountRule.evaluate(context(five))).toMatchObject({ status: 'pass', value: 5 });
    expect(holdingsCountRule.evaluate(EMPTY).status).toBe('unavailable');
  });
});

describe('volatility and drawdown over a year of daily values', () => {
  it('measures a calm series as passing and a wild one as a warning', () => {
    const calm = daily(Array.from({ length: 252 }, (_, i) => 100 * (1 + 0.002 * Math.sin(i))));
    const wild = daily(Array.from({ length: 252 }, (_, i) => 100 * (1 + 0.05 * (i % 2 === 0 ? 1 : -1))));
    const calmResult = volatilityRule.evaluate(context([position('A', 100)], { valueSeries: calm }));
    const wildResult = volatilityRule.evaluate(context([position('A', 100)], { valueSeries: wild }));
    expect(calmResult.status).toBe('pass');
    expect(calmResult.value!).toBeLessThan(25);
    expect(wildResult.status).toBe('warn');
    expect(wildResult.value!).toBeGreaterThan(100);
    expect(wildResult.sentence).toContain(`${wildResult.value!.toFixed(1)}%`);
    expect(volatilityRule.evaluate(context([position('A', 100)])).status).toBe('unavailable');
  });

  it('finds the deepest fall from a running high', () => {
    expect(maxDrawdownPercent([100, 120, 90, 130, 117])).toBeCloseTo(25, 10);
    expect(maxDrawdownPercent([1, 2, 3])).toBe(0);
    const result = maxDrawdownRule.evaluate(
      context([position('A', 100)], { valueSeries: daily([100, 120, 90, 130, 117]) }),
    );
    expect(result).toMatchObject({ status: 'warn', value: 25 });
    expect(result.sentence).toBe(
      'The deepest fall of your holdings from a high over the past year was 25.0%, more than the 20% limit.',
    );
    expect(
      maxDrawdownRule.evaluate(context([position('A', 100)], { valueSeries: daily([100, 95, 110]) })),
    ).toMatchObject({
      status: 'pass',
      value: 5,
    });
  });
});

describe('beta against SPY', () => {
  const market = marketPath(252);
  it('is 1 for the market itself and 2 for twice its daily moves', () => {
    const bench = daily(market);
    expect(betaAgainst(bench, bench)).toBeCloseTo(1, 10);
    const doubled = [100];
    for (let i = 1; i < market.length; i++) doubled.push(doubled[i - 1] * (1 + 2 * (market[i] / market[i - 1] - 1)));
    expect(betaAgainst(daily(doubled), bench)).toBeCloseTo(2, 10);
    const result = betaRule.evaluate(context([position('A', 100)], { valueSeries: daily(doubled), benchmark: bench }));
    expect(result).toMatchObject({ status: 'warn', value: 2, threshold: 1.2, unit: 'ratio' });
    expect(result.sentence).toContain('is 2.00, above the 1.2 limit');
    expect(betaRule.evaluate(context([position('A', 100)], { valueSeries: bench, benchmark: bench }))).toMatchObject({
      status: 'pass',
      value: 1,
    });
  });
  it('uses only the days both series have and needs enough of them', () => {
    expect(betaAgainst(daily(market.slice(0, 10)), daily(market.slice(0, 10)))).toBeNull();
    expect(betaRule.evaluate(context([position('A', 100)], { valueSeries: daily(market) })).status).toBe('unavailable');
  });
});

describe('cash-like ETFs', () => {
  it('warns above 20% and names the funds', () => {
    const result = cashLikeShareRule.evaluate(
      context([position('SGOV', 30, { cashLike: true }), position('BIL', 5, { cashLike: true }), position('AAPL', 65)]),
    );
    expect(result).toMatchObject({ status: 'warn', value: 35 });
    expect(result.sentence).toContain('Cash-like ETFs (SGOV, BIL) are 35.0% of the portfolio, above the 20% limit');
    expect(cashLikeShareRule.evaluate(context([position('AAPL', 100)]))).toMatchObject({ status: 'pass', value: 0 });
  });
  it('recognises T-bill funds by ticker or by name', () => {
    expect(isCashLike('SGOV', null)).toBe(true);
    const profile = {
      symbol: 'XYZ',
      name: 'Acme 0-3 Month Treasury Bill ETF',
      exchange: '',
      type: 'ETF',
      sector: null,
      description: '',
      marketCap: null,
      pe: null,
      currency: 'USD',
    };
    expect(isCashLike('XYZ', profile)).toBe(true);
    expect(isCashLike('XYZ', { ...profile, type: 'EQUITY' })).toBe(false);
    expect(allocationGroup({ ...profile, type: 'ETF' })).toBe('ETF');
    expect(allocationGroup({ ...profile, type: 'EQUITY', sector: 'Energy' })).toBe('Energy');
  });
});

describe('unrealised losses', () => {
  it('warns when a position is down more than 20% and names the deepest', () => {
    const result = unrealisedLossesRule.evaluate(
      context([
        position('TSLA', 40, { gainLossPercent: -32.5 }),
        position('F', 30, { gainLossPercent: -4 }),
        position('KO', 30),
      ]),
    );
    expect(result).toMatchObject({ status: 'warn', value: 32.5 });
    expect(result.sentence).toBe(
      '2 of 3 positions are below cost; the deepest, TSLA, is down 32.5%, more than the 20% limit.',
    );
  });
  it('passes small losses and no losses, and ignores positions that cost nothing', () => {
    expect(
      unrealisedLossesRule.evaluate(context([position('F', 50, { gainLossPercent: -4 }), position('KO', 50)])),
    ).toMatchObject({
      status: 'pass',
      value: 4,
    });
    expect(unrealisedLossesRule.evaluate(context([position('GIFT', 100, { gainLossPercent: null })]))).toMatchObject({
      status: 'pass',
      value: 0,
    });
  });
});

describe('every rule', () => {
  it('answers with its figure and threshold in the sentence, or says it is unavailable', () => {
    const bench = daily(marketPath(252));
    const rich = context(
      [
        position('AAPL', 60, { gainLossPercent: -30 }),
        position('SGOV', 40, { cashLike: true, group: 'ETF', diversifiedFund: true }),
      ],
      { valueSeries: bench, benchmark: bench },
    );
    for (const rule of PORTFOLIO_RULES) {
      const result = rule.evaluate(rich);
      expect(result.key).toBe(rule.key);
      expect(['pass', 'warn']).toContain(result.status);
      expect(result.sentence).toMatch(/\d/);
      const threshold = result.unit === 'ratio' ? result.threshold.toFixed(1) : String(result.threshold);
      expect(result.sentence, rule.key).toContain(threshold);
      const empty = rule.evaluate(EMPTY);
      expect(empty.status).toBe('unavailable');
    }
  });
});

describe('value of fixed quantities over time', () => {
  it('carries closes forward across gaps and starts once every holding has a price', () => {
    const series = holdingsValueSeries([
      { quantity: 2, times: [1, 2, 3, 4], closes: [10, 11, 12, 13] },
      // Listed later, and with a gap at 4.
      { quantity: 1, times: [2, 3, 5], closes: [100, 90, 95] },
    ]);
    expect(series.times).toEqual([2, 3, 4, 5]);
    expect(series.values).toEqual([122, 114, 116, 121]);
    expect(holdingsValueSeries([])).toEqual({ times: [], values: [] });
  });
});
