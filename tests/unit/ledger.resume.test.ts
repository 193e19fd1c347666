import { describe, expect, it } from 'vitest';
import { act } from '../helpers/ledgerActivities';
import { ExactAverageBook, exactAveragePrices } from '../../src/server/modules/portfolios/ledger/exactAverage';
import { parseActivity } from '../../src/server/modules/portfolios/ledger/parse';
import { LedgerReplayer, replayLedger } from '../../src/server/modules/portfolios/ledger/replay';
import { replayToEnd } from '../../src/server/modules/portfolios/ledgerProjection';
import type { ActivityRow } from '../../src/server/modules/portfolios/ledgerQueries';
import type { Activity, CostMethod } from '../../src/shared/portfolio/ledger/types';

/**
 * A write that appends goes on from a copy of the cached end state instead of replaying the whole ledger
 * (ledgerCache.ts, replayToEnd): it must answer exactly what the full replay answers, and leave the cached state as
 * it was, whatever the activity kinds and the cost method.
 */

const LEDGER: Activity[] = [
  act('deposit', '2024-01-02', { amount: '5000' }),
  act('buy', '2024-01-03', { symbol: 'X', quantity: '10', price: '100', fee: '5' }),
  act('buy', '2024-01-10', { symbol: 'Y', quantity: '3', price: '33.333', fee: '0.99' }),
  act('buy', '2024-02-01', { symbol: 'X', quantity: '10', price: '120' }),
  act('dividend', '2024-02-15', { symbol: 'X', amount: '12.34' }),
  act('sell', '2024-03-01', { symbol: 'X', quantity: '15', price: '130', fee: '10' }),
  act('split', '2024-03-05', { symbol: 'Y', ratio: '4:1' }),
  act('fee', '2024-03-06', { amount: '2.50' }),
  act('sell', '2024-03-07', { symbol: 'Y', quantity: '5', price: '9.5' }),
  act('withdrawal', '2024-03-08', { amount: '100' }),
  act('buy', '2024-03-09', { symbol: 'X', quantity: '2.5', price: '142.25' }),
  act('sell', '2024-03-10', { symbol: 'X', quantity: '7.5', price: '150' }),
];

const METHODS: CostMethod[] = ['fifo', 'average'];

describe('resuming the replay from a kept state', () => {
  for (const method of METHODS) {
    it(`answers what the full replay answers at every cut (${method})`, () => {
      const full = replayLedger(LEDGER, method);
      const averages = exactAveragePrices(LEDGER, method);
      for (let cut = 0; cut <= LEDGER.length; cut++) {
        const replayer = new LedgerReplayer(method);
        const exact = new ExactAverageBook(method);
        for (const a of LEDGER.slice(0, cut)) {
          replayer.apply(parseActivity(a));
          exact.apply(parseActivity(a));
        }
        const kept = replayer.result();
        const keptAverages = exact.averages();
        const resumed = replayer.clone();
        const resumedExact = exact.clone();
        for (const a of LEDGER.slice(cut)) {
          resumed.apply(parseActivity(a));
          resumedExact.apply(parseActivity(a));
        }
        expect(resumed.result()).toEqual(full);
        expect(resumedExact.averages()).toEqual(averages);
        // Going on from the copy left the kept state alone.
        expect(replayer.result()).toEqual(kept);
        expect(exact.averages()).toEqual(keptAverages);
      }
    });
  }
});

const rowOf = (activity: Activity, createdAt: number): ActivityRow => ({
  ...activity,
  portfolioId: 'p',
  createdAt,
  updatedAt: createdAt,
});

describe('replayToEnd', () => {
  const rows = LEDGER.map((a, i) => rowOf(a, 1000 + i));
  const prefix = rows.slice(0, 8);

  it('goes on from the end state of a ledger the rows extend, with the full replay’s answer', () => {
    const from = { rows: prefix, end: replayToEnd(prefix, 'fifo') };
    const before = from.end.replayer.result();
    const resumed = replayToEnd(rows, 'fifo', from);
    expect(resumed.replayer.result()).toEqual(replayToEnd(rows, 'fifo').replayer.result());
    expect(resumed.replayer).not.toBe(from.end.replayer);
    expect(from.end.replayer.result()).toEqual(before);
  });

  it('replays everything when the new rows do not only extend the old ones', () => {
    const from = { rows: prefix, end: replayToEnd(prefix, 'fifo') };
    // An activity dated before the last one of the kept ledger: the kept end state does not apply.
    const backdated = rowOf(act('sell', '2024-01-04', { symbol: 'X', quantity: '1', price: '101' }), 5000);
    const changed = [...prefix.slice(0, 2), backdated, ...prefix.slice(2)];
    expect(replayToEnd(changed, 'fifo', from).replayer.result()).toEqual(
      replayToEnd(changed, 'fifo').replayer.result(),
    );
    // A different cost method: the kept state is FIFO's.
    expect(replayToEnd(rows, 'average', from).replayer.result()).toEqual(replayLedger(LEDGER, 'average'));
  });

  it('refuses an appended sell of more than is held, naming it, and leaves the kept state usable', () => {
    const from = { rows, end: replayToEnd(rows, 'fifo') };
    const oversell = rowOf(act('sell', '2024-04-01', { symbol: 'Y', quantity: '999', price: '1' }), 9000);
    expect(() => replayToEnd([...rows, oversell], 'fifo', from)).toThrow(
      'Selling 999 Y on 2024-04-01 is more than the 7 held that day.',
    );
    expect(from.end.replayer.result()).toEqual(replayLedger(LEDGER, 'fifo'));
  });
});
