import Decimal from 'decimal.js';
import { describe, expect, it } from 'vitest';
import { act } from '../helpers/ledgerActivities';
import type { Activity, PerformanceAnswer, PerformanceRange } from '../../src/shared/portfolio/ledger/types';
import { computePerformance, PerformanceMemo } from '../../src/server/modules/ledger/arithmetic/performance';
import { LedgerError } from '../../src/server/modules/ledger/arithmetic/replay';
import { xirr } from '../../src/server/modules/ledger/arithmetic/xirr';

type CloseTable = Record<string, Record<string, number>>;

function perform(
  activities: Activity[],
  closes: CloseTable,
  options: { today: string; range?: PerformanceRange; method?: 'fifo' | 'average'; benchmark?: string },
): PerformanceAnswer {
  const answer = computePerformance({
    activities,
    method: options.method ?? 'fifo',
    range: options.range ?? 'ALL',
    today: options.today,
    closes: new Map(Object.entries(closes).map(([symbol, days]) => [symbol, new Map(Object.entries(days))])),
    benchmark: options.benchmark ?? 'SPY',
  });
  expectDecompositionAddsUp(answer);
  return answer;
}

/** Asserted on every fixture: the rounded terms add up to the rounded end value, to the cent, with no residue. */
function expectDecompositionAddsUp(answer: PerformanceAnswer): void {
  const d = answer.decomposition;
  const sum = new Decimal(d.startValue)
    .plus(d.netFlows)
    .plus(d.realisedGain)
    .plus(d.unrealisedGainChange)
    .plus(d.dividends)
    .minus(d.fees);
  expect(sum.toFixed(2)).toBe(d.endValue);
  expect(d.startValue).toBe(answer.startValue);
  expect(d.endValue).toBe(answer.endValue);
  for (const text of [...Object.values(d), answer.cashBalance, answer.unrealisedGain])
    expect(text).toMatch(/^-?\d+\.\d{2}$/);
  for (const fraction of [answer.twr, answer.twrAnnualised, answer.mwr])
    if (fraction !== null) expect(fraction).toMatch(/^-?\d+\.\d{8}$/);
  if (answer.series.length > 0) expect(answer.series.at(-1)!.value).toBe(answer.endValue);
}

const values = (answer: PerformanceAnswer) => answer.series.map((point) => point.value);

describe('time-weighted return, hand-checked', () => {
  // Deposit 1000, buy 10 X at 50; X closes 50, 55, 60, then nothing on the 5th (carried forward); 200 withdrawn on
  // the 4th. Daily: 1000/1000, 1050/1000, (900 + 200)/1050, 900/900: TWR = 1.05 × 1100/1050 − 1 = 10 %.
  const ledger = [
    act('deposit', '2024-01-02', { amount: '1000' }),
    act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '50' }),
    act('withdrawal', '2024-01-04', { amount: '200' }),
  ];
  const closes: CloseTable = {
    X: { '2024-01-02': 50, '2024-01-03': 55, '2024-01-04': 60 },
    SPY: { '2024-01-01': 100, '2024-01-02': 100, '2024-01-03': 110, '2024-01-04': 110, '2024-01-05': 121 },
  };
  const answer = perform(ledger, closes, { today: '2024-01-05' });

  it('links daily returns with inflows at the start and outflows at the end of the day', () => {
    expect(values(answer)).toEqual(['1000.00', '1050.00', '900.00', '900.00']);
    expect(answer.twr).toBe('0.10000000');
    expect(answer.twrAnnualised).toBeNull();
    expect(answer.series.map((p) => p.twrIndex)).toEqual(['100.000000', '105.000000', '110.000000', '110.000000']);
  });

  it('decomposes the end value', () => {
    expect(answer).toMatchObject({ from: '2024-01-02', to: '2024-01-05', startValue: '0.00', endValue: '900.00' });
    expect(answer.decomposition).toEqual({
      startValue: '0.00',
      netFlows: '800.00',
      realisedGain: '0.00',
      unrealisedGainChange: '100.00',
      dividends: '0.00',
      fees: '0.00',
      endValue: '900.00',
    });
    expect(answer.cashBalance).toBe('300.00');
  });

  it('answers the money-weighted return from the external flows and the end value', () => {
    const expected = xirr([
      { date: '2024-01-02', amount: -1000 },
      { date: '2024-01-04', amount: 200 },
      { date: '2024-01-05', amount: 900 },
    ])!;
    expect(answer.mwr).toBe(new Decimal(expected).toFixed(8));
  });

  it('runs the same flows through the benchmark', () => {
    // 1000 buys 10 SPY at the previous close (100); 200 sells 1.8181… at 110; 8.1818… × 121 = 990.
    expect(answer.benchmark).toEqual({ symbol: 'SPY', twr: '0.21000000', valueWithSameFlows: '990.00' });
    expect(answer.series.map((p) => p.benchmarkIndex)).toEqual([
      '100.000000',
      '110.000000',
      '110.000000',
      '121.000000',
    ]);
  });

  it('answers no benchmark figures for a symbol without closes', () => {
    const none = perform(ledger, closes, { today: '2024-01-05', benchmark: 'NOPE' });
    expect(none.benchmark).toEqual({ symbol: 'NOPE', twr: null, valueWithSameFlows: null });
    expect(none.series[0].benchmarkIndex).toBeNull();
  });
});

