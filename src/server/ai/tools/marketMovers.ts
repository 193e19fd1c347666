import { z } from 'zod';
import { LOCAL_STOCKS } from '../../../shared/market/localStocks';
import { marketCall, marketSource } from './common';
import { quoteRow, type QuoteRow } from './getQuote';
import { defineTool, ToolFailure } from './types';

export const MOVER_DIRECTIONS = ['gainers', 'losers', 'both'] as const;
export type MoverDirection = (typeof MOVER_DIRECTIONS)[number];

export interface MarketMoversData {
  direction: MoverDirection;
  /** How many stocks were scanned: the movers are of this universe, not of the whole market. */
  universeSize: number;
  /** Biggest percentage rises today, largest first (empty when only losers were asked for). */
  gainers: QuoteRow[];
  /** Biggest percentage falls today, largest first. */
  losers: QuoteRow[];
}

/** The stocks Tickwise follows (its built-in list, without funds, indices and crypto). */
const UNIVERSE = LOCAL_STOCKS.filter((s) => s.type === 'EQUITY').map((s) => s.symbol);

/** market_movers(direction, limit): today's biggest gainers and losers among the stocks Tickwise follows. */
export const marketMoversTool = defineTool({
  name: 'market_movers',
  description:
    "Today's biggest percentage gainers and/or losers among the stocks Tickwise follows (its built-in list of large " +
    'US-listed companies, not the whole market), with price and change. Use it for "top gainers", "biggest losers", ' +
    '"what is moving today".',
  input: z.object({
    direction: z.enum(MOVER_DIRECTIONS).default('both').describe('gainers, losers or both'),
    limit: z.number().int().min(1).max(10).default(5).describe('How many of each, 1 to 10'),
  }),
  progress: ({ direction }) =>
    `Scanning ${UNIVERSE.length} stocks for today's ${direction === 'both' ? 'movers' : direction}…`,
  async run({ direction, limit }, { deps }) {
    const quotes = await marketCall('quotes', () => deps.market.quotes(UNIVERSE));
    const rows = Object.values(quotes).map(quoteRow);
    if (rows.length === 0) throw new ToolFailure('Market data is temporarily unavailable (quotes).');
    const byChange = [...rows].sort((a, b) => b.changePercent - a.changePercent);
    const data: MarketMoversData = {
      direction,
      universeSize: rows.length,
      gainers: direction === 'losers' ? [] : byChange.filter((r) => r.changePercent > 0).slice(0, limit),
      losers:
        direction === 'gainers'
          ? []
          : byChange
              .reverse()
              .filter((r) => r.changePercent < 0)
              .slice(0, limit),
    };
    return {
      data,
      source: marketSource(deps.market),
      asOf: Math.max(...rows.map((r) => Date.parse(r.asOf))),
      subject: "today's movers",
    };
  },
});
