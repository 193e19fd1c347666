import { describe, expect, it } from 'vitest';
import { act } from '../helpers/ledgerActivities';
import { ExactAverageBook, exactAveragePrices } from '../../src/server/modules/ledger/arithmetic/exactAverage';
import { parseActivity } from '../../src/server/modules/ledger/arithmetic/parse';
import { LedgerReplayer, replayLedger } from '../../src/server/modules/ledger/arithmetic/replay';
import { EngineState } from '../../src/server/modules/ledger/engine/engineState';
import { applyAll, freshEnd, projectionOf } from '../../src/server/modules/ledger/engine/ledgerEnd';
import type { LedgerRef } from '../../src/server/modules/ledger/engine/protocol';
import { encodeActivities } from '../../src/server/modules/ledger/engine/wire';
import { extendsRows, inLedgerOrder } from '../../src/server/modules/ledger/ledgerProjection';
import { activityOf, type ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import type { Activity, CostMethod } from '../../src/shared/portfolio/ledger/types';

/**
 * A write that appends goes on from a copy of the kept end state instead of replaying the whole ledger (the ledger
 * engine's thread, ledger/engine/engineState.ts): it must answer exactly what the full replay answers, and leave the
 * kept state as it was, whatever the activity kinds and the cost method.
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

/** The engine thread's state, driven in-process: what a ledger sent whole, or appended to a kept one, replays to. */
function replayIn(state: EngineState, ledger: LedgerRef, method: CostMethod = 'fifo') {
  return state.handle({ op: 'replay', portfolioId: 'p', ledger, method });
}

const fullProjection = (activities: readonly Activity[], method: CostMethod) => {
  const end = freshEnd(method);
  applyAll(end, activities.map(parseActivity));
  return projectionOf(end);
};

describe('the ledger engine going on from a kept ledger', () => {
  const rows = LEDGER.map((a, i) => rowOf(a, 1000 + i));
  const prefix = rows.slice(0, 8);

  for (const method of METHODS) {
    it(`answers what the full replay answers for activities appended to a kept ledger (${method})`, () => {
      const state = new EngineState();
      expect(replayIn(state, { tag: 'v1', full: encodeActivities(prefix) }, method)).toEqual({
        ok: fullProjection(LEDGER.slice(0, 8), method),
      });
      const appended = encodeActivities(rows.slice(8));
      expect(replayIn(state, { tag: 'v2', base: 'v1', appended }, method)).toEqual({
        ok: fullProjection(LEDGER, method),
      });
      // The kept ledger is unchanged: another ledger can go on from it too.
      expect(replayIn(state, { tag: 'v3', base: 'v1', appended: encodeActivities(rows.slice(8, 10)) }, method)).toEqual(
        {
          ok: fullProjection(LEDGER.slice(0, 10), method),
        },
      );
      expect(fullProjection(LEDGER, method).holdings).toEqual(replayLedger(LEDGER, method).holdings);
    });
  }

  it('asks for the activities when it no longer has the ledger a request goes on from', () => {
    const state = new EngineState();
    expect(replayIn(state, { tag: 'v2', base: 'gone', appended: '' })).toEqual({ missing: true });
    expect(replayIn(state, { tag: 'v2' })).toEqual({ missing: true });
  });

  it('is told the whole ledger when the new rows do not only extend the kept ones', () => {
    // An activity dated before the last one of the kept ledger: the server sends everything (ledger/engine/engine.ts).
    const backdated = rowOf(act('sell', '2024-01-04', { symbol: 'X', quantity: '1', price: '101' }), 5000);
    const changed = inLedgerOrder([...prefix, backdated]);
    expect(extendsRows(prefix, changed)).toBe(false);
    expect(extendsRows(prefix, rows)).toBe(true);
    expect(extendsRows(prefix, [...prefix, backdated])).toBe(false);
    const state = new EngineState();
    replayIn(state, { tag: 'v1', full: encodeActivities(prefix) });
    expect(replayIn(state, { tag: 'v2', full: encodeActivities(changed) })).toEqual({
      ok: fullProjection(changed.map(activityOf), 'fifo'),
    });
  });

  it('refuses an appended sell of more than is held, naming it, and keeps the ledger it went on from', () => {
    const state = new EngineState();
    replayIn(state, { tag: 'v1', full: encodeActivities(rows) });
    const oversell = rowOf(act('sell', '2024-04-01', { symbol: 'Y', quantity: '999', price: '1' }), 9000);
    expect(replayIn(state, { tag: 'v2', base: 'v1', appended: encodeActivities([oversell]) })).toEqual({
      refused: { message: 'Selling 999 Y on 2024-04-01 is more than the 7 held that day.', activityId: oversell.id },
    });
    expect(replayIn(state, { tag: 'v1' })).toEqual({ ok: fullProjection(LEDGER, 'fifo') });
  });
});
