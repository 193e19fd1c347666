/**
 * The portfolio valuation's bigint decimals (portfolios/exact.ts, issue 29 §3) against decimal.js, which valued
 * holdings before: parsing, banker's rounding at the cent, canonical text, and whole valuations of random holdings
 * compared figure by figure with a decimal.js reference of the same rules.
 */
import { describe, expect, it } from 'vitest';
import {
  cents,
  exactOf,
  exactOfPrice,
  minus,
  plainText,
  plus,
  times,
  toNumber,
} from '../../src/server/modules/portfolios/exact';
import { percentOf, percentOfExact } from '../../src/server/modules/portfolios/money';
import { valueHoldings, type HoldingRecord } from '../../src/server/modules/portfolios/valuation';
import type { QuotesMap } from '../../src/shared/market/types';
import { Dec } from '../../src/shared/portfolio/decimal';
import { seeded } from '../../src/shared/seededRandom';

describe('exact decimals', () => {
  it.each([
    ['12', '12'],
    ['0.5', '0.5'],
    ['.5', '0.5'],
    ['-3.25', '-3.25'],
    ['1.50', '1.5'],
    ['1e-7', '0.0000001'],
    ['1.5e-7', '0.00000015'],
    ['-2.5e+3', '-2500'],
    ['1e21', '1000000000000000000000'],
    ['0.000', '0'],
  ])('reads %s as %s', (text, plain) => {
    expect(plainText(exactOf(text))).toBe(plain);
    expect(plainText(exactOf(text))).toBe(new Dec(text).toFixed());
  });

  it.each(['', '-', '.', 'abc', '1.2.3', '1e', '12,5'])('refuses %j', (text) => {
    expect(() => exactOf(text)).toThrow(/Not a decimal/);
  });

  it.each([
    ['1.005', '1.00'],
    ['1.015', '1.02'],
    ['1.0051', '1.01'],
    ['-1.005', '-1.00'],
    ['-1.015', '-1.02'],
    ['-0.005', '0.00'],
    ['-0.004', '0.00'],
    ['-0.0051', '-0.01'],
    ['2.5', '2.50'],
    ['123456789012345678.125', '123456789012345678.12'],
  ])('rounds %s to %s cents, half to even, never -0.00', (text, expected) => {
    expect(cents(exactOf(text))).toBe(expected);
  });

  it('adds, subtracts and multiplies across scales exactly', () => {
    const sum = plus(exactOf('0.1'), exactOf('0.2'));
    expect(plainText(sum)).toBe('0.3');
    expect(plainText(minus(exactOf('1'), exactOf('0.999999999')))).toBe('0.000000001');
    expect(plainText(times(exactOf('999999999.99999999'), exactOf('9999999.99999999')))).toBe(
      new Dec('999999999.99999999').times('9999999.99999999').toFixed(),
    );
    expect(toNumber(exactOfPrice(230.17))).toBe(230.17);
  });

  it('leaves a percent at a half to the exact division, as the decimal.js one does', () => {
    for (const [part, whole] of [
      ['12.125', '100'],
      ['-0.125', '1000'],
      ['1', '3'],
      ['0', '7'],
    ])
      expect(percentOfExact(exactOf(part), exactOf(whole))).toBe(percentOf(new Dec(part), new Dec(whole)));
    expect(percentOfExact(exactOf('12.125'), exactOf('100'))).toBe('12.12');
    expect(percentOfExact(exactOf('1'), exactOf('0'))).toBeNull();
  });
});

