import { describe, expect, it } from 'vitest';
import { act } from '../helpers/ledgerActivities';
import type { Activity, PerformanceAnswer, PerformanceRange } from '../../src/shared/portfolio/ledger/types';
import { computePerformance } from '../../src/server/modules/ledger/arithmetic/performance';
import { replayLedger } from '../../src/server/modules/ledger/arithmetic/replay';

type CloseTable = Record<string, Record<string, number>>;

function perform(activities: Activity[], closes: CloseTable, today: string, range: PerformanceRange = 'ALL') {
  const answer: PerformanceAnswer = computePerformance({
    activities,
    method: 'fifo',
    range,
    today,
    closes: new Map(Object.entries(closes).map(([symbol, days]) => [symbol, new Map(Object.entries(days))])),
    benchmark: 'SPY',
  });
  const d = answer.decomposition;
  const sum =
    Number(d.startValue) +
    Number(d.netFlows) +
    Number(d.realisedGain) +
    Number(d.unrealisedGainChange) +
    Number(d.dividends) -
    Number(d.fees);
  expect(sum.toFixed(2)).toBe(d.endValue);
  return answer;
}

describe('a position transferred in without a purchase date (decision 022)', () => {
  // Issue 27's repro: 10 MSFT at an average of $300 added on 2026-11-28, when MSFT closes at $608.99.
  const transfer = act('transfer_in', '2026-11-28', { symbol: 'MSFT', quantity: '10', price: '300' });
  const closes: CloseTable = { MSFT: { '2026-11-27': 600, '2026-11-28': 608.99, '2026-11-30': 669.889 } };

  it('books no return on the day it came in: its past gain is unrealised gain, not TWR', () => {
    const answer = perform([transfer], closes, '2026-11-28');
    // Before: a buy at 300 valued at 608.99 made TWR 608.99 / 300 − 1 = +103.00 % for one day.
    expect(answer.twr).toBe('0.00000000');
    expect(answer.monthlyReturns).toEqual([{ month: '2026-11', twr: '0.00000000' }]);
    // In and valued on the same day: no money stayed invested for any time, so no money-weighted rate.
    expect(answer.mwr).toBeNull();
    // 10 × 608.99 = 6089.90 came in; against the cost basis of 3000.00 that is 3089.90 of unrealised gain.
    expect(answer.endValue).toBe('6089.90');
    expect(answer.netFlows).toBe('6089.90');
    expect(answer.unrealisedGain).toBe('3089.90');
    expect(answer.decomposition.unrealisedGainChange).toBe('0.00');
    expect(answer.cashBalance).toBe('0.00');
  });

  it('measures from the market value on: +10 % two days later is +10 %, and the XIRR starts there', () => {
    const answer = perform([transfer], closes, '2026-11-30');
    // 669.889 / 608.99 − 1 = 0.1000000 exactly (10 × 669.889 = 6698.89 against 6089.90 in).
    expect(answer.twr).toBe('0.10000000');
    expect(answer.endValue).toBe('6698.89');
    expect(answer.unrealisedGain).toBe('3698.89');
    expect(answer.decomposition.unrealisedGainChange).toBe('608.99');
    // −6089.90 on the 28th, +6698.89 on the 30th: 1.1^(365/2) − 1, far above any yearly figure but exact.
    expect(Number(answer.mwr)).toBeCloseTo(Math.pow(1.1, 365 / 2) - 1, -10);
  });

  it('keeps the cost basis for the holding and its realised gain, and pays no cash', () => {
    const replay = replayLedger(
      [transfer, act('sell', '2026-11-30', { symbol: 'MSFT', quantity: '4', price: '669.889' })],
      'fifo',
    );
    expect(replay.holdings[0]).toMatchObject({ quantity: '6', averageCost: '300', costBasis: '1800.00' });
    // 4 × 669.889 = 2679.556 → 2679.56 proceeds − 1200.00 of cost.
    expect(replay.holdings[0].realisedGain).toBe('1479.56');
    expect(replay.externalFlows).toEqual([]);
    expect(replay.cash).toBe('2679.56');
  });

  it('given a purchase date it becomes a buy, and the whole gain since that date is the return', () => {
    const dated = { ...transfer, type: 'buy' as const, date: '2026-11-27' };
    const answer = perform([dated], closes, '2026-11-28');
    // Bought at 300 on the 27th, closing at 600 that day and 608.99 the next: 6089.90 / 3000 − 1.
    expect(answer.twr).toBe('1.02996667');
    expect(answer.netFlows).toBe('3000.00');
  });

  it('a transfer in a later range is its own inflow there: a range starting before it measures from the start', () => {
    const ledger = [
      act('deposit', '2026-11-27', { amount: '1000' }),
      act('buy', '2026-11-27', { symbol: 'SPY', quantity: '10', price: '100' }),
      transfer,
    ];
    const answer = perform(ledger, { ...closes, SPY: { '2026-11-27': 100, '2026-11-28': 110 } }, '2026-11-28');
    // Day 1: 1000 in, 1000 at the close. Day 2: (1000 + 6089.90) in → 1100 + 6089.90 = 7189.90.
    expect(answer.twr).toBe(((7189.9 / 7089.9) * 1 - 1).toFixed(8));
    expect(answer.decomposition).toMatchObject({ netFlows: '7089.90', unrealisedGainChange: '100.00' });
    expect(answer.unrealisedGain).toBe('3189.90');
  });
});

describe('the money-weighted return dates the start value on the day it is valued (as Portfolio Performance)', () => {
  // 10 X bought long before the range; the range 1Y ending 2025-06-30 starts on 2024-07-01, so its start value is
  // the close of 2024-06-30: 10 × 100 = 1000. No flows in the range; the end value is 10 × 110 = 1100. By hand:
  // 1000 on 2024-06-30 growing to 1100 on 2025-06-30, 365 days later, is exactly 10 % a year. Dated a day later
  // (2024-07-01, 364 days) it was 1.1^(365/364) − 1 = 10.0262 %.
  const ledger = [act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '50' })];
  const closes: CloseTable = { X: { '2024-01-02': 50, '2024-06-30': 100, '2025-06-30': 110 } };

  it('answers 10.00 %, not 10.03 %', () => {
    const answer = perform(ledger, closes, '2025-06-30', '1Y');
    expect(answer.from).toBe('2024-07-01');
    expect(answer.startValue).toBe('1000.00');
    expect(answer.twr).toBe('0.10000000');
    expect(answer.mwr).toBe('0.10000000');
  });
});
