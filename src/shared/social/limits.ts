/**
 * The social hub's numbers (product.md §§5 and 9, issue 11), in one place: the server enforces them, the screens
 * show and follow them.
 */

/** Friend search starts at this many characters (product.md §5). */
export const USER_SEARCH_MIN_LENGTH = 2;
export const USER_SEARCH_MAX_LENGTH = 254;
/** At most this many people per search answer. */
export const USER_SEARCH_MAX_RESULTS = 10;
/** Searches one user may make per window; a search box with a 300 ms debounce stays far below. */
export const USER_SEARCH_RATE = { max: 30, windowMs: 60_000 } as const;
/** The client keeps a search answer this long (product.md §9). */
export const USER_SEARCH_CACHE_MS = 5 * 60_000;

/** Friend requests one user may send per window (requests are cheap to send and a nuisance to receive). */
export const FRIEND_REQUEST_RATE = { max: 20, windowMs: 60 * 60_000 } as const;

/** A typed direct message (product.md §5 via issue 11). */
export const MAX_MESSAGE_LENGTH = 2_000;
/**
 * A shared insight's text is the Financial Agent's answer, not something typed: it may run longer than a typed
 * message (a model's answer is not cut to 2,000 characters), within this bound.
 */
export const MAX_INSIGHT_LENGTH = 8_000;
/**
 * The longest insight text a client may send back with its agentMessageId (the answer as POST /api/ai/insight gave it,
 * sources footer included: an agent answer is at most 32,000 characters, plus its footer). It is only compared with
 * the stored answer, never stored.
 */
export const MAX_INSIGHT_ECHO_LENGTH = 40_000;
/** Messages one sender may send per window. */
export const MESSAGE_RATE = { max: 30, windowMs: 60_000 } as const;

/** Messages per conversation page (newest page first); a client may ask for fewer or up to the maximum. */
export const CONVERSATION_PAGE_SIZE = 30;
export const MAX_CONVERSATION_PAGE_SIZE = 100;

/** Sources an insight may carry along. */
export const MAX_INSIGHT_SOURCES = 20;

/**
 * The real-time socket's reconnect waits: 1 s, then twice as long each time (product.md §9), capped at 30 s and
 * never giving up (issue 18: stopping after five attempts left messaging dead once the server came back).
 */
export const SOCKET_RECONNECT = { baseDelayMs: 1_000, maxDelayMs: 30_000 } as const;

/** The wait before reconnect attempt `attemptIndex` (0-based): 1 s, 2 s, 4 s, 8 s, 16 s, then 30 s for good. */
export function reconnectDelayMs(attemptIndex: number): number {
  return Math.min(SOCKET_RECONNECT.maxDelayMs, SOCKET_RECONNECT.baseDelayMs * 2 ** Math.max(0, attemptIndex));
}
