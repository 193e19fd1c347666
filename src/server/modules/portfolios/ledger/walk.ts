import type { Dec } from '../../../../shared/portfolio/decimal';
import type { CostMethod } from '../../../../shared/portfolio/ledger/types';
import { BenchmarkShadow } from './benchmark';
import { LedgerBook } from './book';
import { dayText } from './dates';
import { HUNDRED, type Ratio, ZERO } from './money';
import type { ParsedActivity } from './parse';
import { dailyGrowth, TwrLink } from './twr';
import { type Closes, PortfolioValuer, type Valuation } from './valuation';

export interface DayPoint {
  text: string;
  value: Dec;
  twrIndex: Ratio;
  benchmarkIndex: Ratio | null;
}

/** Everything the performance answer is made of, as exact decimals, for the days from..to. */
export interface Walk {
  start: Valuation;
  end: Valuation;
  cash: Dec;
  inflows: Dec;
  outflows: Dec;
  realisedGain: Dec;
  dividends: Dec;
  fees: Dec;
  /** External flows within the range, in cents, for the money-weighted return: + in, − out (the investor's view is the opposite). */
  flows: Array<{ date: string; amount: Dec }>;
  points: DayPoint[];
  twr: TwrLink;
  months: Array<{ month: string; twr: TwrLink }>;
  dividendsReceived: Array<{ date: string; symbol: string; amount: Dec }>;
  benchmark: BenchmarkShadow;
}

/**
 * Replays the ledger day by day and values the portfolio at each close of the range. Activities before the range
 * only move the book; the day before `from` is valued once (the start value); every day of the range is valued
 * and linked into the TWR, its month's TWR and the benchmark shadow.
 */
export function walkLedger(
  activities: readonly ParsedActivity[],
  method: CostMethod,
  range: { from: number; to: number },
  closes: Closes,
  benchmarkSymbol: string,
): Walk {
  const book = new LedgerBook(method);
  const valuer = new PortfolioValuer(closes, activities);
  let next = 0;
  while (next < activities.length && activities[next].day < range.from) book.apply(activities[next++]);

  const startText = dayText(range.from - 1);
  const start = valuer.valueOn(book, range.from - 1, startText);
  const benchmark = new BenchmarkShadow(closes.get(benchmarkSymbol));
  benchmark.start(range.from - 1, startText, start.value);

  const walk: Walk = {
    start,
    end: start,
    cash: book.cash.balance,
    inflows: ZERO,
    outflows: ZERO,
    realisedGain: ZERO,
    dividends: ZERO,
    fees: ZERO,
    flows: [],
    points: [],
    twr: new TwrLink(),
    months: [],
    dividendsReceived: [],
    benchmark,
  };
  let previous = start.value;
  for (let day = range.from; day <= range.to; day++) {
    const text = dayText(day);
    let [inflow, outflow] = [ZERO, ZERO];
    for (; next < activities.length && activities[next].day === day; next++) {
      const activity = activities[next];
      const booking = book.apply(activity);
      inflow = inflow.plus(booking.inflow);
      outflow = outflow.plus(booking.outflow);
      walk.realisedGain = walk.realisedGain.plus(booking.realisedGain);
      walk.fees = walk.fees.plus(booking.fee);
      if (activity.kind === 'dividend') {
        walk.dividends = walk.dividends.plus(booking.dividend);
        walk.dividendsReceived.push({ date: text, symbol: activity.symbol, amount: booking.dividend });
      }
    }
    if (!inflow.isZero()) walk.flows.push({ date: text, amount: inflow });
    if (!outflow.isZero()) walk.flows.push({ date: text, amount: outflow.neg() });
    walk.inflows = walk.inflows.plus(inflow);
    walk.outflows = walk.outflows.plus(outflow);

    const valuation = valuer.valueOn(book, day, text);
    const month = text.slice(0, 7);
    if (walk.months.at(-1)?.month !== month) walk.months.push({ month, twr: new TwrLink() });
    const growth = dailyGrowth(previous, inflow, valuation.value, outflow);
    walk.months.at(-1)!.twr.link(growth);
    walk.twr.link(growth);
    walk.points.push({
      text,
      value: valuation.value,
      twrIndex: walk.twr.growth.times(HUNDRED),
      benchmarkIndex: benchmark.day(day, text, inflow, outflow),
    });
    walk.end = valuation;
    previous = valuation.value;
  }
  walk.cash = book.cash.balance;
  return walk;
}
