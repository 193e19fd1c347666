import {
  historyInputSchema,
  quotesInputSchema,
  searchInputSchema,
  symbolInputSchema,
} from '../../../shared/market/schemas';
import { publicProcedure, router } from '../../trpc/init';
import { socketSubscription } from '../../trpc/socketSubscription';
import { withMarketErrors } from './errors';
import { liveQuoteStream } from './liveStream';
import { getQuote, getQuotes } from './quotes';

/** Market data for everyone (no sign-in): search, quotes, history, the public analysis and live quotes. */
export const stocksRouter = router({
  search: publicProcedure
    .input(searchInputSchema)
    .query(({ ctx, input }) => withMarketErrors(() => ctx.deps.market.search(input.q))),

  quotes: publicProcedure.input(quotesInputSchema).query(({ ctx, input }) => getQuotes(ctx.deps, input.symbols)),

  quote: publicProcedure.input(symbolInputSchema).query(({ ctx, input }) => getQuote(ctx.deps, input.symbol)),

  history: publicProcedure
    .input(historyInputSchema)
    .query(({ ctx, input }) => withMarketErrors(() => ctx.deps.market.history(input.symbol, input.period))),

  analysis: publicProcedure
    .input(symbolInputSchema)
    .query(({ ctx, input }) => withMarketErrors(() => ctx.deps.market.analysis(input.symbol))),

  /** Trailing rate and yield, 5 years of payments, the next 12 months' declared and projected ones. */
  dividends: publicProcedure
    .input(symbolInputSchema)
    .query(({ ctx, input }) => withMarketErrors(() => ctx.deps.market.dividends(input.symbol))),

  /** Earnings report dates: 3 years back, 12 months ahead (empty for funds, indices and crypto). */
  earnings: publicProcedure
    .input(symbolInputSchema)
    .query(({ ctx, input }) => withMarketErrors(() => ctx.deps.market.earnings(input.symbol))),

  /** Which provider answers, so the UI can say when data is simulated. */
  marketInfo: publicProcedure.query(({ ctx }) => ctx.deps.market.info()),

  /**
   * Pushes a LiveQuoteEvent whenever a watched symbol's quote changes (the current state first). Websocket only,
   * within the connection's caps on subscriptions and distinct symbols (see realtime/subscriptionBudget.ts).
   */
  live: publicProcedure
    .input(quotesInputSchema)
    .subscription(({ ctx, input, signal }) =>
      socketSubscription(ctx, { procedure: 'stocks.live', signal, symbols: input.symbols }, (streamSignal) =>
        liveQuoteStream(ctx.deps.market.live, input.symbols, streamSignal),
      ),
    ),
});
