import { z } from 'zod';
import { marketSource, toolSymbol } from './common';
import { dividendsOf, type MarketDividendEvent } from './marketEvents';
import { defineTool } from './types';

/** get_dividends(symbol): yield, yearly rate, frequency, recent payments and the next dates. */

export interface DividendPayment {
  exDate: string;
  payDate: string | null;
  /** Per share, in the listing's currency. */
  amount: number;
  status: MarketDividendEvent['status'];
}

export interface DividendsData {
  symbol: string;
  currency: string;
  paysDividends: boolean;
  frequency: string | null;
  /** The last 12 months' dividends per share. */
  annualRate: number | null;
  /** annualRate over today's price, in percent. */
  trailingYieldPercent: number | null;
  /** The next payment after today (declared, or projected from the usual schedule). */
  next: DividendPayment | null;
  /** The latest payment made. */
  last: DividendPayment | null;
  /** Past payments, newest first (at most 12), and the coming ones, soonest first (at most 4). */
  payments: DividendPayment[];
  upcoming: DividendPayment[];
  stale?: true;
}

const MAX_HISTORY = 12;
const MAX_UPCOMING = 4;

const payment = (e: MarketDividendEvent): DividendPayment => ({
  exDate: e.exDate,
  payDate: e.payDate,
  amount: Number(e.amount),
  status: e.status,
});

export const getDividendsTool = defineTool({
  name: 'get_dividends',
  description:
    "A symbol's dividends: trailing yield (percent) and yearly rate per share, how often it pays, recent payments " +
    '(ex-dividend date, pay date, amount) and the next ex-dividend and pay dates (declared or projected). Use it for ' +
    '"dividend yield", "does X pay a dividend", "when is the next dividend", "ex-dividend date", dividend history.',
  input: z.object({ symbol: toolSymbol }),
  progress: ({ symbol }) => `Reading ${symbol}'s dividends…`,
  async run({ symbol }, { deps }) {
    const info = await dividendsOf(deps.market, symbol);
    const history = info.history.slice(0, MAX_HISTORY).map(payment);
    const upcoming = info.upcoming.slice(0, MAX_UPCOMING).map(payment);
    const rate = info.trailingAnnualRate === null ? null : Number(info.trailingAnnualRate);
    const data: DividendsData = {
      symbol,
      currency: info.currency,
      paysDividends: rate !== null && rate > 0,
      frequency: info.frequency,
      annualRate: rate,
      trailingYieldPercent: info.trailingYield === null ? null : Math.round(info.trailingYield * 10_000) / 100,
      next: upcoming[0] ?? null,
      last: history[0] ?? null,
      payments: history,
      upcoming,
      ...(info.stale ? { stale: true as const } : {}),
    };
    return { data, source: marketSource(deps.market), asOf: deps.now(), subject: `${symbol} dividends` };
  },
});
