import { z } from 'zod';
import { marketSource, toolSymbol } from './common';
import { summarizeHistory, type HistorySummary } from './historyStats';
import {
  HISTORY_RANGES,
  periodFields,
  periodKey,
  periodOf,
  pointsOf,
  type HistoryRange,
  type PeriodSpec,
} from './period';
import { defineTool, ToolFailure } from './types';

export { HISTORY_RANGES, type HistoryRange };

export interface HistorySummaryData extends HistorySummary {
  symbol: string;
  /** The named look-back asked for; null for explicit dates (then `requested` has them). */
  range: HistoryRange | null;
  /** The dates asked for, when the period was given as dates (the data may start or end at the nearest session). */
  requested?: { from: string; to: string };
}

/** get_history_summary(symbol, range | from/to): first/last/high/low close, change, volatility and drawdown. */
export const getHistorySummaryTool = defineTool({
  name: 'get_history_summary',
  description:
    'Summary of the price history over a range or between two dates: first, last, highest and lowest close (with ' +
    'dates), change in $ and %, annualized volatility, the largest drawdown within the period and the distance from ' +
    'the period high. Give `range` for the named look-backs, or `from`/`to` (YYYY-MM-DD) for any other period ' +
    '("last quarter", "between March 1 and June 30", "since January", "last 3 months").',
  input: z.object({ symbol: toolSymbol, ...periodFields }),
  progress: ({ symbol, range, from, to }) =>
    `Reading ${symbol} price history (${from ? `${from} to ${to ?? 'today'}` : (range ?? '1Y')})…`,
  async run({ symbol, ...input }, { deps }) {
    const period: PeriodSpec = periodOf(input, deps.now());
    const [points, quote] = await Promise.all([
      pointsOf(deps.market, symbol, period, deps.now()),
      deps.market.quote(symbol).catch(() => null),
    ]);
    const summary = summarizeHistory(points);
    const key = periodKey(period);
    if (!summary) throw new ToolFailure(`Not enough price history for ${symbol} in ${key} to summarize.`);
    const last = points[points.length - 1].time;
    return {
      data: {
        symbol,
        range: 'range' in period ? period.range : null,
        ...('from' in period ? { requested: { from: period.from, to: period.to } } : {}),
        ...summary,
      } satisfies HistorySummaryData,
      source: marketSource(deps.market),
      // The last close is the latest price: its time is the quote's, not the start of the last bar, unless the
      // period ended before today.
      asOf: quote && quote.regularMarketTime - last < 4 * 86_400_000 ? quote.regularMarketTime : last,
      subject: `${symbol} ${key}`,
    };
  },
});