describe("edge cases from the peers' trackers", () => {
  it('sold out, then bought again', () => {
    const answer = perform(
      [
        act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '10' }),
        act('sell', '2024-01-03', { symbol: 'X', quantity: '10', price: '12' }),
        act('buy', '2024-01-04', { symbol: 'X', quantity: '5', price: '12' }),
      ],
      { X: { '2024-01-02': 10, '2024-01-03': 12, '2024-01-04': 12, '2024-01-05': 15 } },
      { today: '2024-01-05' },
    );
    expect(values(answer)).toEqual(['100.00', '120.00', '120.00', '135.00']);
    // 1.2 × 1 × 1.125 − 1: the sale leaves the value in cash, the rebuy carries on from there.
    expect(answer.twr).toBe('0.35000000');
    expect(answer.decomposition).toMatchObject({
      netFlows: '100.00',
      realisedGain: '20.00',
      unrealisedGainChange: '15.00',
    });
  });

  it('a dividend booked after the sale is a gain, never −100 %', () => {
    const ledger = [
      act('deposit', '2024-01-02', { amount: '1000' }),
      act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '100' }),
      act('sell', '2024-01-03', { symbol: 'X', quantity: '10', price: '100' }),
      act('dividend', '2024-01-04', { symbol: 'X', amount: '20' }),
    ];
    const closes = { X: { '2024-01-02': 100, '2024-01-03': 100, '2024-01-04': 100 } };
    const answer = perform(ledger, closes, { today: '2024-01-04' });
    expect(answer.twr).toBe('0.02000000');
    expect(answer.dividendsReceived).toEqual([{ date: '2024-01-04', symbol: 'X', amount: '20.00' }]);

    // Everything withdrawn before the dividend arrives: nothing invested that day, so r = 0 (not +∞ nor −100 %);
    // the 20 shows in the decomposition and in the money-weighted return.
    const withdrawn = perform(
      [...ledger.slice(0, 3), act('withdrawal', '2024-01-03', { amount: '1000' }), ledger[3]],
      closes,
      { today: '2024-01-04' },
    );
    expect(withdrawn.twr).toBe('0.00000000');
    expect(withdrawn.endValue).toBe('20.00');
    expect(withdrawn.decomposition).toMatchObject({ netFlows: '0.00', dividends: '20.00' });
    expect(Number(withdrawn.mwr)).toBeGreaterThan(0);
  });

  it('flows while the invested value is zero do not move the TWR', () => {
    const answer = perform(
      [
        act('deposit', '2024-01-02', { amount: '500' }),
        act('withdrawal', '2024-01-03', { amount: '500' }),
        act('deposit', '2024-01-05', { amount: '100' }),
        act('buy', '2024-01-05', { symbol: 'X', quantity: '1', price: '100' }),
      ],
      { X: { '2024-01-05': 110 } },
      { today: '2024-01-05' },
    );
    expect(values(answer)).toEqual(['500.00', '0.00', '0.00', '110.00']);
    expect(answer.twr).toBe('0.10000000');
  });

  it('a fee paid from outside with nothing invested is a total loss; an empty ledger has no TWR', () => {
    const answer = perform([act('fee', '2024-01-02', { amount: '5' })], {}, { today: '2024-01-03' });
    // The fee is paid from outside (an inflow) and leaves at once: 5 in, 5 of fees, nothing left.
    expect(answer.decomposition).toMatchObject({ netFlows: '5.00', fees: '5.00', endValue: '0.00' });
    expect(answer.twr).toBe('-1.00000000');
    const empty = perform([], {}, { today: '2024-01-03' });
    expect(empty).toMatchObject({ twr: null, mwr: null, endValue: '0.00', series: [] });
  });

  it('a tiny start value does not blow the return up', () => {
    const answer = perform(
      [
        act('deposit', '2024-01-02', { amount: '0.01' }),
        act('deposit', '2024-02-20', { amount: '10000' }),
        act('buy', '2024-02-20', { symbol: 'X', quantity: '100', price: '100' }),
      ],
      { X: { '2024-02-20': 100, '2024-02-21': 110 } },
      { today: '2024-02-21', range: '1M' },
    );
    expect(answer).toMatchObject({ from: '2024-01-22', startValue: '0.01', endValue: '11000.01' });
    // 11000.01 / 10000.01 − 1
    expect(answer.twr).toBe('0.09999990');
    expect(answer.mwr).not.toBeNull();
  });

  it('an IRR near −100 % is an answer, not NaN', () => {
    const answer = perform(
      [act('buy', '2024-01-02', { symbol: 'X', quantity: '1000', price: '10' })],
      { X: { '2024-01-02': 10, '2024-01-03': 0.001 } },
      { today: '2024-01-03' },
    );
    expect(answer.twr).toBe('-0.99990000');
    expect(answer.mwr).toBe('-1.00000000');
  });

  it('several buys at different prices', () => {
    const answer = perform(
      [
        act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '100' }),
        act('buy', '2024-01-03', { symbol: 'X', quantity: '10', price: '110' }),
        act('buy', '2024-01-04', { symbol: 'X', quantity: '5', price: '90.50', fee: '1.25' }),
      ],
      { X: { '2024-01-02': 100, '2024-01-03': 110, '2024-01-04': 90.5, '2024-01-05': 105 } },
      { today: '2024-01-05', method: 'average' },
    );
    // 25 × 105 − (1000 + 1100 + 453.75)
    expect(answer.unrealisedGain).toBe('71.25');
    expect(answer.decomposition).toMatchObject({
      netFlows: '2553.75',
      unrealisedGainChange: '71.25',
      endValue: '2625.00',
    });
  });

  it('a split between buys and sells: adjusted closes are scaled back to the shares of the day', () => {
    const ledger = [
      act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '400' }),
      act('buy', '2024-01-03', { symbol: 'X', quantity: '10', price: '420' }),
      act('split', '2024-01-04', { symbol: 'X', ratio: '4:1' }),
      act('sell', '2024-01-05', { symbol: 'X', quantity: '40', price: '110' }),
    ];
    // Adjusted closes (after the 4:1 split): 100 and 105 were 400 and 420 on the day.
    const closes = { X: { '2024-01-02': 100, '2024-01-03': 105, '2024-01-04': 106, '2024-01-05': 110 } };
    const fifo = perform(ledger, closes, { today: '2024-01-05' });
    expect(values(fifo)).toEqual(['4000.00', '8400.00', '8480.00', '8800.00']);
    // 8400/8200 × 8480/8400 × 8800/8480 − 1 = 8800/8200 − 1
    expect(fifo.twr).toBe('0.07317073');
    expect(fifo.decomposition).toMatchObject({ realisedGain: '400.00', unrealisedGainChange: '200.00' });
    const average = perform(ledger, closes, { today: '2024-01-05', method: 'average' });
    expect(average.twr).toBe('0.07317073');
    expect(average.decomposition).toMatchObject({ realisedGain: '300.00', unrealisedGainChange: '300.00' });
  });
});

