import type { Dec } from '../../../../shared/portfolio/decimal';
import type { CostMethod } from '../../../../shared/portfolio/ledger/types';
import { BenchmarkShadow } from './benchmark';
import { LedgerBook } from './book';
import { toWholeCents } from './fastCents';
import { shallowCopy } from './copy';
import { dayText } from './dates';
import { fromWholeCents, toCents, ZERO } from './money';
import type { ParsedActivity } from './parse';
import { keepsPoint } from './seriesDensity';
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
  /**
   * Market value − cost basis of the shares transferred in within the range, on their day: gain made before they
   * were in the portfolio, so it is in the unrealised gain but not in the range's change of it (decomposition.ts).
   */
  transferredGain: Dec;
  dividends: Dec;
  fees: Dec;
  /** External flows within the range as the portfolio sees them: + in, − out. */
  flows: Array<{ date: string; amount: Dec }>;
  /** The days a chart draws: every day of the last years, then weekly and monthly (seriesDensity.ts). */
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
 *
 * The walk can stop after any day, be cloned, and go on: the performance memo keeps a clone taken before the last
 * activity's day, so appending an activity replays only the days from there (see memo.ts).
 */
export class Walker {
  private readonly walk: Walk;
  private next = 0;
  /** The next day to walk. */
  private day: number;
  private previousCents: number;
  private month: { month: string; twr: TwrLink } | undefined;

  private book: LedgerBook;
  private valuer: PortfolioValuer;

  constructor(
    private activities: readonly ParsedActivity[],
    method: CostMethod,
    readonly range: { readonly from: number; readonly to: number },
    closes: Closes,
    benchmarkSymbol: string,
  ) {
    this.book = new LedgerBook(method);
    this.valuer = new PortfolioValuer(closes, activities);
    while (this.next < activities.length && activities[this.next].day < range.from)
      this.book.apply(activities[this.next++]);
    const startText = dayText(range.from - 1);
    const start = this.edge(range.from - 1, startText);
    const benchmark = new BenchmarkShadow(closes.get(benchmarkSymbol));
    benchmark.start(range.from - 1, startText, start.value);
    this.walk = {
      start,
      end: start,
      inflows: ZERO,
      outflows: ZERO,
      realisedGain: ZERO,
      transferredGain: ZERO,
      dividends: ZERO,
      fees: ZERO,
      flows: [],
      points: [],
      twr: new TwrLink(),
      months: [],
      dividendsReceived: [],
      benchmark,
    };
    this.day = range.from;
    this.previousCents = toWholeCents(start.value);
  }

  /** The day the walk has reached (its last walked day), and how many activities it has applied. */
  get position(): { lastDay: number; applied: number } {
    return { lastDay: this.day - 1, applied: this.next };
  }

  /** An independent copy that goes on with `activities`, which must begin with the ones already applied. */
  clone(activities: readonly ParsedActivity[]): Walker {
    const copy = shallowCopy(this);
    copy.activities = activities;
    copy.book = this.book.clone();
    copy.valuer = this.valuer.clone();
    const months = this.walk.months.map((month) => ({ month: month.month, twr: month.twr.clone() }));
    Object.assign(copy, {
      walk: {
        ...this.walk,
        flows: this.walk.flows.slice(),
        points: this.walk.points.slice(),
        twr: this.walk.twr.clone(),
        months,
        dividendsReceived: this.walk.dividendsReceived.slice(),
        benchmark: this.walk.benchmark.clone(),
      },
      month: months.at(-1),
    });
    return copy;
  }

  /** Walks every day up to and including `lastDay` (at most the range's end). */
  runTo(lastDay: number): void {
    const { walk, activities, book, valuer } = this;
    for (; this.day <= Math.min(lastDay, this.range.to); this.day++) {
      const day = this.day;
      const text = dayText(day);
      let [inflow, outflow] = [ZERO, ZERO];
      for (; this.next < activities.length && activities[this.next].day === day; this.next++) {
        const activity = activities[this.next];
        const booking = book.apply(activity);
        if (!booking.inflow.isZero()) inflow = inflow.plus(booking.inflow);
        if (!booking.outflow.isZero()) outflow = outflow.plus(booking.outflow);
        if (activity.kind === 'transfer_in') {
          // Portfolio Performance's inbound delivery: the shares come in at their market value that day, an inflow
          // at the start of the day like a deposit, so the gain they carried in is never a return (decision 022).
          const value = fromWholeCents(valuer.sharesCents(book, activity.symbol, activity.quantity, day, text));
          inflow = inflow.plus(value);
          walk.transferredGain = walk.transferredGain.plus(
            value.minus(toCents(activity.quantity.times(activity.price))),
          );
        }
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
      const month = text.slice(0, 7);
      if (this.month?.month !== month) {
        this.month = { month, twr: new TwrLink() };
        walk.months.push(this.month);
      }
      const growth = dailyGrowth(this.previousCents, inflowCents, valueCents, outflowCents);
      this.month.twr.link(growth);
      walk.twr.link(growth);
      // The benchmark shadow links every day; the series keeps the days a chart draws (seriesDensity.ts).
      const benchmarkIndex = walk.benchmark.day(day, text, inflow, outflow);
      if (keepsPoint(day, this.range))
        walk.points.push({ text, valueCents, twrIndex: walk.twr.growth * 100, benchmarkIndex });
      this.previousCents = valueCents;
    }
  }

  /** Walks to the end of the range and answers the figures. The walker is spent afterwards. */
  finish(): Walk {
    this.runTo(this.range.to);
    this.walk.end = this.edge(this.range.to, dayText(this.range.to));
    return this.walk;
  }

  private edge(day: number, text: string): EdgeValuation {
    const market = fromWholeCents(this.valuer.marketCents(this.book, day, text));
    return {
      value: this.book.cash.balance.plus(market),
      cash: this.book.cash.balance,
      unrealisedGain: market.minus(openCostBasis(this.book)),
    };
  }
}
