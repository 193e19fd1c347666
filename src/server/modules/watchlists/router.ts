import { MAX_LIVE_WATCHLISTS_PER_CONNECTION } from '../../../shared/watchlists/limits';
import { WATCHLIST_MESSAGES as M } from '../../../shared/watchlists/messages';
import {
  createWatchlistSchema,
  renameWatchlistSchema,
  reorderWatchlistSchema,
  watchlistIdSchema,
  watchlistSymbolSchema,
} from '../../../shared/watchlists/schemas';
import { authedProcedure, router } from '../../trpc/init';
import { socketSubscription } from '../../trpc/socketSubscription';
import { watchlistLiveStream } from './live';
import {
  addSymbol,
  createWatchlist,
  deleteWatchlist,
  getWatchlist,
  listWatchlists,
  removeSymbolFrom,
  renameWatchlist,
  reorderWatchlist,
} from './service';

/**
 * Watchlists (issue 30 §1). Every procedure is the signed-in user's own: a foreign id answers exactly like a missing
 * one (404). The first call of any kind gives the user the popular list as their first list.
 */
export const watchlistsRouter = router({
  /** The user's lists with their symbols, in creation order (the popular list first). */
  list: authedProcedure.query(({ ctx }) => listWatchlists(ctx.deps, ctx.user.id)),

  create: authedProcedure
    .input(createWatchlistSchema)
    .mutation(({ ctx, input }) => createWatchlist(ctx.deps, ctx.user.id, input)),

  /** One list with a row per symbol: price, change, score, RSI, 52-week high, volume, market cap, P/E, yield. */
  get: authedProcedure
    .input(watchlistIdSchema)
    .query(({ ctx, input }) => getWatchlist(ctx.deps, ctx.user.id, input.id)),

  update: authedProcedure
    .input(renameWatchlistSchema)
    .mutation(({ ctx, input }) => renameWatchlist(ctx.deps, ctx.user.id, input.id, input.name)),

  delete: authedProcedure
    .input(watchlistIdSchema)
    .mutation(({ ctx, input }) => deleteWatchlist(ctx.deps, ctx.user.id, input.id)),

  addSymbol: authedProcedure
    .input(watchlistSymbolSchema)
    .mutation(({ ctx, input }) => addSymbol(ctx.deps, ctx.user.id, input.id, input.symbol)),

  removeSymbol: authedProcedure
    .input(watchlistSymbolSchema)
    .mutation(({ ctx, input }) => removeSymbolFrom(ctx.deps, ctx.user.id, input.id, input.symbol)),

  /** The full new order: the list's symbols rearranged, each once (409 when it is not; reload and try again). */
  reorder: authedProcedure
    .input(reorderWatchlistSchema)
    .mutation(({ ctx, input }) => reorderWatchlist(ctx.deps, ctx.user.id, input.id, input.symbols)),

  /**
   * The list, then its rows as its symbols tick, and the list again whenever it changes (on any instance). Websocket
   * only; at most MAX_LIVE_WATCHLISTS_PER_CONNECTION at once per connection (see shared/watchlists/limits.ts).
   */
  live: authedProcedure.input(watchlistIdSchema).subscription(({ ctx, input, signal }) =>
    socketSubscription(
      ctx,
      {
        procedure: 'watchlists.live',
        signal,
        perProcedure: { max: MAX_LIVE_WATCHLISTS_PER_CONNECTION, message: M.tooManyLiveLists },
      },
      (streamSignal) => watchlistLiveStream(ctx.deps, ctx.user.id, input.id, streamSignal),
    ),
  ),
});
