import type { CurrencyCode, Rating } from '../market/types';

/** One of a user's watchlists: its symbols in the user's order. Times are ISO 8601. */
export interface Watchlist {
  id: string;
  name: string;
  symbols: string[];
  createdAt: string;
  updatedAt: string;
}

/**
 * One row of a watchlist, with every figure the list sorts by. Price, change and the figures read against the price
 * (RSI, distance from the 52-week high, dividend yield) follow the latest quote; the rest come from the daily history,
 * the profile and the dividends, computed once per symbol and price minute for every user. A figure the market cannot
 * give (a fund's P/E, an index's market cap, a symbol with too little history) is null.
 */
export interface WatchlistRow {
  symbol: string;
  name: string;
  currency: CurrencyCode | null;
  /** Null while no quote could be had (market data down and nothing cached). */
  price: number | null;
  change: number | null;
  /** Percent, 1.25 = +1.25 %. */
  changePercent: number | null;
  /** When the price was observed (UTC ms). */
  quoteTime: number | null;
  marketState: 'open' | 'closed' | null;
  /** The rule-based score of the stock page's rating (shared/indicators/rating.ts) and its rating. */
  score: number | null;
  rating: Rating | null;
  /** RSI(14) on daily closes, the latest with the current price. */
  rsi14: number | null;
  /** Percent below the 52-week high (0 at a new high, -12.5 = 12.5 % below). */
  fromHigh52wPercent: number | null;
  /** The latest session's volume against the average of the 20 sessions before it (1.5 = half as much again). */
  volumeRatio20d: number | null;
  marketCap: number | null;
  pe: number | null;
  /** The last 12 months' dividends against the current price, in percent; null for a symbol paying none. */
  dividendYieldPercent: number | null;
  /** The price came from the cache after the market failed. */
  stale: boolean;
  /**
   * False while the figures beyond the quote are still being computed (a symbol nobody watched in this minute, on a
   * slow market); they arrive over `watchlists.live` or with the next read.
   */
  complete: boolean;
}

/** A watchlist with its rows, in the list's order (GET /api/watchlists/{id}, watchlists.get). */
export interface WatchlistDetail extends Watchlist {
  rows: WatchlistRow[];
  /** Said once for the whole list, e.g. when the market is down. */
  errors: string[];
}

/**
 * What `watchlists.live` pushes: the whole list first and whenever it changes (on any instance, then the rows are
 * the list's new ones), then the rows whose symbols ticked, several at once when they tick together (only the newest
 * row per symbol waits for a slow socket); `deleted` ends the stream.
 *
 * A tick's rows arrive as JSON text (`rowsJson`, read with `tickedRows`): each row is encoded once for every stream
 * showing it, where rows as objects would be walked by the transformer and encoded again for each socket, the most
 * of a tick's cost (decision 019).
 */
export type WatchlistLiveEvent =
  | { type: 'list'; watchlist: WatchlistDetail }
  | { type: 'rows'; id: string; rowsJson: string }
  | { type: 'deleted'; id: string };

/** The rows of a `rows` event. */
export function tickedRows(event: Extract<WatchlistLiveEvent, { type: 'rows' }>): WatchlistRow[] {
  return JSON.parse(event.rowsJson) as WatchlistRow[];
}
