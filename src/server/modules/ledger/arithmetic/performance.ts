import type {
  Activity,
  CostMethod,
  PerformanceAnswer,
  PerformanceRange,
} from '../../../../shared/portfolio/ledger/types';
import { dayNumber, dayText } from './dates';
import { decompose } from './decomposition';
import { centsText, fractionText, wholeCentsText, ZERO } from './money';
import { rangeDays } from './ranges';
import type { PerformanceMemo } from './memo';
import { sortLedger } from './replay';
import { parseActivity } from './parse';
import { annualise } from './twr';
import type { Closes } from './valuation';
import { Walker } from './walk';
import { xirr } from './xirr';

export type { Closes } from './valuation';
export { PerformanceMemo } from './memo';

export interface PerformanceInput {
  /** In ledger order (date ascending, then as recorded). */
  activities: readonly Activity[];
  method: CostMethod;
  range: PerformanceRange;
  /** 'YYYY-MM-DD': the last day of every range. */
  today: string;
  /** Split-adjusted daily closes of the ledger's symbols and of the benchmark. */
  closes: Closes;
  /** The benchmark symbol (SPY by default); its closes are looked up in `closes`. */
  benchmark: string;
}

const fraction = (value: number | null): string | null => (value === null ? null : fractionText(value));

/**
 * The performance of a portfolio over a range: values, TWR, money-weighted return, the decomposition that adds up
 * to the cent, the benchmark, the daily series, monthly returns and dividends. Pure: the caller brings the
 * activities and the closes. Throws LedgerError when the ledger cannot be replayed.
 *
 * `memo` (optional, one per portfolio) lets a later call after an appended activity replay only the last days; the
 * answer is the same with or without it.
 */
export function computePerformance(input: PerformanceInput, memo?: PerformanceMemo): PerformanceAnswer {
  const today = dayNumber(input.today);
  if (today === null) throw new Error(`today must be YYYY-MM-DD, not "${input.today}"`);
  const read = memo ? memo.parse(input.activities) : { parsed: input.activities.map(parseActivity), keys: [] };
  const { activities, keys } = sortLedger(read.parsed, read.keys);
  if (activities.length === 0 || activities[0].day > today)
    return emptyAnswer(input.range, input.today, input.benchmark);

  const { from, to } = rangeDays(input.range, today, activities[0].day);
  const memoInputs = { ...input, from };
  let walker = memo?.resume(memoInputs, activities, keys) ?? null;
  if (!walker) {
    walker = new Walker(activities, input.method, { from, to }, input.closes, input.benchmark);
    if (memo) {
      // The checkpoint: the close of the day before the last activity's day, where an appended activity begins.
      walker.runTo(activities[activities.length - 1].day - 1);
      memo.save(memoInputs, activities, keys, walker.clone(activities));
    }
  }
  const walk = walker.finish();
  const decomposition = decompose(walk);
  const days = to - from + 1;
  const twr = walk.twr.cumulative();
  const [fromText, toText] = [dayText(from), dayText(to)];
  // The investor's view of the flows: money put in is negative, money taken out and the end value positive. The start
  // value is the close of the day before the range, and is dated that day, as Portfolio Performance dates it.
  const mwrFlows = [
    { date: dayText(from - 1), amount: -Number(walk.start.value) },
    ...walk.flows.map((flow) => ({ date: flow.date, amount: -Number(flow.amount) })),
    { date: toText, amount: Number(walk.end.value) },
  ];
  const mwr = xirr(mwrFlows);
  const benchmarkTwr = walk.benchmark.twr();
  const shadow = walk.benchmark.valueWithSameFlows();
  return {
    range: input.range,
    from: fromText,
    to: toText,
    startValue: decomposition.startValue,
    endValue: decomposition.endValue,
    cashBalance: centsText(walk.end.cash),
    netFlows: decomposition.netFlows,
    twr: fraction(twr),
    twrAnnualised: fraction(annualise(twr, days)),
    mwr: mwr === null ? null : fractionText(mwr),
    realisedGain: decomposition.realisedGain,
    unrealisedGain: centsText(walk.end.unrealisedGain),
    dividends: decomposition.dividends,
    fees: decomposition.fees,
    decomposition,
    benchmark: {
      symbol: input.benchmark,
      twr: fraction(benchmarkTwr),
      valueWithSameFlows: shadow === null ? null : centsText(shadow),
    },
    series: walk.points.map((point) => ({
      date: point.text,
      value: wholeCentsText(point.valueCents),
      twrIndex: point.twrIndex.toFixed(6),
      benchmarkIndex: point.benchmarkIndex === null ? null : point.benchmarkIndex.toFixed(6),
    })),
    monthlyReturns: walk.months.map(({ month, twr: link }) => ({ month, twr: fraction(link.cumulative()) })),
    dividendsReceived: walk.dividendsReceived
      .map((dividend) => ({ ...dividend, amount: centsText(dividend.amount) }))
      .reverse(),
  };
}

function emptyAnswer(range: PerformanceRange, today: string, benchmark: string): PerformanceAnswer {
  const zero = centsText(ZERO);
  const decomposition = {
    startValue: zero,
    netFlows: zero,
    realisedGain: zero,
    unrealisedGainChange: zero,
    dividends: zero,
    fees: zero,
    endValue: zero,
  };
  return {
    range,
    from: today,
    to: today,
    startValue: zero,
    endValue: zero,
    cashBalance: zero,
    netFlows: zero,
    twr: null,
    twrAnnualised: null,
    mwr: null,
    realisedGain: zero,
    unrealisedGain: zero,
    dividends: zero,
    fees: zero,
    decomposition,
    benchmark: { symbol: benchmark, twr: null, valueWithSameFlows: null },
    series: [],
    monthlyReturns: [],
    dividendsReceived: [],
  };
}