/** The figures valueHoldings gives, computed as before with decimal.js: the reference. */
function referenceFigures(records: readonly HoldingRecord[], quotes: QuotesMap) {
  let totalValue = new Dec(0);
  let totalCost = new Dec(0);
  let dayChange = new Dec(0);
  const rows = records.map((record) => {
    const quantity = new Dec(record.quantity);
    const cost = quantity.times(record.averagePrice);
    const quote = quotes[record.symbol];
    const price = new Dec(quote.regularMarketPrice.toString());
    const value = quantity.times(price);
    const gain = value.minus(cost);
    const move = quantity.times(new Dec(quote.regularMarketChange.toString()));
    totalValue = totalValue.plus(value);
    totalCost = totalCost.plus(cost);
    dayChange = dayChange.plus(move);
    const noNegativeZero = (text: string) => (text === '-0.00' ? '0.00' : text);
    return {
      value,
      figures: {
        costBasis: noNegativeZero(cost.toFixed(2)),
        currentPrice: price.toFixed(),
        totalValue: noNegativeZero(value.toFixed(2)),
        gainLoss: noNegativeZero(gain.toFixed(2)),
        gainLossPercent: percentOf(gain, cost),
        dayChange: noNegativeZero(move.toFixed(2)),
        dayChangePercent: percentOf(move, value.minus(move)),
        weight: null as string | null,
      },
    };
  });
  for (const row of rows) row.figures.weight = percentOf(row.value, totalValue);
  const totalGain = totalValue.minus(totalCost);
  return {
    holdings: rows.map((r) => r.figures),
    totals: {
      totalValue: totalValue.toFixed(2),
      totalCost: totalCost.toFixed(2),
      totalGainLoss: totalGain.toFixed(2),
      totalGainLossPercent: percentOf(totalGain, totalValue.minus(totalGain)),
      dayChange: dayChange.toFixed(2),
      dayChangePercent: percentOf(dayChange, totalValue.minus(dayChange)),
    },
  };
}

describe('valueHoldings on bigint decimals', () => {
  it('gives the same figures as decimal.js for 2,000 random portfolios', () => {
    const next = seeded(29);
    const decimal = (max: number, places: number) => {
      const text = (next() * max).toFixed(Math.floor(next() * (places + 1)));
      return new Dec(text).toFixed();
    };
    // Prices as quotes carry them: binary floats, some tiny enough to print with an exponent, some negative moves.
    const price = () => {
      const kind = next();
      if (kind < 0.1) return Number((next() * 1e-6).toPrecision(1 + Math.floor(next() * 6)));
      if (kind < 0.2) return Math.round(next() * 1e9) / 1e6;
      return Math.round(next() * 1e6) / 100;
    };
    for (let portfolio = 0; portfolio < 2_000; portfolio++) {
      const records: HoldingRecord[] = [];
      const quotes: QuotesMap = {};
      const count = 1 + Math.floor(next() * 12);
      for (let i = 0; i < count; i++) {
        const symbol = `S${i}`;
        records.push({ id: `h${i}`, symbol, quantity: decimal(1e6, 8), averagePrice: decimal(1e5, 8) });
        quotes[symbol] = {
          symbol,
          regularMarketPrice: price(),
          regularMarketChange: (next() < 0.5 ? -1 : 1) * price(),
          regularMarketChangePercent: 0,
          currency: 'USD',
          shortName: symbol,
          longName: symbol,
          regularMarketTime: 1_795_813_140_000 + i,
        };
      }
      const valued = valueHoldings(records, quotes);
      const reference = referenceFigures(records, quotes);
      const context = JSON.stringify({ records, quotes });
      expect(
        valued.holdings.map((h) => ({
          costBasis: h.costBasis,
          currentPrice: h.currentPrice,
          totalValue: h.totalValue,
          gainLoss: h.gainLoss,
          gainLossPercent: h.gainLossPercent,
          dayChange: h.dayChange,
          dayChangePercent: h.dayChangePercent,
          weight: h.weight,
        })),
        context,
      ).toEqual(reference.holdings);
      const { totalValue, totalCost, totalGainLoss, totalGainLossPercent, dayChange, dayChangePercent } = valued.totals;
      const cleaned = (text: string) => (text === '-0.00' ? '0.00' : text);
      expect(
        { totalValue, totalCost, totalGainLoss, totalGainLossPercent, dayChange, dayChangePercent },
        context,
      ).toEqual({
        ...reference.totals,
        totalValue: cleaned(reference.totals.totalValue),
        totalCost: cleaned(reference.totals.totalCost),
        totalGainLoss: cleaned(reference.totals.totalGainLoss),
        dayChange: cleaned(reference.totals.dayChange),
      });
      expect(valued.holdings.map((h) => h.priceAsOf)).toEqual(
        records.map((r) => new Date(quotes[r.symbol].regularMarketTime).toISOString()),
      );
    }
  });
});
