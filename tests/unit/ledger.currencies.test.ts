import { describe, expect, it } from 'vitest';
import { computePerformance } from '../../src/server/modules/ledger/arithmetic/performance';
import {
  cashByCurrency,
  convertRow,
  DailyRates,
  type RatesByCurrency,
} from '../../src/server/modules/ledger/currencyConversion';
import { activityOf, type ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import { PerformanceCache } from '../../src/server/modules/ledger/performanceCache';
import { currencyProblem, minorUnitFactor, rowCurrency } from '../../src/shared/portfolio/brokers/currencyRule';
import { flatBar } from '../helpers/ledgerActivities';

/**
 * Issue 27 §3: a ledger in several currencies, converted into the portfolio's base at each day's rate, against a
 * computation by hand. Ghostfolio's open currency bugs are each asserted: today's rate used for old trades, values of
 * several currencies added unconverted, a fallback price in the wrong currency.
 */

const bar = flatBar;
const ratesOf = (table: Record<string, Array<[string, number]>>): RatesByCurrency =>
  new Map(
    Object.entries(table).map(([currency, days]) => {
      const bars = days.map(([date, close]) => bar(date, close));
      return [currency, { bars, rates: new DailyRates(bars) }];
    }),
  );

let serial = 0;
function row(fields: Partial<ActivityRow> & Pick<ActivityRow, 'type' | 'date'>): ActivityRow {
  serial++;
  return {
    id: `a${String(serial).padStart(4, '0')}`,
    portfolioId: 'p',
    symbol: null,
    quantity: null,
    price: null,
    fee: null,
    amount: null,
    ratio: null,
    note: null,
    currency: 'USD',
    fxRate: null,
    createdAt: serial,
    updatedAt: serial,
    ...fields,
  };
}

const closesOf = (table: Record<string, Record<string, number>>) =>
  new Map(Object.entries(table).map(([symbol, days]) => [symbol, new Map(Object.entries(days))]));

// 1 USD in EUR: 0.90 on Monday 5 January 2026, 0.92 on Tuesday, 0.95 on Wednesday.
const USD_IN_EUR = ratesOf({
  USD: [
    ['2026-01-05', 0.9],
    ['2026-01-06', 0.92],
    ['2026-01-07', 0.95],
  ],
});

describe('a EUR portfolio holding a US share', () => {
  const rows = [
    row({ type: 'deposit', date: '2026-01-05', amount: '1000', currency: 'EUR' }),
    row({ type: 'buy', date: '2026-01-05', symbol: 'AAPL', quantity: '2', price: '100', fee: '1' }),
    row({ type: 'dividend', date: '2026-01-07', symbol: 'AAPL', amount: '3' }),
  ];
  const converted = rows.map((r) => convertRow(r, 'EUR', USD_IN_EUR));
  // AAPL closes in USD 100, 110, 105; in EUR at each day's rate: 100 × 0.90 = 90, 110 × 0.92 = 101.20,
  // 105 × 0.95 = 99.75.
  const cache = new PerformanceCache();
  const aaplBars = [bar('2026-01-05', 100), bar('2026-01-06', 110), bar('2026-01-07', 105)];
  const series = cache.convertedSeriesOf('AAPL', aaplBars, USD_IN_EUR.get('USD')!.bars, (day) =>
    USD_IN_EUR.get('USD')!.rates.on(day),
  );
  const answer = computePerformance({
    activities: converted.map(activityOf),
    method: 'fifo',
    range: 'ALL',
    today: '2026-01-07',
    closes: closesOf({ AAPL: { '2026-01-05': 90, '2026-01-06': 101.2, '2026-01-07': 99.75 } }),
    benchmark: 'AAPL',
  });

  it('converts each activity at the rate of its own day', () => {
    // The buy on the 5th at 0.90: 100 USD → 90 EUR a share, the 1 USD fee → 0.90 EUR. The dividend on the 7th at
    // 0.95: 3 USD → 2.85 EUR. The deposit is already in EUR and stays the same row.
    expect(converted[0]).toBe(rows[0]);
    expect(converted[1]).toMatchObject({ price: '90', fee: '0.9', currency: 'EUR' });
    expect(converted[2]).toMatchObject({ amount: '2.85', currency: 'EUR' });
    expect(Array.from(series.closes)).toEqual([90, 101.2, 99.75]);
  });

  it('values, returns and gains match the hand computation', () => {
    // Cash: 1000 − (2 × 90 + 0.90) = 819.10 on the 5th; + 2.85 = 821.95 on the 7th.
    // Values: 5th 819.10 + 2 × 90 = 999.10; 6th 819.10 + 2 × 101.20 = 1021.50; 7th 821.95 + 2 × 99.75 = 1021.45.
    expect(answer.series.map((p) => p.value)).toEqual(['999.10', '1021.50', '1021.45']);
    expect(answer.endValue).toBe('1021.45');
    expect(answer.cashBalance).toBe('821.95');
    // TWR: 999.10 / (0 + 1000) × 1021.50 / 999.10 × 1021.45 / 1021.50 − 1 = 1021.45 / 1000 − 1 = 2.145 %.
    expect(answer.twr).toBe('0.02145000');
    // Unrealised: 2 × 99.75 − 180.90 = 18.60. Dividends 2.85. 0 + 1000 + 18.60 + 2.85 = 1021.45.
    expect(answer.unrealisedGain).toBe('18.60');
    expect(answer.dividends).toBe('2.85');
    expect(answer.netFlows).toBe('1000.00');
  });

  it("never uses today's rate for an old trade (Ghostfolio's first bug)", () => {
    // At today's 0.95 the buy would have cost 2 × 95 + 0.95 = 190.95 and the gain would read 8.55.
    expect(answer.unrealisedGain).not.toBe('8.55');
    expect(answer.unrealisedGain).toBe('18.60');
  });

  it("never adds amounts of several currencies unconverted (Ghostfolio's second bug)", async () => {
    // Unconverted: 1000 EUR − 201 USD + 3 USD + 2 × 105 USD = 1012 "mixed" units.
    expect(answer.endValue).not.toBe('1012.00');
    // Cash kept per currency, each in its own. Each pool alone: 1000 EUR; the buy finds no USD cash (funded from
    // outside), the dividend leaves 3 USD.
    expect(await cashByCurrency(rows)).toEqual([
      { currency: 'EUR', amount: '1000.00' },
      { currency: 'USD', amount: '3.00' },
    ]);
    // With the base's rates, as the engine books it: the buy finds no USD, so its 180.90 EUR come from the euros:
    // 819.10 EUR and 3 USD, which are the 821.95 EUR of the answer's cash with the 3 USD at their day's 0.95.
    const inEuros = { rates: USD_IN_EUR, key: 'EUR,USD:1' };
    expect(await cashByCurrency(rows, 'EUR', inEuros)).toEqual([
      { currency: 'EUR', amount: '819.10' },
      { currency: 'USD', amount: '3.00' },
    ]);
    // Kept per ledger version (its rows array) and conversion: a read of the same version walks nothing again, and
    // another conversion of it is its own answer.
    expect(await cashByCurrency(rows, 'EUR', inEuros)).toBe(await cashByCurrency(rows, 'EUR', inEuros));
    expect(await cashByCurrency(rows)).toEqual([
      { currency: 'EUR', amount: '1000.00' },
      { currency: 'USD', amount: '3.00' },
    ]);
  });
});

describe("a fallback price in the wrong currency (Ghostfolio's third bug)", () => {
  // A USD portfolio buys 10 VOD.L at 0.70 GBP on the 5th; the listing's first close is on the 7th (0.72 GBP).
  // 1 GBP in USD: 1.25 on the 5th, 1.30 on the 7th.
  const rates = ratesOf({
    GBP: [
      ['2026-01-05', 1.25],
      ['2026-01-07', 1.3],
    ],
  });
  const rows = [
    row({ type: 'deposit', date: '2026-01-05', amount: '100' }),
    row({ type: 'buy', date: '2026-01-05', symbol: 'VOD.L', quantity: '10', price: '0.70', currency: 'GBP' }),
  ];
  const answer = computePerformance({
    activities: rows.map((r) => activityOf(convertRow(r, 'USD', rates))),
    method: 'fifo',
    range: 'ALL',
    today: '2026-01-07',
    // 0.72 GBP × 1.30 = 0.936 USD.
    closes: closesOf({ 'VOD.L': { '2026-01-07': 0.936 } }),
    benchmark: 'VOD.L',
  });

  it('values a holding without a close yet at its trade price converted, not in pounds as dollars', () => {
    // 0.70 GBP × 1.25 = 0.875 USD a share: cash 100 − 8.75 = 91.25; the 5th and 6th are worth 91.25 + 8.75 = 100.00
    // (in pounds taken for dollars, 91.25 + 7.00 = 98.25). The 7th: 91.25 + 10 × 0.936 = 100.61.
    expect(answer.series.map((p) => p.value)).toEqual(['100.00', '100.00', '100.61']);
    // The 6th has no rate of its own: the 5th's (the last close before it) converts it.
    expect(rates.get('GBP')!.rates.on(Date.parse('2026-01-06T00:00:00Z') / 86_400_000)).toBe(1.25);
  });

  it('reads a London price in pence as pounds', () => {
    expect(rowCurrency(['GBp', 'GBp'])).toBe('GBX');
    expect(minorUnitFactor('GBX')).toEqual({ currency: 'GBP', factor: 0.01 });
    expect(minorUnitFactor('EUR')).toEqual({ currency: 'EUR', factor: 1 });
  });
});

describe('the import currency rule', () => {
  it('imports every currency the ledger converts, and names the others', () => {
    expect(currencyProblem('EUR')).toBeNull();
    expect(currencyProblem('JPY')).toBeNull();
    expect(currencyProblem('HKD')).toBe(
      'HKD amounts cannot be imported yet: Tickwise converts USD, EUR, GBP, CHF, CAD or JPY',
    );
    expect(rowCurrency(['USD', 'EUR', 'EUR'])).toBe('USD/EUR');
    expect(currencyProblem('USD/EUR')).toBe(
      "This row's amounts are in several currencies (USD and EUR); an activity is recorded in one",
    );
  });
});
