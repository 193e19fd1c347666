import { z } from 'zod';
import { userText } from '../../../shared/schemas/text';
import { marketCall, marketSource } from './common';
import { defineTool } from './types';

export interface SearchData {
  query: string;
  results: { symbol: string; name: string; exchange: string; type: string }[];
}

/** search_symbols(query): tickers for a company name or partial symbol. */
export const searchSymbolsTool = defineTool({
  name: 'search_symbols',
  description:
    'Find ticker symbols by company name or partial symbol (e.g. "apple", "nvid"). Use it when unsure of a ticker.',
  input: z.object({
    query: userText().trim().min(1, 'query must not be empty').max(64, 'query must be at most 64 characters'),
  }),
  progress: ({ query }) => `Searching for "${query}"…`,
  async run({ query }, { deps }) {
    const found = await marketCall('search', () => deps.market.search(query));
    const results = found
      .slice(0, 8)
      .map((r) => ({ symbol: r.symbol, name: r.name, exchange: r.exchange, type: r.typeDisp }));
    return {
      data: { query, results } satisfies SearchData,
      source: marketSource(deps.market),
      asOf: deps.now(),
      subject: `"${query}"`,
    };
  },
});