describe('valuation', () => {
  it('values a symbol at its buy price until its first close, then carries closes forward', () => {
    const answer = perform(
      [act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '50' })],
      { X: { '2024-01-04': 55 } },
      { today: '2024-01-06' },
    );
    expect(values(answer)).toEqual(['500.00', '500.00', '550.00', '550.00', '550.00']);
  });

  it('rounds each position half-up to cents, exactly (no binary float drift)', () => {
    // 3 × 10.005 = 30.015 exactly: half-up gives 30.02 (a double product gives 30.014999…).
    const answer = perform(
      [act('buy', '2024-01-02', { symbol: 'X', quantity: '3', price: '10' })],
      { X: { '2024-01-02': 10.005 } },
      { today: '2024-01-02' },
    );
    expect(answer.endValue).toBe('30.02');
  });

  it('standalone fees and buy fees land in different terms', () => {
    const answer = perform(
      [
        act('deposit', '2024-01-02', { amount: '1000' }),
        act('buy', '2024-01-02', { symbol: 'X', quantity: '3', price: '33.333', fee: '0.99' }),
        act('fee', '2024-01-03', { amount: '4.99', symbol: 'X' }),
        act('sell', '2024-01-04', { symbol: 'X', quantity: '1', price: '40', fee: '0.5' }),
      ],
      { X: { '2024-01-02': 33.333, '2024-01-03': 35.5, '2024-01-04': 40.126 } },
      { today: '2024-01-04' },
    );
    // Buy cost 99.999 + 0.99 = 100.989 → 100.99; one third of it (33.663…) → 33.66 leaves with the sale.
    expect(answer.decomposition).toEqual({
      startValue: '0.00',
      netFlows: '1000.00',
      realisedGain: '5.84',
      unrealisedGainChange: '12.92',
      dividends: '0.00',
      fees: '4.99',
      endValue: '1013.77',
    });
  });
});

