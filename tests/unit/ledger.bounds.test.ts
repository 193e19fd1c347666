import { describe, expect, it } from 'vitest';
import { act } from '../helpers/ledgerActivities';
import { dayNumber } from '../../src/server/modules/ledger/arithmetic/dates';
import { LedgerError, replayLedger } from '../../src/server/modules/ledger/arithmetic/replay';
import { keepsPoint } from '../../src/server/modules/ledger/arithmetic/seriesDensity';
import { EngineState } from '../../src/server/modules/ledger/engine/engineState';
import { encodeActivities } from '../../src/server/modules/ledger/engine/wire';
import { LEDGER_CACHE_BYTES, LedgerCache } from '../../src/server/modules/ledger/ledgerCache';
import { compareLedgerOrder, inLedgerOrder } from '../../src/server/modules/ledger/ledgerProjection';
import type { ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import { PRICE_MINUTE_CACHE_BYTES, PriceMinuteCache } from '../../src/server/modules/portfolios/priceMinuteCache';
import type { Activity } from '../../src/shared/portfolio/ledger/types';

/** Issue 26, the engine's side: bounded dates, splits and series; one replay per preview; caches bounded by bytes. */

const day = (text: string) => dayNumber(text)!;

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    if (error instanceof LedgerError) return error.message;
    throw error;
  }
  throw new Error('no LedgerError');
}

describe('the drawn series', () => {
  const range = { from: day('1990-01-02'), to: day('2026-11-27') };

  it('keeps every day of the last three years', () => {
    for (let d = range.to - 1_095; d <= range.to; d++) expect(keepsPoint(d, range)).toBe(true);
  });

  it('keeps Sundays for the seven years before, and month ends before that, and the first day', () => {
    const weekly = Array.from({ length: 700 }, (_, i) => range.to - 1_096 - i).filter((d) => keepsPoint(d, range));
    expect(weekly).toHaveLength(100);
    for (const d of weekly) expect(new Date(d * 86_400_000).getUTCDay()).toBe(0);
    const monthly = Array.from({ length: 366 }, (_, i) => day('2000-01-01') + i).filter((d) => keepsPoint(d, range));
    expect(monthly.map((d) => new Date(d * 86_400_000).toISOString().slice(0, 10))).toEqual(
      Array.from({ length: 12 }, (_, m) => new Date(Date.UTC(2000, m + 1, 0)).toISOString().slice(0, 10)),
    );
    expect(keepsPoint(range.from, range)).toBe(true);
    expect(keepsPoint(range.from + 1, range)).toBe(false);
  });

  it('draws at most about 2,000 points for the longest range the dates allow', () => {
    const longest = { from: day('1970-01-01'), to: day('2026-11-27') };
    let points = 0;
    for (let d = longest.from; d <= longest.to; d++) if (keepsPoint(d, longest)) points++;
    expect(points).toBeLessThan(2_100);
  });
});

describe('dates and splits the engine refuses', () => {
  it('refuses an activity dated before 1970-01-01, naming it', () => {
    expect(refusal(() => replayLedger([act('deposit', '1969-12-31', { amount: '1' })], 'fifo'))).toBe(
      'Deposit on 1969-12-31: the date must be on or after 1970-01-01.',
    );
    expect(() => replayLedger([act('deposit', '1970-01-01', { amount: '1' })], 'fifo')).not.toThrow();
  });

  it("bounds a symbol's splits together: a million shares for one at most, a millionth at least", () => {
    const buy = act('buy', '2020-01-02', { symbol: 'X', quantity: '3', price: '10' });
    const split = (ratio: string, date = '2020-02-01') => act('split', date, { symbol: 'X', ratio });
    expect(replayLedger([buy, split('1000:1'), split('1000:1')], 'fifo').holdings[0].quantity).toBe('3000000');
    expect(
      refusal(() => replayLedger([buy, split('1000:1'), split('1000:1'), split('2:1', '2020-03-01')], 'fifo')),
    ).toBe(
      'Split of X on 2020-03-01: together with the earlier splits of X it would turn one share into more than 1,000,000 shares.',
    );
    expect(refusal(() => replayLedger([buy, split('1:1000001')], 'average'))).toContain('less than a millionth');
    // Back and forth stays within the bound: what counts is where the splits leave one share.
    const many = Array.from({ length: 40 }, (_, i) => split(i % 2 ? '1:999999' : '999999:1'));
    expect(replayLedger([buy, ...many], 'fifo').holdings[0].quantity).toBe('3');
  });
});

/** The preview's reference: replay, drop the first refused candidate, replay again (what the server did before). */
function refusedOneAtATime(ledger: Activity[], candidates: Activity[]): Map<string, string> {
  const refused = new Map<string, string>();
  for (;;) {
    const kept = candidates.filter((c) => !refused.has(c.id));
    const all = [...ledger, ...kept].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
    try {
      replayLedger(all, 'fifo');
      return refused;
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      refused.set(error.activityId, error.message);
    }
  }
}

