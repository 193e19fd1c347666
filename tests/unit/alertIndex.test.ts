import { describe, expect, it } from 'vitest';
import { CONDITION_RULES, type AlertCondition, type AlertMeasure } from '../../src/shared/alerts/conditions';
import { AlertIndex, FiredBuffer, type IndexedAlert } from '../../src/server/modules/alerts/index/alertIndex';
import { CrossingLevels } from '../../src/server/modules/alerts/index/crossingLevels';
import { LevelStack } from '../../src/server/modules/alerts/index/levelStack';
import { SnoozeHeap } from '../../src/server/modules/alerts/index/snoozeHeap';

/**
 * The alert index (issue 30 §2) against a brute-force evaluator that looks at every alert on every tick: random
 * alerts on random symbols, random ticks, adds, removals, snoozes and wake-ups, and the same fired set every time.
 */

/** Deterministic random numbers (a test that fails can be replayed). */
function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
}

const CONDITIONS: AlertCondition[] = [
  'priceAbove',
  'priceBelow',
  'crossesAbove',
  'crossesBelow',
  'changeAbove',
  'changeBelow',
  'rsiAbove',
  'rsiBelow',
  'goldenCross',
  'deathCross',
];

/** The rules written out plainly, one alert at a time: what the index must agree with. */
class BruteForce {
  /** Armed alerts, each with the value a crossing measures its move from (undefined: the next tick starts it). */
  private readonly armed = new Map<number, { alert: IndexedAlert; from: number | undefined; fresh: boolean }>();
  private readonly snoozed = new Map<number, { alert: IndexedAlert; wakeAt: number }>();
  /** Fired, until the caller says what became of them (removed, or added again). */
  private readonly fired = new Map<number, IndexedAlert>();
  /** The last value of each symbol and measure, kept while some alert reads it. */
  private readonly last = new Map<string, { value: number; at: number }>();

  private static key(alert: IndexedAlert): string {
    return `${alert.symbol}:${CONDITION_RULES[alert.condition].measure}`;
  }

  add(alert: IndexedAlert, now: number): void {
    this.remove(alert.id);
    if (alert.nextEligibleAt !== null && alert.nextEligibleAt > now) {
      this.snoozed.set(alert.id, { alert, wakeAt: alert.nextEligibleAt });
      return;
    }
    const last = this.last.get(BruteForce.key(alert));
    const observed = last !== undefined && alert.armedAt <= last.at;
    this.armed.set(alert.id, { alert, from: observed ? last.value : (alert.baseline ?? undefined), fresh: !observed });
  }

  remove(id: number): void {
    const alert = this.armed.get(id)?.alert ?? this.snoozed.get(id)?.alert ?? this.fired.get(id);
    this.armed.delete(id);
    this.snoozed.delete(id);
    this.fired.delete(id);
    if (alert && !this.reads(BruteForce.key(alert))) this.last.delete(BruteForce.key(alert));
  }

  private reads(key: string): boolean {
    const all = [...[...this.armed.values()].map((e) => e.alert), ...[...this.snoozed.values()].map((e) => e.alert)];
    return [...all, ...this.fired.values()].some((alert) => BruteForce.key(alert) === key);
  }

  wakeDue(now: number): void {
    for (const [id, { alert, wakeAt }] of this.snoozed) {
      if (wakeAt > now) continue;
      this.snoozed.delete(id);
      // A woken crossing goes on from the last value seen (moves during its sleep do not count).
      this.armed.set(id, { alert, from: this.last.get(BruteForce.key(alert))?.value, fresh: false });
    }
  }