describe('ranges', () => {
  const ledger = [
    act('deposit', '2022-06-15', { amount: '1000' }),
    act('buy', '2022-06-15', { symbol: 'X', quantity: '10', price: '100' }),
    act('dividend', '2023-12-20', { symbol: 'X', amount: '7' }),
    act('dividend', '2024-02-10', { symbol: 'X', amount: '8' }),
  ];
  const closes = {
    X: { '2022-06-15': 100, '2023-03-31': 110, '2023-12-29': 120, '2024-02-29': 125, '2024-03-28': 130 },
  };

  it('1M starts the day after the same date a month back, clamped to a shorter month', () => {
    const answer = perform(ledger, closes, { today: '2024-03-31', range: '1M' });
    expect([answer.from, answer.to]).toEqual(['2024-03-01', '2024-03-31']);
    expect(answer.startValue).toBe('1265.00');
    expect(answer.twr).toBe(new Decimal(1315).div(1265).minus(1).toFixed(8));
  });

  it('YTD starts on 1 January; dividends newest first; monthly returns per calendar month', () => {
    const answer = perform(ledger, closes, { today: '2024-03-31', range: 'YTD' });
    expect(answer.from).toBe('2024-01-01');
    expect(answer.startValue).toBe('1207.00');
    expect(answer.dividendsReceived).toEqual([{ date: '2024-02-10', symbol: 'X', amount: '8.00' }]);
    expect(answer.monthlyReturns.map((m) => m.month)).toEqual(['2024-01', '2024-02', '2024-03']);
    expect(answer.monthlyReturns[0].twr).toBe('0.00000000');
    expect(answer.monthlyReturns[1].twr).toBe(new Decimal(1265).div(1207).minus(1).toFixed(8));
  });

  it('1Y spans a year of returns and is annualised; ALL starts at the first activity', () => {
    const year = perform(ledger, closes, { today: '2024-03-31', range: '1Y' });
    expect(year.from).toBe('2023-04-01');
    expect(year.twrAnnualised).not.toBeNull();
    const all = perform(ledger, closes, { today: '2024-03-31', range: 'ALL' });
    expect(all.from).toBe('2022-06-15');
    const twr = new Decimal(all.twr!);
    const days = all.series.length;
    expect(Number(all.twrAnnualised)).toBeCloseTo((1 + twr.toNumber()) ** (365 / days) - 1, 8);
    expect(all.series[0]).toMatchObject({ date: '2022-06-15', value: '1000.00', twrIndex: '100.000000' });
  });

  it('a range reaching back before the first activity starts at the first activity', () => {
    const answer = perform(ledger.slice(0, 2), closes, { today: '2022-07-01', range: '6M' });
    expect(answer.from).toBe('2022-06-15');
    expect(answer.twrAnnualised).toBeNull();
  });
});

