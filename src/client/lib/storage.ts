/** Local storage that never throws (private mode, disabled storage, quota). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

export function writeStored(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Nothing to do: the app works without persistence.
  }
}

/** Keys the app keeps in local storage (product.md §3). The theme key lives in theme.ts. */
export const STORAGE_KEYS = {
  mobileWarningSeen: 'mobileWarningSeen',
  /** lib/sessionHint.ts */
  sessionHint: 'sessionHint',
  /** features/watchlists/currentWatchlist.ts: the list shown last. */
  currentWatchlist: 'currentWatchlist',
} as const;
