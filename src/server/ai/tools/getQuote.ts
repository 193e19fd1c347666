import { z } from 'zod';
import type { Quote } from '../../../shared/market/types';
import { isoTime, marketCall, marketSource, roundPrice, round2, toolSymbol } from './common';
import { defineTool, ToolFailure } from './types';

export interface QuoteRow {
  symbol: string;
  name: string;
  price: number;
  previousClose: number;
  change: number;
  changePercent: number;
  asOf: string;
  /** Present when the provider failed and the last good quote was served. */
  stale?: true;
}

export interface QuoteData {
  quotes: QuoteRow[];
  /** Symbols the provider does not know. */
  notFound: string[];
}

export function quoteRow(q: Quote): QuoteRow {
  return {
    symbol: q.symbol,
    name: q.longName || q.shortName,
    price: roundPrice(q.regularMarketPrice),
    previousClose: roundPrice(q.regularMarketPrice - q.regularMarketChange),
    change: roundPrice(q.regularMarketChange),
    changePercent: round2(q.regularMarketChangePercent),
    asOf: isoTime(q.regularMarketTime),
    ...(q.stale ? { stale: true as const } : {}),
  };
}

/** get_quote(symbols): latest price and today's move for up to 10 symbols. */
export const getQuoteTool = defineTool({
  name: 'get_quote',
  description:
    "Latest price, previous close and today's change (absolute and percent) for one or more symbols, with the time of the quote.",
  input: z.object({
    symbols: z.array(toolSymbol).min(1, 'Give at least one symbol').max(10, 'At most 10 symbols per call'),
  }),
  progress: ({ symbols }) => `Looking up ${symbols.join(', ')}…`,
  async run({ symbols }, { deps }) {
    const unique = [...new Set(symbols)];
    const map = await marketCall('quotes', () => deps.market.quotes(unique));
    const quotes = unique.filter((s) => map[s]).map((s) => quoteRow(map[s]));
    const notFound = unique.filter((s) => !map[s]);
    if (quotes.length === 0) {
      throw new ToolFailure(
        `Unknown symbol${notFound.length > 1 ? 's' : ''} ${notFound.join(', ')}: there is no market data for ${notFound.length > 1 ? 'them' : 'it'}.`,
      );
    }
    return {
      data: { quotes, notFound } satisfies QuoteData,
      source: marketSource(deps.market),
      asOf: Math.max(...quotes.map((q) => Date.parse(q.asOf))),
      subject: quotes.map((q) => q.symbol).join(', '),
    };
  },
});