describe('the performance memo', () => {
  const closes = new Map([
    ['X', new Map(Array.from({ length: 60 }, (_, i) => [dayOf(i), 100 + ((i * 7) % 13)] as [string, number]))],
    ['SPY', new Map(Array.from({ length: 60 }, (_, i) => [dayOf(i), 400 + i] as [string, number]))],
  ]);
  function dayOf(i: number): string {
    return new Date(Date.UTC(2024, 0, 2 + i)).toISOString().slice(0, 10);
  }
  const ledger = [
    act('deposit', dayOf(0), { amount: '5000' }),
    act('buy', dayOf(1), { symbol: 'X', quantity: '10', price: '101' }),
    act('buy', dayOf(10), { symbol: 'X', quantity: '5', price: '104' }),
    act('sell', dayOf(20), { symbol: 'X', quantity: '3', price: '108' }),
    act('dividend', dayOf(30), { symbol: 'X', amount: '4.2' }),
  ];
  const input = (activities: Activity[], range: PerformanceRange = 'ALL') => ({
    activities,
    method: 'fifo' as const,
    range,
    today: dayOf(50),
    closes,
    benchmark: 'SPY',
  });

  it('answers exactly what a full walk answers, for appends, edits, splits and other ranges', () => {
    const memo = new PerformanceMemo();
    const variants: Activity[][] = [
      ledger,
      [...ledger, act('buy', dayOf(45), { symbol: 'X', quantity: '1', price: '109' })],
      [...ledger, act('buy', dayOf(30), { symbol: 'X', quantity: '1', price: '109' })],
      [...ledger, act('split', dayOf(40), { symbol: 'X', ratio: '2:1' })],
      [...ledger, act('withdrawal', dayOf(50), { amount: '10' })],
      [ledger[0], ledger[1], { ...ledger[2], quantity: '6' }, ledger[3], ledger[4]],
      [act('deposit', dayOf(-5), { amount: '1' }), ...ledger],
      ledger.slice(0, 4),
    ];
    for (const activities of variants)
      for (const range of ['ALL', '1M'] as const) {
        const full = computePerformance(input(activities, range));
        expectDecompositionAddsUp(full);
        expect(computePerformance(input(activities, range), memo)).toEqual(full);
        expect(computePerformance(input(activities, range), memo)).toEqual(full);
      }
  });
});

describe('a ledger that cannot be replayed', () => {
  it('throws the same LedgerError from computePerformance, naming the activity and the date', () => {
    const run = () =>
      computePerformance({
        activities: [
          act('buy', '2024-01-02', { symbol: 'AAPL', quantity: '5', price: '100' }),
          act('sell', '2024-03-01', { id: 'oversold', symbol: 'AAPL', quantity: '10', price: '100' }),
        ],
        method: 'average',
        range: 'ALL',
        today: '2024-03-05',
        closes: new Map(),
        benchmark: 'SPY',
      });
    expect(run).toThrowError(
      new LedgerError('Selling 10 AAPL on 2024-03-01 is more than the 5 held that day.', 'oversold'),
    );
    try {
      run();
    } catch (error) {
      expect((error as LedgerError).activityId).toBe('oversold');
    }
  });
});