describe('the import check', () => {
  const ledger: Activity[] = [
    act('deposit', '2024-01-02', { amount: '1000' }),
    act('buy', '2024-01-03', { symbol: 'X', quantity: '10', price: '10' }),
    act('sell', '2024-06-03', { symbol: 'X', quantity: '5', price: '12' }),
  ];
  // 400 candidates over 2024, in date order: a third sell more than is held, some dividends of a symbol never held,
  // withdrawals larger than the cash, and buys and sells that fit.
  const candidates: Activity[] = Array.from({ length: 400 }, (_, i) => {
    const date = new Date(Date.UTC(2024, 0, 4) + Math.floor(i * 0.8) * 86_400_000).toISOString().slice(0, 10);
    if (i % 3 === 0) return act('sell', date, { symbol: 'X', quantity: String(20 + i), price: '11' });
    if (i % 7 === 1) return act('dividend', date, { symbol: 'Y', amount: '1' });
    if (i % 11 === 2) return act('withdrawal', date, { amount: '1000000' });
    return i % 2
      ? act('buy', date, { symbol: 'X', quantity: '1', price: '10' })
      : act('sell', date, { symbol: 'X', quantity: '1', price: '12' });
  });
  const rowsOf = (activities: Activity[], createdAt: number): ActivityRow[] =>
    activities.map((a, i) => ({ ...a, portfolioId: 'p', createdAt: createdAt + i, updatedAt: createdAt + i }));

  it('names every candidate the ledger refuses in one replay, each with the sentence the one-at-a-time replays give', () => {
    const existing = rowsOf(ledger, 1);
    const added = rowsOf(candidates, 10_000);
    const positions = added.map((row) => existing.filter((r) => compareLedgerOrder(r, row) <= 0).length);
    const state = new EngineState();
    const answer = state.handle({
      op: 'check',
      portfolioId: 'p',
      ledger: { tag: 'v1', full: encodeActivities(existing) },
      method: 'fifo',
      candidates: encodeActivities(added),
      positions,
    });
    if (!('ok' in answer)) throw new Error(JSON.stringify(answer));
    const { refused, broken } = answer.ok as { refused: Array<{ index: number; message: string }>; broken?: string };
    expect(broken).toBeUndefined();
    const expected = refusedOneAtATime(ledger, candidates);
    expect(expected.size).toBeGreaterThan(150);
    expect(new Map(refused.map((r) => [candidates[r.index].id, r.message]))).toEqual(expected);
  });

  it('goes on from the ledger’s end when every candidate comes after it, with the same answer', () => {
    const existing = rowsOf(ledger, 1);
    const later = rowsOf(
      candidates.map((c) => ({ ...c, date: c.date.replace('2024', '2025') })),
      10_000,
    );
    const check = (state: EngineState) =>
      state.handle({
        op: 'check',
        portfolioId: 'p',
        ledger: { tag: 'v1', full: encodeActivities(existing) },
        method: 'fifo',
        candidates: encodeActivities(later),
        positions: later.map(() => existing.length),
      });
    const resumed = new EngineState();
    resumed.handle({
      op: 'replay',
      portfolioId: 'p',
      ledger: { tag: 'v1', full: encodeActivities(existing) },
      method: 'fifo',
    });
    expect(check(resumed)).toEqual(check(new EngineState()));
  });

  it('reports an activity already in the ledger that the file would break, and the file as a whole fails', () => {
    const existing = rowsOf(ledger, 1);
    const early = rowsOf([act('sell', '2024-02-01', { symbol: 'X', quantity: '10', price: '11' })], 10_000);
    const answer = new EngineState().handle({
      op: 'check',
      portfolioId: 'p',
      ledger: { tag: 'v1', full: encodeActivities(existing) },
      method: 'fifo',
      candidates: encodeActivities(early),
      positions: [2],
    });
    expect(answer).toEqual({
      ok: { refused: [], broken: 'Selling 5 X on 2024-06-03 is more than the 0 held that day.' },
    });
  });
});

describe('ledger order', () => {
  it('puts rows in order in one pass when the new and edited ones come last, as a sort would', () => {
    const rows: ActivityRow[] = Array.from({ length: 500 }, (_, i) => ({
      ...act('deposit', new Date(Date.UTC(2020, 0, 1) + (i % 97) * 86_400_000).toISOString().slice(0, 10), {
        amount: '1',
      }),
      portfolioId: 'p',
      createdAt: i % 5,
      updatedAt: 0,
    }));
    const sorted = [...rows].sort(compareLedgerOrder);
    expect(inLedgerOrder(rows)).toEqual(sorted);
    const moved = { ...sorted[10], date: '2020-03-15' };
    expect(inLedgerOrder([...sorted.filter((r) => r !== sorted[10]), moved])).toEqual(
      [...sorted.filter((r) => r !== sorted[10]), moved].sort(compareLedgerOrder),
    );
  });
});

describe('caches bounded by bytes', () => {
  const note = 'x'.repeat(2_000);
  const bigLedger = (portfolioId: string, n: number): ActivityRow[] =>
    Array.from({ length: n }, (_, i) => ({
      ...act('deposit', '2024-01-02', { amount: '1', note }),
      portfolioId,
      createdAt: i,
      updatedAt: i,
    }));

  it('the ledger cache keeps the most recent ledgers within its bytes, however many are read', () => {
    const cache = new LedgerCache();
    for (let i = 0; i < 30; i++) cache.remember(`p${i}`, 1, bigLedger(`p${i}`, 4_000));
    expect(cache.bytes).toBeLessThanOrEqual(LEDGER_CACHE_BYTES);
    expect(cache.bytes).toBeGreaterThan(LEDGER_CACHE_BYTES / 2);
  });

  it('the price-minute cache counts each answer at its size once it is there, and drops the oldest past its bytes', async () => {
    const cache = new PriceMinuteCache();
    const big = 'y'.repeat(1 << 20);
    for (let i = 0; i < 40; i++) await cache.once(0, `k${i}`, () => Promise.resolve({ big, i }));
    expect(cache.bytes).toBeLessThanOrEqual(PRICE_MINUTE_CACHE_BYTES);
    expect(cache.bytes).toBeGreaterThan(PRICE_MINUTE_CACHE_BYTES / 2);
    let computed = 0;
    await cache.once(0, 'k39', () => Promise.resolve(computed++));
    await cache.once(0, 'k0', () => Promise.resolve(computed++));
    expect(computed).toBe(1);
  });
});