  evaluate(symbol: string, measure: AlertMeasure, value: number, at: number): number[] {
    const key = `${symbol}:${measure}`;
    if (!this.reads(key)) return [];
    const fired: number[] = [];
    for (const [id, entry] of this.armed) {
      const { alert } = entry;
      const rule = CONDITION_RULES[alert.condition];
      if (alert.symbol !== symbol || rule.measure !== measure) continue;
      const level = alert.level ?? 0;
      const from = entry.from ?? value;
      const fires =
        rule.shape === 'above'
          ? value > level
          : rule.shape === 'below'
            ? value < level
            : rule.shape === 'crossUp'
              ? from <= level && level < value
              : value < level && level <= from;
      if (fires) {
        fired.push(id);
        this.armed.delete(id);
        this.fired.set(id, alert);
      } else {
        entry.from = value;
        entry.fresh = false;
      }
    }
    this.last.set(key, { value, at });
    return fired.sort((a, b) => a - b);
  }

  /** Another evaluator's last value (a take-over): crossings observed before, or armed before it, go on from it. */
  setObserved(symbol: string, measure: AlertMeasure, value: number, at: number): void {
    const key = `${symbol}:${measure}`;
    const last = this.last.get(key);
    if (!this.reads(key) || (last && at <= last.at)) return;
    this.last.set(key, { value, at });
    for (const entry of this.armed.values()) {
      if (BruteForce.key(entry.alert) !== key || (entry.fresh && entry.alert.armedAt > at)) continue;
      entry.from = value;
      entry.fresh = false;
    }
  }

  ids(): number[] {
    return [...this.armed.keys(), ...this.snoozed.keys(), ...this.fired.keys()].sort((a, b) => a - b);
  }
}

function firedIds(buffer: FiredBuffer): number[] {
  return buffer.ids.slice(0, buffer.length).sort((a, b) => a - b);
}

