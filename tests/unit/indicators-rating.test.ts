import { describe, expect, it } from 'vitest';
import { rateStock, ratingForScore } from '../../src/shared/indicators';

const DAY = 86_400_000;

function series(n: number, price: (i: number) => number) {
  const times = Array.from({ length: n }, (_, i) => i * DAY);
  return { times, closes: times.map((_, i) => price(i)) };
}

const FACTOR_KEYS = [
  'trend_ma20',
  'trend_ma50',
  'trend_ma200',
  'crossover',
  'momentum_1m',
  'momentum_6m',
  'rsi',
  'volatility',
  'drawdown',
  'valuation',
];

describe('stock rating', () => {
  it('maps scores onto the five ratings', () => {
    expect(ratingForScore(9)).toBe('Strong Buy');
    expect(ratingForScore(6)).toBe('Strong Buy');
    expect(ratingForScore(2)).toBe('Buy');
    expect(ratingForScore(0)).toBe('Hold');
    expect(ratingForScore(-2)).toBe('Sell');
    expect(ratingForScore(1.99)).toBe('Hold');
    expect(ratingForScore(-1.99)).toBe('Hold');
    expect(ratingForScore(-5.99)).toBe('Sell');
    expect(ratingForScore(-6)).toBe('Strong Sell');
  });

  it('rates a steady, gently wavy uptrend with a fair P/E as a buy and explains every factor', () => {
    const { times, closes } = series(365, (i) => 100 * Math.exp(0.0012 * i) * (1 + 0.01 * Math.sin(i / 3)));
    const result = rateStock({ times, closes, pe: 20 });
    expect(result.factors.map((f) => f.key)).toEqual(FACTOR_KEYS);
    expect(['Buy', 'Strong Buy']).toContain(result.rating);
    expect(result.factors.find((f) => f.key === 'trend_ma200')!.score).toBe(2);
    expect(result.factors.find((f) => f.key === 'valuation')!.score).toBe(0.5);
    const total = result.factors.reduce((sum, f) => sum + f.score, 0);
    expect(result.score).toBeCloseTo(total, 2);
    for (const f of result.factors) {
      expect(f.explanation.length).toBeGreaterThan(10);
      expect(Math.abs(f.score)).toBeLessThanOrEqual(2);
    }
  });

  it('rates a long slide with losses (negative P/E) as a sell', () => {
    const { times, closes } = series(365, (i) => 100 * Math.exp(-0.002 * i) * (1 + 0.01 * Math.sin(i / 3)));
    const result = rateStock({ times, closes, pe: -4 });
    expect(['Sell', 'Strong Sell']).toContain(result.rating);
    expect(result.factors.find((f) => f.key === 'drawdown')!.score).toBeLessThan(0);
    expect(result.factors.find((f) => f.key === 'valuation')!.score).toBe(-1);
  });

  it('reports a fresh crossover and leaves out what short history cannot tell', () => {
    // Falls for 60 days then rises sharply: MA20 crosses back above MA50 near the end.
    const { times, closes } = series(80, (i) => (i < 60 ? 100 - i * 0.5 : 70 + (i - 60) * 2));
    const result = rateStock({ times, closes, pe: null });
    const crossover = result.factors.find((f) => f.key === 'crossover')!;
    expect(crossover.value).toBe('Buy signal');
    expect(crossover.score).toBe(1.5);
    const longTrend = result.factors.find((f) => f.key === 'trend_ma200')!;
    expect(longTrend.value).toBe('n/a');
    expect(longTrend.score).toBe(0);
    const valuation = result.factors.find((f) => f.key === 'valuation')!;
    expect(valuation.value).toBe('N/A');
    expect(valuation.score).toBe(0);
    expect(result.factors.find((f) => f.key === 'momentum_6m')!.value).toBe('n/a');
  });
});
