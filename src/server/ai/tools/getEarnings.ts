import { z } from 'zod';
import { marketSource, toolSymbol } from './common';
import { earningsOf, type MarketEarningsEvent } from './marketEvents';
import { defineTool } from './types';

/** get_earnings(symbol): the last and next earnings report dates. */

export interface EarningsData {
  symbol: string;
  /** Funds, indices and crypto report no earnings. */
  reportsEarnings: boolean;
  last: MarketEarningsEvent | null;
  next: MarketEarningsEvent | null;
  /** Past reports, newest first (at most 8), and the coming ones, soonest first (at most 4). */
  reports: MarketEarningsEvent[];
  upcoming: MarketEarningsEvent[];
  stale?: true;
}

export const getEarningsTool = defineTool({
  name: 'get_earnings',
  description:
    "A company's earnings report dates: the last one and the next (confirmed, or estimated from its usual schedule), " +
    'before the open or after the close when known. Use it for "when does X report earnings", "next earnings date".',
  input: z.object({ symbol: toolSymbol }),
  progress: ({ symbol }) => `Reading ${symbol}'s earnings dates…`,
  async run({ symbol }, { deps }) {
    const info = await earningsOf(deps.market, symbol);
    const history = info.history.slice(0, 8);
    const upcoming = info.upcoming.slice(0, 4);
    const data: EarningsData = {
      symbol,
      reportsEarnings: history.length + upcoming.length > 0,
      last: history[0] ?? null,
      next: upcoming[0] ?? null,
      reports: history,
      upcoming,
      ...(info.stale ? { stale: true as const } : {}),
    };
    return { data, source: marketSource(deps.market), asOf: deps.now(), subject: `${symbol} earnings` };
  },
});