describe('the alert index', () => {
  for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
    it(`fires the same alerts as a brute-force evaluator over random ticks (seed ${seed})`, () => {
      const rand = random(seed);
      const index = new AlertIndex();
      const brute = new BruteForce();
      const symbols = ['AAA', 'BBB', 'CCC'];
      const value = new Map<string, number>();
      for (const symbol of symbols)
        for (const measure of ['price', 'change', 'rsi', 'ma'] as AlertMeasure[])
          value.set(`${symbol}:${measure}`, measure === 'price' ? 100 : measure === 'rsi' ? 50 : 0);
      let nextId = 1;
      let now = 1_000;
      const fired = new FiredBuffer();
      let firedTotal = 0;
      const alive = () => brute.ids();

      const levelNear = (measure: AlertMeasure, around: number) => {
        // Round levels sometimes land exactly on a value: the edges (<=, <) are tested too.
        const spread = measure === 'rsi' ? 10 : measure === 'price' ? 5 : 2;
        const level = around + (rand() - 0.5) * 2 * spread;
        return rand() < 0.3 ? Math.round(level) : level;
      };

      // Start-up: a first batch loaded at once (appended and sorted), then one change at a time.
      const initial: IndexedAlert[] = [];
      for (let i = 0; i < 150; i++) {
        const condition = CONDITIONS[Math.floor(rand() * CONDITIONS.length)];
        const symbol = symbols[Math.floor(rand() * symbols.length)];
        const measure = CONDITION_RULES[condition].measure;
        const current = value.get(`${symbol}:${measure}`)!;
        initial.push({
          id: nextId++,
          symbol,
          condition,
          level: measure === 'ma' ? null : levelNear(measure, current),
          generation: 0,
          armedAt: now,
          baseline: levelNear(measure, current),
          nextEligibleAt: rand() < 0.1 ? now + 20 : null,
        });
      }
      index.load(initial, now);
      for (const alert of initial) brute.add(alert, now);

      for (let step = 0; step < 4_000; step++) {
        now += 1 + Math.floor(rand() * 5);
        const roll = rand();
        if (roll < 0.35) {
          const condition = CONDITIONS[Math.floor(rand() * CONDITIONS.length)];
          const symbol = symbols[Math.floor(rand() * symbols.length)];
          const measure = CONDITION_RULES[condition].measure;
          const current = value.get(`${symbol}:${measure}`)!;
          const snooze = rand() < 0.15 ? now + 1 + Math.floor(rand() * 40) : null;
          const alert: IndexedAlert = {
            id: rand() < 0.1 && nextId > 1 ? 1 + Math.floor(rand() * (nextId - 1)) : nextId++,
            symbol,
            condition,
            level: measure === 'ma' ? null : levelNear(measure, current),
            generation: 0,
            armedAt: now,
            baseline: rand() < 0.2 ? null : levelNear(measure, current),
            nextEligibleAt: snooze,
          };
          index.add(alert, now);
          brute.add(alert, now);
        } else if (roll < 0.45) {
          const ids = alive();
          if (ids.length > 0) {
            const id = ids[Math.floor(rand() * ids.length)];
            index.remove(id);
            brute.remove(id);
          }
        } else if (roll < 0.5) {
          index.wakeDue(now);
          brute.wakeDue(now);
        } else if (roll < 0.52) {
          index.compact();
        } else if (roll < 0.54) {
          // A take-over: the value another evaluator saw, a little while ago.
          const symbol = symbols[Math.floor(rand() * symbols.length)];
          const measure = (['price', 'ma'] as AlertMeasure[])[Math.floor(rand() * 2)];
          const seen = value.get(`${symbol}:${measure}`)! + (rand() - 0.5) * 4;
          const at = now - Math.floor(rand() * 20);
          index.setObserved(symbol, measure, seen, at);
          brute.setObserved(symbol, measure, seen, at);
        } else {
          const symbol = symbols[Math.floor(rand() * symbols.length)];
          const measure = (['price', 'price', 'change', 'rsi', 'ma'] as AlertMeasure[])[Math.floor(rand() * 5)];
          const key = `${symbol}:${measure}`;
          let next = value.get(key)! + (rand() - 0.5) * (measure === 'rsi' ? 8 : 3);
          if (rand() < 0.2) next = Math.round(next);
          if (rand() < 0.05) next = value.get(key)!; // an unchanged value (the market is closed)
          value.set(key, next);
          fired.reset();
          let expected: number[];
          if (measure === 'price' && rand() < 0.5) {
            // A whole quote at once: the day's change moves with the price.
            const changeKey = `${symbol}:change`;
            const change = value.get(changeKey)! + (rand() - 0.5) * 2;
            value.set(changeKey, change);
            index.evaluateQuote(symbol, next, change, now, fired);
            expected = [
              ...brute.evaluate(symbol, 'price', next, now),
              ...brute.evaluate(symbol, 'change', change, now),
            ];
            expected.sort((a, b) => a - b);
          } else {
            index.evaluate(symbol, measure, next, now, fired);
            expected = brute.evaluate(symbol, measure, next, now);
          }
          index.markFired(fired);
          expect(firedIds(fired), `step ${step}: ${key} -> ${next}`).toEqual(expected);
          firedTotal += expected.length;
          // Fired alerts come back as the engine would bring them back: some snoozed, some at once, most done.
          for (let i = 0; i < fired.length; i++) {
            const back = rand();
            if (back < 0.6) {
              index.remove(fired.ids[i]);
              brute.remove(fired.ids[i]);
              continue;
            }
            const entry = index.get(fired.ids[i])!;
            const again = {
              ...entry.alert,
              baseline: fired.values[i],
              nextEligibleAt: back < 0.85 ? now + 1 + Math.floor(rand() * 30) : null,
            };
            index.add(again, now);
            brute.add(again, now);
          }
        }
        expect(index.size).toBe(alive().length);
      }
      // The run exercised what it means to: many firings of every shape.
      expect(firedTotal).toBeGreaterThan(300);
    });
  }

  it('fires a level condition that already holds at the next evaluation, even with an unchanged value', () => {
    const index = new AlertIndex();
    const fired = new FiredBuffer();
    index.evaluate('AAPL', 'price', 201, 1, fired);
    const base = { symbol: 'AAPL', generation: 0, armedAt: 2, baseline: 201, nextEligibleAt: null };
    index.add({ ...base, id: 1, condition: 'priceAbove', level: 200 }, 2);
    index.add({ ...base, id: 2, condition: 'crossesAbove', level: 200 }, 2);
    index.add({ ...base, id: 3, condition: 'priceBelow', level: 200 }, 2);
    // No price was seen before the index learnt of the alerts: nothing is evaluated yet.
    expect(fired.length).toBe(0);
    index.evaluate('AAPL', 'price', 201, 3, fired);
    // Above holds: fires. The crossing was armed above its level: it waits for an actual cross.
    expect(firedIds(fired)).toEqual([1]);
    fired.reset();
    index.evaluate('AAPL', 'price', 199, 4, fired);
    index.evaluate('AAPL', 'price', 200.5, 5, fired);
    expect(firedIds(fired)).toEqual([2, 3]);
  });

  it('starts a crossing from its baseline when a move happened between arming and the next tick', () => {
    const index = new AlertIndex();
    const fired = new FiredBuffer();
    index.evaluate('MSFT', 'price', 390, 1, fired);
    index.add(
      {
        id: 9,
        symbol: 'MSFT',
        condition: 'crossesAbove',
        level: 400,
        generation: 0,
        armedAt: 5,
        baseline: 395,
        nextEligibleAt: null,
      },
      5,
    );
    index.evaluate('MSFT', 'price', 401, 6, fired);
    expect(firedIds(fired)).toEqual([9]);
  });

  it('leaves a fresh crossing that did not fire out of the sorted arrays until compaction, and still fires it', () => {
    const crossing = (id: number): IndexedAlert => ({
      id,
      symbol: 'AMD',
      condition: 'crossesAbove',
      level: 150,
      generation: 0,
      armedAt: 5,
      baseline: 140,
      nextEligibleAt: null,
    });
    for (const compactBetween of [false, true]) {
      const index = new AlertIndex();
      const fired = new FiredBuffer();
      index.evaluate('AMD', 'price', 139, 1, fired);
      index.add(crossing(1), 5);
      index.add(crossing(2), 5);
      // Judged from its baseline at the first tick: no cross. The insert that places it is not the tick's work.
      index.evaluate('AMD', 'price', 145, 6, fired);
      expect(firedIds(fired)).toEqual([]);
      expect(index.get(1)!.placement).toBe('settled');
      index.remove(2);
      if (compactBetween) {
        index.compact();
        expect(index.get(1)!.placement).toBe('crossing');
      }
      index.evaluate('AMD', 'price', 151, 7, fired);
      expect(firedIds(fired), `compaction between: ${compactBetween}`).toEqual([1]);
      expect(index.size).toBe(1);
    }
  });

  it('takes over another instance’s last observation for crossings armed before it', () => {
    const index = new AlertIndex();
    const fired = new FiredBuffer();
    const alert = (id: number, armedAt: number): IndexedAlert => ({
      id,
      symbol: 'NVDA',
      condition: 'crossesBelow',
      level: 100,
      generation: 0,
      armedAt,
      baseline: 120,
      nextEligibleAt: null,
    });
    index.add(alert(1, 10), 50);
    index.add(alert(2, 40), 50);
    // The previous evaluator saw 90 at time 30 (below the level: alert 1 has fired or is past it there).
    index.setObserved('NVDA', 'price', 90, 30);
    index.evaluate('NVDA', 'price', 95, 60, fired);
    // Alert 1 goes on from 90: no cross. Alert 2 was armed after the observation: from its baseline 120, a cross.
    expect(firedIds(fired)).toEqual([2]);
  });

  it('forgets a symbol once its last alert is removed, and keeps snoozed alerts until due', () => {
    const index = new AlertIndex();
    const fired = new FiredBuffer();
    const alert: IndexedAlert = {
      id: 4,
      symbol: 'KO',
      condition: 'priceBelow',
      level: 70,
      generation: 1,
      armedAt: 0,
      baseline: null,
      nextEligibleAt: 100,
    };
    index.add(alert, 10);
    expect(index.symbolList()).toEqual(['KO']);
    index.evaluate('KO', 'price', 60, 20, fired);
    expect(fired.length).toBe(0);
    expect(index.wakeDue(99)).toBe(0);
    expect(index.wakeDue(100)).toBe(1);
    index.evaluate('KO', 'price', 60, 101, fired);
    expect(firedIds(fired)).toEqual([4]);
    index.remove(4);
    expect(index.symbolList()).toEqual([]);
    expect(index.size).toBe(0);
  });
});

