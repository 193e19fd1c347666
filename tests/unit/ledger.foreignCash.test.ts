import { beforeAll, describe, expect, it } from 'vitest';
import { computePerformance } from '../../src/server/modules/ledger/arithmetic/performance';
import { replayLedger } from '../../src/server/modules/ledger/arithmetic/replay';
import {
  cashByCurrency,
  convertedLedger,
  DailyRates,
  type RatesByCurrency,
} from '../../src/server/modules/ledger/currencyConversion';
import { countedAsCash } from '../../src/server/modules/ledger/foreignCash';
import type { LedgerVersion } from '../../src/server/modules/ledger/ledgerCache';
import { activityOf, type ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import type { LedgerProjection } from '../../src/server/modules/ledger/engine/protocol';
import { flatBar } from '../helpers/ledgerActivities';
import type { PerformanceAnswer } from '../../src/shared/portfolio/ledger/types';

/**
 * Issue 27 §3, decision 023: foreign cash is revalued at each day's rate. A USD portfolio's euros are a position of
 * their own in the converted ledger (`¤EUR`), priced by EURUSD, so the engine values them at each day's rate; the
 * holdings view counts them as cash. Every figure below is computed by hand in the comments.
 */

const bar = flatBar;

// 1 EUR in USD: 1.10 on Monday 5 January 2026, 1.20 on Tuesday the 6th.
const eurBars = [bar('2026-01-05', 1.1), bar('2026-01-06', 1.2)];
const RATES: RatesByCurrency = new Map([['EUR', { bars: eurBars, rates: new DailyRates(eurBars) }]]);
const KEY = 'USD,EUR:test';

let serial = 0;
function row(fields: Partial<ActivityRow> & Pick<ActivityRow, 'type' | 'date'>): ActivityRow {
  serial++;
  return {
    id: `f${String(serial).padStart(4, '0')}`,
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

const ledgerOf = (rows: ActivityRow[]): LedgerVersion => ({
  portfolioId: 'p',
  version: serial,
  tag: `t${serial}`,
  rows,
  shipped: false,
  projections: new Map(),
});

const closesOf = (table: Record<string, Record<string, number>>) =>
  new Map(Object.entries(table).map(([symbol, days]) => [symbol, new Map(Object.entries(days))]));
// The engine prices the euros' position with the same EURUSD closes the conversion uses.
const EUR_CLOSES = { '¤EUR': { '2026-01-05': 1.1, '2026-01-06': 1.2 } };

/** The replay's end as the engine thread answers it (ledgerEnd.ts): every symbol ever held and the open ones. */
function projectionOf(rows: readonly ActivityRow[]): LedgerProjection {
  const replay = replayLedger(rows.map(activityOf), 'fifo');
  return {
    holdings: replay.holdings,
    open: replay.holdings
      .filter((h) => h.quantity !== '0')
      .map((h) => ({ symbol: h.symbol, quantity: h.quantity, averagePrice: h.averageCost })),
    cash: replay.cash,
  };
}
const eurToday = (currency: string) => (currency === 'EUR' ? 1.2 : NaN);

describe('€1,000 deposited into a USD portfolio at 1.10, worth 1.20 the next day', () => {
  const rows = [row({ type: 'deposit', date: '2026-01-05', amount: '1000', currency: 'EUR' })];
  let converted: LedgerVersion;
  let answer: PerformanceAnswer;
  beforeAll(async () => {
    converted = await convertedLedger(ledgerOf(rows), 'USD', RATES, KEY);
    answer = computePerformance({
      activities: converted.rows.map(activityOf),
      method: 'fifo',
      range: 'ALL',
      today: '2026-01-06',
      closes: closesOf(EUR_CLOSES),
      benchmark: '¤EUR',
    });
  });

  it('books the deposit in dollars and buys the euros with it', () => {
    // $1,100 in (1,000 × 1.10), spent at once on 1,000 units of ¤EUR at 1.10: the dollar cash is back at 0.
    expect(converted.rows.map((r) => [r.type, r.symbol, r.quantity, r.price, r.amount])).toEqual([
      ['deposit', null, null, null, '1100'],
      ['buy', '¤EUR', '1000', '1.1', null],
    ]);
  });

  it('values the euros at each day’s rate: $1,100, then $1,200, TWR +9.09 %', () => {
    // Day 1: 1,000 × 1.10 = 1,100.00. Day 2: 1,000 × 1.20 = 1,200.00.
    expect(answer.series.map((p) => p.value)).toEqual(['1100.00', '1200.00']);
    expect(answer.endValue).toBe('1200.00');
    // The deposit is the only external flow, $1,100 at the start of day 1: netFlows 1,100.00.
    expect(answer.netFlows).toBe('1100.00');
    // TWR: 1,100 / (0 + 1,100) × 1,200 / 1,100 − 1 = 1/11 = 0.09090909 (+9.09 %).
    expect(answer.twr).toBe('0.09090909');
    // The FX gain, $100 (1,000 × (1.20 − 1.10)), is the decomposition's unrealised change: 0 + 1,100 + 100 = 1,200.
    expect(answer.unrealisedGain).toBe('100.00');
    expect(answer.decomposition.unrealisedGainChange).toBe('100.00');
  });

  it('shows the euros as cash, not as a holding', async () => {
    // The holdings view: no position, cash 0 dollars + 1,000 × 1.20 = 1,200.00 (the answer's end value).
    const view = countedAsCash(projectionOf(converted.rows), eurToday);
    expect(view).toEqual({ holdings: [], open: [], cash: '1200.00' });
    // Cash per currency in its own units.
    expect(await cashByCurrency(rows, 'USD', { rates: RATES, key: KEY })).toEqual([
      { currency: 'EUR', amount: '1000.00' },
    ]);
  });

  it('fails on the old conversion, which fixed the euros at $1,100', () => {
    // Without the position (the euros converted once, pooled in dollars) the end value stayed 1,100.00.
    expect(answer.endValue).not.toBe('1100.00');
  });
});

describe('a EUR share bought with euros', () => {
  // €1,000 deposited on the 5th at 1.10; on the 6th (1.20) 5 SAP.DE at €100 with a €1 fee, paid from the euros.
  // SAP.DE closes €100 on the 6th: $120 at 1.20.
  const rows = [
    row({ type: 'deposit', date: '2026-01-05', amount: '1000', currency: 'EUR' }),
    row({ type: 'buy', date: '2026-01-06', symbol: 'SAP.DE', quantity: '5', price: '100', fee: '1', currency: 'EUR' }),
  ];
  let converted: LedgerVersion;
  let answer: PerformanceAnswer;
  beforeAll(async () => {
    converted = await convertedLedger(ledgerOf(rows), 'USD', RATES, KEY);
    answer = computePerformance({
      activities: converted.rows.map(activityOf),
      method: 'fifo',
      range: 'ALL',
      today: '2026-01-06',
      closes: closesOf({ ...EUR_CLOSES, 'SAP.DE': { '2026-01-06': 120 } }),
      benchmark: '¤EUR',
    });
  });

  it('sells the euros the buy costs at that day’s rate, then buys the share', () => {
    // The buy costs €501 (5 × 100 + 1): 501 ¤EUR sold at 1.20 bring $601.20, which the converted buy (5 × $120 +
    // $1.20 fee) spends to the cent.
    expect(converted.rows.map((r) => [r.type, r.symbol, r.quantity, r.price, r.fee])).toEqual([
      ['deposit', null, null, null, null],
      ['buy', '¤EUR', '1000', '1.1', '0'],
      ['sell', '¤EUR', '501', '1.2', '0'],
      ['buy', 'SAP.DE', '5', '120', '1.2'],
    ]);
  });

  it('shows no gain or loss of its own on the trade day', () => {
    // Day 2 without the buy: 1,000 × 1.20 = 1,200.00. With it: 499 × 1.20 + 5 × 120 = 598.80 + 600 = 1,198.80; the
    // $1.20 fee is the only difference. TWR 1,198.80 / 1,100 − 1 = 0.08981818.
    expect(answer.series.map((p) => p.value)).toEqual(['1100.00', '1198.80']);
    expect(answer.twr).toBe('0.08981818');
    // The euros spent had cost 501 × 1.10 = 551.10 and brought 601.20: a realised FX gain of 50.10. The 499 left
    // cost 548.90 and are worth 598.80 (+49.90); SAP.DE cost 601.20 and is worth 600 (−1.20): unrealised 48.70.
    // 0 + 1,100 + 50.10 + 48.70 = 1,198.80.
    expect(answer.realisedGain).toBe('50.10');
    expect(answer.unrealisedGain).toBe('48.70');
    expect(answer.netFlows).toBe('1100.00');
  });

  it('lists the share alone, with the euros left as cash', async () => {
    // The holdings view: SAP.DE at its cost in dollars, no realised gain of its own; cash $0 + 499 × 1.20 = 598.80.
    const view = countedAsCash(projectionOf(converted.rows), eurToday);
    expect(view.holdings.map((h) => [h.symbol, h.quantity, h.costBasis, h.realisedGain])).toEqual([
      ['SAP.DE', '5', '601.20', '0.00'],
    ]);
    expect(view.open.map((o) => o.symbol)).toEqual(['SAP.DE']);
    expect(view.cash).toBe('598.80');
    expect(await cashByCurrency(rows, 'USD', { rates: RATES, key: KEY })).toEqual([
      { currency: 'EUR', amount: '499.00' },
    ]);
  });
});

describe('a EUR buy that finds too little EUR cash', () => {
  // $500 and €100 deposited on the 5th (€100 = $110); on the 6th (1.20) 2 SAP.DE at €100: €200 = $240.
  const rows = [
    row({ type: 'deposit', date: '2026-01-05', amount: '500' }),
    row({ type: 'deposit', date: '2026-01-05', amount: '100', currency: 'EUR' }),
    row({ type: 'buy', date: '2026-01-06', symbol: 'SAP.DE', quantity: '2', price: '100', currency: 'EUR' }),
  ];
  let converted: LedgerVersion;
  beforeAll(async () => {
    converted = await convertedLedger(ledgerOf(rows), 'USD', RATES, KEY);
  });

  it('sells the euros it has and takes the rest from the dollars', async () => {
    // The €100 held sell for $120; the other $120 of the $240 buy come from the $500: $380 left, no euros.
    expect(converted.rows.filter((r) => r.symbol === '¤EUR').map((r) => [r.type, r.quantity, r.price])).toEqual([
      ['buy', '100', '1.1'],
      ['sell', '100', '1.2'],
    ]);
    const view = countedAsCash(projectionOf(converted.rows), eurToday);
    expect(view.cash).toBe('380.00');
    expect(await cashByCurrency(rows, 'USD', { rates: RATES, key: KEY })).toEqual([
      { currency: 'USD', amount: '380.00' },
    ]);
  });
});

describe('a dollar withdrawal from a USD portfolio holding only euros', () => {
  // €1,000 deposited on the 5th at 1.10; $600 withdrawn on the 6th (1.20). The dollars' cash is 0, so euros pay it
  // (as the pooled cash did before foreign cash was revalued): 600 / 1.20 = €500 sold; the withdrawal is not refused.
  const rows = [
    row({ type: 'deposit', date: '2026-01-05', amount: '1000', currency: 'EUR' }),
    row({ type: 'withdrawal', date: '2026-01-06', amount: '600' }),
  ];
  let converted: LedgerVersion;
  let answer: PerformanceAnswer;
  beforeAll(async () => {
    converted = await convertedLedger(ledgerOf(rows), 'USD', RATES, KEY);
    answer = computePerformance({
      activities: converted.rows.map(activityOf),
      method: 'fifo',
      range: 'ALL',
      today: '2026-01-06',
      closes: closesOf(EUR_CLOSES),
      benchmark: '¤EUR',
    });
  });

  it('sells the euros it needs at that day’s rate, then pays', async () => {
    expect(converted.rows.map((r) => [r.type, r.symbol, r.quantity, r.price, r.amount])).toEqual([
      ['deposit', null, null, null, '1100'],
      ['buy', '¤EUR', '1000', '1.1', null],
      ['sell', '¤EUR', '500', '1.2', null],
      ['withdrawal', null, null, null, '600'],
    ]);
    // €500 left, $600 at 1.20; the TWR counts the withdrawal at the end of its day: (600 + 600) / 1,100 − 1.
    expect(answer.endValue).toBe('600.00');
    expect(answer.twr).toBe('0.09090909');
    // The €500 sold had cost 550: a realised FX gain of 50; the €500 kept, +50 unrealised.
    expect(answer.realisedGain).toBe('50.00');
    expect(answer.unrealisedGain).toBe('50.00');
    expect(countedAsCash(projectionOf(converted.rows), eurToday).cash).toBe('600.00');
    expect(await cashByCurrency(rows, 'USD', { rates: RATES, key: KEY })).toEqual([
      { currency: 'EUR', amount: '500.00' },
    ]);
  });
});
