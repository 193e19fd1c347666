import type { Dec } from '../../../../shared/portfolio/decimal';
import type { CostMethod } from '../../../../shared/portfolio/ledger/types';
import { BenchmarkShadow } from './benchmark';
import { LedgerBook } from './book';
import { toWholeCents } from './fastCents';
import { dayText } from './dates';
import { fromWholeCents, ZERO } from './money';
import type { ParsedActivity } from './parse';
import { dailyGrowth, TwrLink } from './twr';
import { type Closes, openCostBasis, PortfolioValuer } from './valuation';

/** One day of the series: value in whole cents, indexes at 100 on the day before the range. */
export interface DayPoint {
  text: string;
  valueCents: number;
  twrIndex: number;
  benchmarkIndex: number | null;
}

export interface EdgeValuation {
  value: Dec;
  cash: Dec;
  /** Market value − cost basis of the open positions. */
  unrealisedGain: Dec;
}

/** Everything the performance answer is made of, for the days from..to; money as exact decimals in cents. */
export interface Walk {
  start: EdgeValuation;
  end: EdgeValuation;
  inflows: Dec;
  outflows: Dec;
  realisedGain: Dec;
  dividends: Dec;
  fees: Dec;
  /** External flows within the range as the portfolio sees them: + in, − out. */
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
 * and linked into the TWR, its month's TWR and the benchmark shadow. Values are whole cents held as integers on the
 * daily path (exact below 2^53 cents) and decimals at the edges.
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

  const edge = (day: number, text: string): EdgeValuation => {
    const market = fromWholeCents(valuer.marketCents(book, day, text));
    return {
      value: book.cash.balance.plus(market),
      cash: book.cash.balance,
      unrealisedGain: market.minus(openCostBasis(book)),
    };
  };
  const startText = dayText(range.from - 1);
  const start = edge(range.from - 1, startText);
  const benchmark = new BenchmarkShadow(closes.get(benchmarkSymbol));
  benchmark.start(range.from - 1, startText, start.value);

  const walk: Walk = {
    start,
    end: start,
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
  let previousCents = toWholeCents(start.value);
  let month: { month: string; twr: TwrLink } | undefined;
  for (let day = range.from; day <= range.to; day++) {
    const text = dayText(day);
    let [inflow, outflow] = [ZERO, ZERO];
    for (; next < activities.length && activities[next].day === day; next++) {
      const activity = activities[next];
      const booking = book.apply(activity);
      if (!booking.inflow.isZero()) inflow = inflow.plus(booking.inflow);
      if (!booking.outflow.isZero()) outflow = outflow.plus(booking.outflow);
      if (!booking.realisedGain.isZero()) walk.realisedGain = walk.realisedGain.plus(booking.realisedGain);
      if (!booking.fee.isZero()) walk.fees = walk.fees.plus(booking.fee);
      if (activity.kind === 'dividend') {
        walk.dividends = walk.dividends.plus(booking.dividend);
        walk.dividendsReceived.push({ date: text, symbol: activity.symbol, amount: booking.dividend });
      }
    }
    let [inflowCents, outflowCents] = [0, 0];
    if (!inflow.isZero()) {
      walk.flows.push({ date: text, amount: inflow });
      walk.inflows = walk.inflows.plus(inflow);
      inflowCents = toWholeCents(inflow);
    }
    if (!outflow.isZero()) {
      walk.flows.push({ date: text, amount: outflow.neg() });
      walk.outflows = walk.outflows.plus(outflow);
      outflowCents = toWholeCents(outflow);
    }

    const valueCents = valuer.cashCents(book) + valuer.marketCents(book, day, text);
    if (month?.month !== text.slice(0, 7)) {
      month = { month: text.slice(0, 7), twr: new TwrLink() };
      walk.months.push(month);
    }
    const growth = dailyGrowth(previousCents, inflowCents, valueCents, outflowCents);
    month.twr.link(growth);
    walk.twr.link(growth);
    walk.points.push({
      text,
      valueCents,
      twrIndex: walk.twr.growth * 100,
      benchmarkIndex: benchmark.day(day, text, inflow, outflow),
    });
    previousCents = valueCents;
  }
  if (range.to >= range.from) walk.end = edge(range.to, dayText(range.to));
  return walk;
}
