import type { Activity } from '../src/shared/portfolio/ledger/types';
import { computePerformance, PerformanceMemo } from '../src/server/modules/ledger/arithmetic/performance';
import { ledgerServiceFigures } from './lib/ledgerService';
import type { Bench, BenchFigure } from './types';

/**
 * The ledger engine on a large portfolio: 5,000 activities over 10 years for 20 symbols with synthetic daily closes
 * (weekdays, random walks, two splits), ALL range, median of several runs after a JIT warm-up. Then one activity
 * appended (a buy today) and performance computed again. Engine only: no database, no market service; the server
 * adds its own service-level figures below these.
 */
const SYMBOLS = Array.from({ length: 20 }, (_, i) => `SYM${String(i).padStart(2, '0')}`);
const YEARS = 10;
const ACTIVITIES = 5_000;
const RUNS = 7;
const TODAY = '2026-11-24';
const DAY_MS = 86_400_000;

export function random(seed: number): () => number {
  return () => {
    seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0;
    return seed / 4294967296;
  };
}

interface Market {
  days: string[];
  /** Raw (unadjusted) prices per symbol per trading day: what a trade pays. */
  raw: Map<string, number[]>;
  splits: Array<{ symbol: string; dayIndex: number; ratio: [number, number] }>;
}

export function makeMarket(rand: () => number): Market {
  const end = Date.parse(`${TODAY}T00:00:00Z`);
  const days: string[] = [];
  for (let t = end - YEARS * 365 * DAY_MS; t <= end; t += DAY_MS) {
    const weekday = new Date(t).getUTCDay();
    if (weekday !== 0 && weekday !== 6) days.push(new Date(t).toISOString().slice(0, 10));
  }
  const raw = new Map<string, number[]>();
  const splits: Market['splits'] = [
    { symbol: SYMBOLS[0], dayIndex: Math.floor(days.length / 3), ratio: [4, 1] },
    { symbol: SYMBOLS[1], dayIndex: Math.floor(days.length / 2), ratio: [2, 1] },
  ];
  for (const symbol of SYMBOLS) {
    let price = 20 + rand() * 200;
    const series: number[] = [];
    days.forEach((_, i) => {
      const split = splits.find((s) => s.symbol === symbol && s.dayIndex === i);
      if (split) price = (price * split.ratio[1]) / split.ratio[0];
      price = Math.max(1, price * (1 + (rand() - 0.49) * 0.03));
      series.push(Math.round(price * 100) / 100);
    });
    raw.set(symbol, series);
  }
  return { days, raw, splits };
}

/** Adjusted closes, as Yahoo gives them: every close before a split divided by its ratio. */
export function adjustedCloses(market: Market): Map<string, Map<string, number>> {
  const closes = new Map<string, Map<string, number>>();
  for (const symbol of SYMBOLS) {
    const series = market.raw.get(symbol)!;
    const map = new Map<string, number>();
    market.days.forEach((day, i) => {
      const factor = market.splits
        .filter((s) => s.symbol === symbol && s.dayIndex > i)
        .reduce((f, s) => (f * s.ratio[0]) / s.ratio[1], 1);
      map.set(day, series[i] / factor);
    });
    closes.set(symbol, map);
  }
  const spy = new Map<string, number>();
  let level = 300;
  const rand = random(7);
  for (const day of market.days) spy.set(day, (level *= 1 + (rand() - 0.49) * 0.02));
  closes.set('SPY', spy);
  return closes;
}

