/** Watchlist bounds (issue 30 §1), the one place they live: the server enforces them, the screens quote them. */

export const MAX_WATCHLISTS_PER_USER = 20;
export const MAX_SYMBOLS_PER_WATCHLIST = 200;
export const MAX_WATCHLIST_NAME_LENGTH = 60;

/** The name of the list every signed-in user starts with: the spec's popular list (product.md §3). */
export const POPULAR_LIST_NAME = 'Popular';

/**
 * `watchlists.live` subscriptions one websocket connection may hold at once. A screen shows one list at a time (the
 * trading page's panel, the phone's drawer, the list's own page); two leave room for a page change in flight. Their
 * symbols are the stored list's (at most MAX_SYMBOLS_PER_WATCHLIST, each known to the market when it was added), so
 * they are bounded by this count rather than by the 100-symbol cap that bounds stocks.live's free input.
 */
export const MAX_LIVE_WATCHLISTS_PER_CONNECTION = 2;
