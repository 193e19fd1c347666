import { describe, expect, it } from 'vitest';
import { mergePositions } from '../../src/server/modules/portfolios/merge';
import { cents, percentOf } from '../../src/server/modules/portfolios/money';
import { valueHoldings, type HoldingRecord } from '../../src/server/modules/portfolios/valuation';
import type { Quote, QuotesMap } from '../../src/shared/market/types';
import { Dec } from '../../src/shared/portfolio/decimal';

const AS_OF = Date.UTC(2026, 10, 20, 15, 30);

function quote(symbol: string, price: number, change = 0, extra: Partial<Quote> = {}): Quote {
  return {
    symbol,
    regularMarketPrice: price,
    currency: 'USD',
    regularMarketChange: change,
    regularMarketChangePercent: 0,
    shortName: `${symbol} Inc.`,
    longName: `${symbol} Incorporated`,
    regularMarketTime: AS_OF,
    ...extra,
  };
}

let seq = 0;
const holding = (symbol: string, quantity: string, averagePrice: string): HoldingRecord => ({
  id: `h${++seq}`,
  symbol,
  quantity,
  averagePrice,
});

/** Exact cents of quantity x price with BigInt, independent of decimal.js: the reference the service must match. */
function bigCents(quantity: string, price: string): string {
  const scaled = (text: string, places: number) => {
    const [int, frac = ''] = text.split('.');
    return BigInt(int + frac.padEnd(places, '0'));
  };
  const product = scaled(quantity, 8) * scaled(price, 8); // 16 implied decimals
  const unit = 10n ** 14n; // down to cents
  let whole = product / unit;
  const rest = product % unit;
  const half = unit / 2n;
  if (rest > half || (rest === half && whole % 2n === 1n)) whole += 1n;
  const s = whole.toString().padStart(3, '0');
  return `${s.slice(0, -2)}.${s.slice(-2)}`;
}

