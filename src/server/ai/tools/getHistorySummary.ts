import { z } from 'zod';
import { marketCall, marketSource, toolSymbol, upperEnum } from './common';
import { summarizeHistory, type HistorySummary } from './historyStats';
import { defineTool, ToolFailure } from './types';

export const HISTORY_RANGES = ['5D', '1M', '6M', 'YTD', '1Y', '5Y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

export interface HistorySummaryData extends HistorySummary {
  symbol: string;
  range: HistoryRange;
}

/** get_history_summary(symbol, range): first/last/high/low close, change, volatility and drawdown over a range. */
export const getHistorySummaryTool = defineTool({
  name: 'get_history_summary',
  description:
    'Summary of the price history over a range: first, last, highest and lowest close (with dates), change in $ and %, ' +
    'annualized volatility, the largest drawdown within the range and the distance from the range high.',
  input: z.object({
    symbol: toolSymbol,
    range: upperEnum(HISTORY_RANGES).default('1Y').describe('Look-back range: 5D, 1M, 6M, YTD, 1Y or 5Y'),
  }),
  progress: ({ symbol, range }) => `Reading ${symbol} price history (${range})…`,
  async run({ symbol, range }, { deps }) {
    const [points, quote] = await Promise.all([
      marketCall('history', () => deps.market.history(symbol, range)),
      deps.market.quote(symbol).catch(() => null),
    ]);
    const summary = summarizeHistory(points);
    if (!summary) throw new ToolFailure(`Not enough ${range} price history for ${symbol} to summarize.`);
    return {
      data: { symbol, range, ...summary } satisfies HistorySummaryData,
      source: marketSource(deps.market),
      // The last close is the latest price: its time is the quote's, not the start of the last bar.
      asOf: quote?.regularMarketTime ?? points[points.length - 1].time,
      subject: `${symbol} ${range}`,
    };
  },
});
