import { settledWithin } from '../../../shared/settledWithin';
import type { QuotesMap } from '../../../shared/market/types';
import type { WatchlistRow } from '../../../shared/watchlists/types';
import type { AppDeps } from '../../depsTypes';
import { quotesOrOutage } from '../stocks/quotes';

/**
 * How long a read waits for figures still being computed (symbols nobody showed in this price minute). On the
 * simulated market a cold symbol costs ~20 ms of history; on Yahoo three upstream calls: a cold 200-symbol list
 * answers in time with its prices and the figures ready so far, and the rest follow over `watchlists.live` or the
 * next read (rows say `complete: false` meanwhile). Warm lists never wait.
 */
export const ROWS_WAIT_MS = 1_500;

/**
 * The rows of `symbols`, in their order: one batched quotes call, and each symbol's figures of this price minute
 * (shared by every user and list showing it; see figuresCache.ts).
 */
export async function watchlistRows(
  deps: Pick<AppDeps, 'market' | 'now' | 'watchlists'>,
  symbols: readonly string[],
): Promise<{ rows: WatchlistRow[]; errors: string[]; quotes: QuotesMap }> {
  const now = deps.now();
  const figures = deps.watchlists.figures;
  const computing = Promise.all(symbols.map((symbol) => figures.current(symbol, now)));
  const { quotes, errors } = await quotesOrOutage(deps.market, symbols);
  await settledWithin(computing, ROWS_WAIT_MS);
  return { rows: symbols.map((symbol) => figures.row(symbol, quotes[symbol])), errors, quotes };
}