describe('valuation with exact decimals', () => {
  it('values 0.1 + 0.2 shares exactly: 0.3 x 3.35 is 1.005, which rounds to 1.00 where floats make 1.01', () => {
    const merged = mergePositions({ quantity: '0.1', averagePrice: '3' }, { quantity: '0.2', averagePrice: '3' });
    expect(merged.quantity).toBe('0.3');
    const { holdings, totals } = valueHoldings([holding('AAA', merged.quantity, merged.averagePrice)], {
      AAA: quote('AAA', 3.35),
    });
    expect(((0.1 + 0.2) * 3.35).toFixed(2)).toBe('1.01');
    expect(holdings[0].totalValue).toBe('1.00');
    expect(totals.totalValue).toBe('1.00');
    // cost 0.9, gain 0.105 -> 11.67 %
    expect(totals.totalGainLoss).toBe('0.10');
    expect(totals.totalGainLossPercent).toBe('11.67');
  });

  it('sums ten values of 0.1 and 0.2 to exactly 1.50 and has no return % when nothing was paid', () => {
    const records = Array.from({ length: 10 }, (_, i) => holding(`S${i}`, '1', '0'));
    const quotes: QuotesMap = {};
    records.forEach((r, i) => (quotes[r.symbol] = quote(r.symbol, i % 2 === 0 ? 0.1 : 0.2)));
    const { totals } = valueHoldings(records, quotes);
    expect(totals.totalValue).toBe('1.50');
    expect(totals.totalCost).toBe('0.00');
    expect(totals.totalGainLossPercent).toBeNull();
  });

  it('keeps a quantity of 0.1 + 0.2 exact when a symbol is merged', () => {
    const merged = mergePositions({ quantity: '0.1', averagePrice: '10' }, { quantity: '0.2', averagePrice: '20' });
    expect(merged.quantity).toBe('0.3');
    // (0.1 x 10 + 0.2 x 20) / 0.3 = 16.666..., kept to 8 decimals
    expect(merged.averagePrice).toBe('16.66666667');
  });

  it('values the largest allowed quantities and prices to the exact cent', () => {
    const cases: Array<[string, number]> = [
      ['999999999.99999999', 9999999.99],
      ['123456789.12345678', 4321.87],
      ['0.00000001', 95000.12],
    ];
    const records = cases.map(([q], i) => holding(`BIG${i}`, q, '0'));
    const quotes: QuotesMap = {};
    cases.forEach(([, price], i) => (quotes[`BIG${i}`] = quote(`BIG${i}`, price)));
    const { holdings, totals } = valueHoldings(records, quotes);
    cases.forEach(([q, price], i) => expect(holdings[i].totalValue).toBe(bigCents(q, String(price))));
    expect(holdings[0].totalValue).toBe('9999999989999999.90');
    // The float product is off by whole dollars at this size.
    expect((Number('999999999.99999999') * 9999999.99).toFixed(2)).not.toBe('9999999989999999.90');
    const exactTotal = cases
      .map(([q, p]) => new Dec(q).times(String(p)))
      .reduce((a, b) => a.plus(b))
      .toDecimalPlaces(2)
      .toFixed(2);
    expect(totals.totalValue).toBe(exactTotal);
  });

  it('computes gain, total return % = gain / (value - gain), day change and weights', () => {
    const records = [holding('AAA', '10', '100'), holding('BBB', '5', '40')];
    const quotes = { AAA: quote('AAA', 150, 2.5), BBB: quote('BBB', 30, -1) };
    const { holdings, totals } = valueHoldings(records, quotes);
    expect(holdings[0]).toMatchObject({
      currentPrice: '150',
      totalValue: '1500.00',
      costBasis: '1000.00',
      gainLoss: '500.00',
      gainLossPercent: '50.00',
      dayChange: '25.00',
      weight: '90.91',
    });
    expect(holdings[1]).toMatchObject({
      totalValue: '150.00',
      gainLoss: '-50.00',
      gainLossPercent: '-25.00',
      weight: '9.09',
    });
    expect(totals).toMatchObject({
      totalValue: '1650.00',
      totalCost: '1200.00',
      totalGainLoss: '450.00',
      // 450 / (1650 - 450) = 37.5 %
      totalGainLossPercent: '37.50',
      dayChange: '20.00',
      // 20 / (1650 - 20)
      dayChangePercent: '1.23',
      holdingsCount: 2,
      pricesAsOf: new Date(AS_OF).toISOString(),
      stale: false,
      errors: [],
    });
  });

  it('says so when a quote is missing instead of counting it as zero', () => {
    const records = [holding('AAA', '2', '10'), holding('GONE', '3', '10')];
    const { holdings, totals } = valueHoldings(records, { AAA: quote('AAA', 20) });
    expect(holdings[1]).toMatchObject({ currentPrice: null, totalValue: null, gainLoss: null, weight: null });
    expect(holdings[1].priceError).toBe('No price available for GONE');
    expect(totals.errors).toEqual(['No price for GONE right now; it is left out of the totals.']);
    // Totals cover the priced holding only, so value, cost and gain agree with each other.
    expect(totals).toMatchObject({ totalValue: '40.00', totalCost: '20.00', totalGainLoss: '20.00', holdingsCount: 2 });
  });

  it('flags stale prices and reports the oldest price time', () => {
    const records = [holding('AAA', '1', '1'), holding('BBB', '1', '1')];
    const older = AS_OF - 3_600_000;
    const { holdings, totals } = valueHoldings(records, {
      AAA: quote('AAA', 2),
      BBB: quote('BBB', 2, 0, { stale: true, regularMarketTime: older }),
    });
    expect(holdings.map((h) => h.stale)).toEqual([false, true]);
    expect(totals.stale).toBe(true);
    expect(totals.pricesAsOf).toBe(new Date(older).toISOString());
    expect(totals.errors.join(' ')).toMatch(/last known prices/);
  });
});

describe('money helpers', () => {
  it('rounds half to even at the cent and percent', () => {
    expect(cents(new Dec('0.125'))).toBe('0.12');
    expect(cents(new Dec('0.135'))).toBe('0.14');
    expect(cents(new Dec('-0.001'))).toBe('0.00');
    expect(percentOf(new Dec(1), new Dec(3))).toBe('33.33');
    expect(percentOf(new Dec(1), new Dec(0))).toBeNull();
  });

  it('merges by weighting the average price with the quantities', () => {
    expect(mergePositions({ quantity: '10', averagePrice: '100' }, { quantity: '30', averagePrice: '200' })).toEqual({
      quantity: '40',
      averagePrice: '175',
    });
    expect(mergePositions({ quantity: '1', averagePrice: '0' }, { quantity: '1', averagePrice: '0' })).toEqual({
      quantity: '2',
      averagePrice: '0',
    });
  });
});