/** A valid ledger: never sells more than held, never withdraws more than the cash (tracked here in floats, with margin). */
export function makeActivities(market: Market, rand: () => number): Activity[] {
  const held = new Map<string, number>();
  const activities: Activity[] = [];
  let cash = 0;
  const base = { symbol: null, quantity: null, price: null, fee: null, amount: null, ratio: null, note: null };
  const add = (date: string, fields: Partial<Activity> & Pick<Activity, 'type'>) =>
    activities.push({ ...base, id: `a${activities.length}`, date, ...fields });
  const step = market.days.length / (ACTIVITIES - market.splits.length);
  for (let i = 0; activities.length < ACTIVITIES; i++) {
    const dayIndex = Math.min(market.days.length - 1, Math.floor(i * step));
    const date = market.days[dayIndex];
    for (const split of market.splits.filter((s) => s.dayIndex === dayIndex && held.has(s.symbol))) {
      held.set(split.symbol, (held.get(split.symbol)! * split.ratio[0]) / split.ratio[1]);
      add(date, { type: 'split', symbol: split.symbol, ratio: `${split.ratio[0]}:${split.ratio[1]}` });
    }
    const symbol = SYMBOLS[Math.floor(rand() * SYMBOLS.length)];
    const price = market.raw.get(symbol)![dayIndex];
    const roll = rand();
    if (roll < 0.1) {
      const amount = Math.round(1000 + rand() * 5000);
      cash += amount;
      add(date, { type: 'deposit', amount: String(amount) });
    } else if (roll < 0.55 || !held.get(symbol)) {
      const quantity = 1 + Math.floor(rand() * 20);
      cash = Math.max(0, cash - quantity * price - 1);
      held.set(symbol, (held.get(symbol) ?? 0) + quantity);
      add(date, { type: 'buy', symbol, quantity: String(quantity), price: String(price), fee: '1' });
    } else if (roll < 0.8) {
      const quantity = Math.max(1, Math.floor(held.get(symbol)! / 3));
      cash += quantity * price - 1;
      held.set(symbol, held.get(symbol)! - quantity);
      add(date, { type: 'sell', symbol, quantity: String(quantity), price: String(price), fee: '1' });
    } else if (roll < 0.93) {
      const amount = (held.get(symbol)! * price * 0.005).toFixed(2);
      cash += Number(amount);
      add(date, { type: 'dividend', symbol, amount });
    } else if (roll < 0.96) {
      cash = Math.max(0, cash - 2.5);
      add(date, { type: 'fee', amount: '2.50' });
    } else if (cash > 100) {
      const amount = Math.floor(cash * 0.3);
      cash -= amount;
      add(date, { type: 'withdrawal', amount: String(amount) });
    }
  }
  return activities;
}

function median(run: () => void): number {
  for (let i = 0; i < 2; i++) run(); // let the JIT settle
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const bench: Bench = {
  name: 'ledger',
  async run(): Promise<BenchFigure[]> {
    const rand = random(42);
    const market = makeMarket(rand);
    const closes = adjustedCloses(market);
    const activities = makeActivities(market, rand);
    const input = {
      activities,
      method: 'fifo' as const,
      range: 'ALL' as const,
      today: TODAY,
      closes,
      benchmark: 'SPY',
    };
    let answer = computePerformance(input);
    const full = median(() => (answer = computePerformance(input)));
    console.log(
      `  ${activities.length.toLocaleString('en-US')} activities, ${SYMBOLS.length} symbols, ${market.days.length} trading days, ` +
        `${answer.series.length} series points; TWR ${answer.twr}, MWR ${answer.mwr}, end value ${answer.endValue}`,
    );
    const last = market.days.length - 1;
    const appended: Activity[] = [
      ...activities,
      {
        id: 'appended',
        type: 'buy',
        date: TODAY,
        symbol: SYMBOLS[3],
        quantity: '5',
        price: String(market.raw.get(SYMBOLS[3])![last]),
        fee: '1',
        amount: null,
        ratio: null,
        note: null,
      },
    ];
    const appendedInput = { ...input, activities: appended };
    const fullAfterAppend = median(() => computePerformance(appendedInput));
    // With the memo a server keeps per portfolio: warmed by the answer before the append (untimed), then the answer
    // after it, which replays only the days from the last activity's day on.
    const memoTimes: number[] = [];
    for (let i = 0; i < RUNS + 2; i++) {
      const memo = new PerformanceMemo();
      computePerformance(input, memo);
      const start = performance.now();
      const withMemo = computePerformance(appendedInput, memo);
      memoTimes.push(performance.now() - start);
      if (JSON.stringify(withMemo) !== JSON.stringify(computePerformance(appendedInput)))
        throw new Error('the memo answered differently from a full walk');
    }
    const afterAppend = memoTimes.slice(2).sort((a, b) => a - b)[Math.floor(RUNS / 2)];
    console.log(
      `  after appending one activity: full recompute ${fullAfterAppend.toFixed(1)} ms, with the memo ${afterAppend.toFixed(1)} ms`,
    );
    return [
      {
        label: 'computePerformance, 5,000 activities, 10 years, ALL (median)',
        value: full,
        unit: 'ms',
        target: { max: 100 },
      },
      {
        label: 'computePerformance after appending one activity, memo kept (median)',
        value: afterAppend,
        unit: 'ms',
        target: { max: 30 },
      },
      // The server's figures: the same size of ledger through the database, the market service and the caches.
      ...(await ledgerServiceFigures()),
    ];
  },
};

export default bench;
