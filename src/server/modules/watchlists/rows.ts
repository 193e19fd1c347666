import { settledWithin } from '../../../shared/settledWithin';
import type { QuotesMap } from '../../../shared/market/types';
import type { WatchlistRow } from '../../../shared/watchlists/types';
import type { AppDeps } from '../../depsTypes';
import { quotesOrOutage } from '../stocks/quotes';

/**
 * How long a read waits for the figures of symbols that have none yet (nobody showed them since the server started
 * or since they left the cache). On the simulated market a cold symbol costs ~20 ms of history; on Yahoo three
 * upstream calls: a cold 200-symbol list answers in time with its prices and the figures ready so far, and the rest
 * follow over `watchlists.live` or with the next read (rows say `complete: false` meanwhile). Symbols with figures of
 * an earlier price minute do not wait: they answer with those (a minute old at most, the price itself is current)
 * while the new ones are computed for the next read and the live rows.
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
  const firsts: Promise<unknown>[] = [];
  for (const symbol of symbols) {
    const computing = figures.current(symbol, now);
    if (!figures.latest(symbol)) firsts.push(computing);
  }
  const { quotes, errors } = await quotesOrOutage(deps.market, symbols);
  if (firsts.length > 0) await settledWithin(Promise.all(firsts), ROWS_WAIT_MS);
  return { rows: symbols.map((symbol) => figures.row(symbol, quotes[symbol])), errors, quotes };
}