describe('the index’s parts', () => {
  it('LevelStack pops exactly the keys above the threshold and removes by key and id', () => {
    const stack = new LevelStack();
    const rand = random(11);
    const keys = new Map<number, number>();
    for (let id = 1; id <= 500; id++) {
      const key = Math.round(rand() * 100);
      keys.set(id, key);
      stack.insert(key, id);
    }
    for (let id = 1; id <= 500; id += 7) {
      expect(stack.remove(keys.get(id)!, id)).toBe(true);
      keys.delete(id);
    }
    expect(stack.remove(1_000, 1)).toBe(false);
    const popped: number[] = [];
    stack.popAbove(60, (id) => popped.push(id));
    const expected = [...keys].filter(([, key]) => key > 60).map(([id]) => id);
    expect(popped.sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(stack.size).toBe(keys.size - expected.length);
  });

  for (const upward of [true, false]) {
    it(`CrossingLevels (${upward ? 'upward' : 'downward'}) fires exactly the levels a move passes, over long jumps, inserts and compactions`, () => {
      const rand = random(upward ? 21 : 22);
      const levels = new CrossingLevels(upward);
      const live = new Map<number, number>();
      let nextId = 1;
      let value = 125;
      const add = () => {
        const level = Math.round(rand() * 1000) / 4;
        live.set(nextId, level);
        levels.insert(level, nextId++, value);
      };
      for (let i = 0; i < 400; i++) add();
      let firedTotal = 0;
      for (let step = 0; step < 3_000; step++) {
        // Mostly small moves, some jumps across the whole range (the gallop), some landing on a level exactly.
        const jump = rand() < 0.1 ? (rand() - 0.5) * 400 : (rand() - 0.5) * 6;
        let next = Math.max(-10, Math.min(260, value + jump));
        if (rand() < 0.2) next = Math.round(next * 4) / 4;
        const fired: number[] = [];
        levels.move(value, next, (id) => fired.push(id));
        const expected = [...live]
          .filter(([, l]) => (upward ? next > value && value <= l && l < next : next < value && next < l && l <= value))
          .map(([id]) => id);
        expect(
          fired.sort((a, b) => a - b),
          `${value} -> ${next}`,
        ).toEqual(expected.sort((a, b) => a - b));
        for (const id of fired) live.delete(id);
        firedTotal += fired.length;
        value = next;
        if (rand() < 0.3) add();
        if (rand() < 0.05 && live.size > 0) {
          const [id, level] = [...live][Math.floor(rand() * live.size)];
          expect(levels.remove(level, id)).toBe(true);
          expect(levels.remove(level, id)).toBe(false);
          live.delete(id);
        }
        if (levels.needsCompaction) levels.compact();
        expect(levels.size).toBe(live.size);
      }
      expect(firedTotal).toBeGreaterThan(500);
    });
  }

  it('SnoozeHeap hands out due entries in time order', () => {
    const heap = new SnoozeHeap();
    const rand = random(5);
    const times: number[] = [];
    for (let id = 0; id < 300; id++) {
      const time = Math.floor(rand() * 1000);
      times.push(time);
      heap.push(time, id);
    }
    const out: number[] = [];
    heap.popDue(500, (_id, time) => out.push(time));
    expect(out).toEqual(times.filter((t) => t <= 500).sort((a, b) => a - b));
    expect(heap.size).toBe(times.filter((t) => t > 500).length);
  });
});
