import { z } from 'zod';
import type { Rating } from '../../../shared/market/types';
import { marketCall, marketSource, roundPrice, round2, toolSymbol } from './common';
import { summarizeHistory } from './historyStats';
import { periodFields, periodKey, periodOf, pointsOf, type HistoryRange } from './period';
import { defineTool, ToolFailure } from './types';

export interface CompareRow {
  symbol: string;
  name: string;
  price: number;
  changePercent: number;
  /** The change over the range asked for (the first to the last close of that range). */
  rangeChangePercent: number | null;
  change1MPercent: number | null;
  change6MPercent: number | null;
  change1YPercent: number | null;
  volatilityAnnualPercent: number | null;
  maxDrawdown1YPercent: number | null;
  rating: Rating;
  score: number;
  pe: number | null;
  marketCap: number | null;
}

export interface CompareData {
  /** The range the comparison is about ('Compare AAPL and MSFT over 6 months': 6M); null for explicit dates. */
  range: HistoryRange | null;
  /** The dates compared, when the period was given as dates. */
  requested?: { from: string; to: string };
  rows: CompareRow[];
  notFound: string[];
}

const percentChange = (closes: number[]) =>
  closes.length >= 2 ? round2((closes[closes.length - 1] / closes[0] - 1) * 100) : null;

/** compare(symbols, range): the same figures side by side for 2 to 5 symbols, with the change over the range asked. */
export const compareTool = defineTool({
  name: 'compare',
  description:
    "Side-by-side comparison of 2 to 5 symbols: price, today's change, the change over the range asked (rangeChangePercent), " +
    '1-month / 6-month / 1-year change, annualized volatility, largest 1-year drawdown, rating and score, P/E and market cap. ' +
    'Pass the range the user asked about ("over 6 months": 6M), or from/to dates (YYYY-MM-DD) for any other period.',
  input: z.object({
    symbols: z.array(toolSymbol).min(2, 'Give at least two symbols to compare').max(5, 'Compare at most 5 symbols'),
    ...periodFields,
  }),
  progress: ({ symbols, range, from, to }) =>
    `Comparing ${symbols.join(', ')} (${from ? `${from} to ${to ?? 'today'}` : (range ?? '1Y')})…`,
  async run({ symbols, ...input }, { deps }) {
    const period = periodOf(input, deps.now());
    const range = 'range' in period ? period.range : null;
    const unique = [...new Set(symbols)];
    const settled = await Promise.all(
      unique.map(async (symbol): Promise<CompareRow | null> => {
        try {
          const [analysis, year, ranged] = await Promise.all([
            marketCall('analysis', () => deps.market.analysis(symbol)),
            marketCall('history', () => deps.market.history(symbol, '1Y')),
            range === '1Y' ? null : pointsOf(deps.market, symbol, period, deps.now()),
          ]);
          const closes = year.map((p) => p.close);
          const times = year.map((p) => p.time);
          const end = times[times.length - 1] ?? 0;
          const since = (days: number) => closes.filter((_, i) => times[i] >= end - days * 86_400_000);
          const summary = summarizeHistory(year);
          return {
            symbol,
            name: analysis.name,
            price: roundPrice(analysis.price),
            changePercent: round2(analysis.changePercent),
            rangeChangePercent: ranged ? percentChange(ranged.map((p) => p.close)) : (summary?.changePercent ?? null),
            change1MPercent: percentChange(since(30)),
            change6MPercent: percentChange(since(182)),
            change1YPercent: summary?.changePercent ?? null,
            volatilityAnnualPercent: summary?.volatilityAnnualPercent ?? null,
            maxDrawdown1YPercent: summary?.maxDrawdownPercent ?? null,
            rating: analysis.rating,
            score: analysis.score,
            pe: analysis.pe,
            marketCap: analysis.marketCap,
          };
        } catch (error) {
          if (error instanceof ToolFailure && error.message.startsWith('Unknown symbol')) return null;
          throw error;
        }
      }),
    );
    const rows = settled.filter((r): r is CompareRow => r !== null);
    const notFound = unique.filter((s) => !rows.some((r) => r.symbol === s));
    if (rows.length === 0)
      throw new ToolFailure(`Unknown symbols ${notFound.join(', ')}: there is no market data for them.`);
    return {
      data: {
        range,
        ...('from' in period ? { requested: { from: period.from, to: period.to } } : {}),
        rows,
        notFound,
      } satisfies CompareData,
      source: marketSource(deps.market),
      asOf: deps.now(),
      subject: `${rows.map((r) => r.symbol).join(' vs ')} ${periodKey(period)}`,
    };
  },
});
