import type { Timeframe } from './types';

/** Every timeframe the charts accept, in display order (product.md §2). */
export const TIMEFRAMES: readonly Timeframe[] = ['1D', '5D', '1M', '6M', 'YTD', '1Y', '5Y'];
/** The desktop toolbar leaves YTD out. */
export const TOOLBAR_TIMEFRAMES: readonly Timeframe[] = ['1D', '5D', '1M', '6M', '1Y', '5Y'];
export const DEFAULT_SYMBOL = 'SPY';
export const DEFAULT_TIMEFRAME: Timeframe = '1D';

export function isTimeframe(value: unknown): value is Timeframe {
  return typeof value === 'string' && (TIMEFRAMES as readonly string[]).includes(value);
}

/** How long the client keeps a stock search's answer fresh: 5 minutes, like the user search (product.md §9). */
export const STOCK_SEARCH_STALE_MS = 5 * 60_000;

/** product.md §3: the built-in popular watchlist. */
export const POPULAR_WATCHLIST = [
  'SPY',
  'QQQ',
  'VOO',
  '^IXIC',
  '^DJI',
  'NVDA',
  'PLTR',
  'TSLA',
  'AAPL',
  'GOOGL',
  'MSFT',
  'META',
] as const;

/** product.md §5: a ticker typed raw is 1 to 5 capital letters, optionally a dot and one capital letter. */
export const TICKER_PATTERN = /^[A-Z]{1,5}(\.[A-Z])?$/;

/** Bad-input bounds of the market calls. */
export const MAX_QUOTE_SYMBOLS = 50;
export const MAX_SEARCH_QUERY_LENGTH = 64;
/** Server search keeps 9 upstream results plus up to 3 local ones. */
export const SEARCH_UPSTREAM_RESULTS = 9;
export const SEARCH_LOCAL_EXTRA = 3;
/** Moving average periods (product.md §9). */
export const MA_SHORT = 20;
export const MA_LONG = 50;
