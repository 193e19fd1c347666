import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { redirectIfBanned } from '../errors';

/**
 * A small query cache for the market screens (chart, quotes, search), in place of react-query there: those screens'
 * first load has no room for it. It keeps what those screens used of it: answers shared by key, a staleness age
 * after which a screen that mounts fetches again, one fetch at a time per key, the previous key's answer kept on
 * screen while the next loads (keepPrevious), a poll that pauses while the tab is hidden, and no retries.
 */

export interface CachedState<T> {
  data: T | undefined;
  error: unknown;
  status: 'pending' | 'success' | 'error';
  fetching: boolean;
  updatedAt: number;
  errorUpdatedAt: number;
}

interface Entry<T> {
  state: CachedState<T>;
  inflight: Promise<T> | null;
  listeners: Set<() => void>;
}

const EMPTY: CachedState<never> = {
  data: undefined,
  error: null,
  status: 'pending',
  fetching: false,
  updatedAt: 0,
  errorUpdatedAt: 0,
};
const entries = new Map<string, Entry<unknown>>();

function entryOf<T>(key: string): Entry<T> {
  let entry = entries.get(key) as Entry<T> | undefined;
  if (!entry) {
    entry = { state: EMPTY, inflight: null, listeners: new Set() };
    entries.set(key, entry);
  }
  return entry;
}

function update<T>(entry: Entry<T>, next: Partial<CachedState<T>>): void {
  entry.state = { ...entry.state, ...next };
  for (const listener of entry.listeners) listener();
}

/** Fetches the key now, or joins the fetch already under way; the answer (or failure) goes into the cache. */
function refresh<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
  const entry = entryOf<T>(key);
  if (entry.inflight) return entry.inflight;
  const running = fetcher();
  entry.inflight = running;
  update(entry, { fetching: true });
  running.then(
    (data) => update(entry, { data, error: null, status: 'success', fetching: false, updatedAt: Date.now() }),
    (error: unknown) => {
      update(entry, { error, status: 'error', fetching: false, errorUpdatedAt: Date.now() });
      redirectIfBanned(error);
    },
  );
  void running.finally(() => {
    if (entry.inflight === running) entry.inflight = null;
  });
  return running;
}

const isStale = (state: CachedState<unknown>, staleMs: number) =>
  state.status !== 'success' || Date.now() - state.updatedAt >= staleMs;

/** The key's answer: the cached one while fresh, else a fetch (react-query's fetchQuery). */
export function fetchCached<T>(key: string, fetcher: () => Promise<T>, staleMs = Infinity): Promise<T> {
  const entry = entryOf<T>(key);
  if (!isStale(entry.state, staleMs)) return Promise.resolve(entry.state.data as T);
  return refresh(key, fetcher);
}

export interface CachedQueryOptions {
  /** Off: nothing is fetched (the state is still read). */
  enabled?: boolean;
  /** Age after which a mount or a key change fetches again; never by default. */
  staleMs?: number;
  /** While the key's first answer loads, the previous key's answer stays (marked as placeholder). */
  keepPrevious?: boolean;
  /** Fetches again every so often while enabled and the tab is visible. */
  pollMs?: number;
}

export interface CachedQuery<T> extends CachedState<T> {
  isPending: boolean;
  isError: boolean;
  isPlaceholderData: boolean;
}

/** A key's state, kept current; `fetcher` is called for the key as the options say. */
export function useCachedQuery<T>(
  key: string,
  fetcher: () => Promise<T>,
  { enabled = true, staleMs = Infinity, keepPrevious = false, pollMs }: CachedQueryOptions = {},
): CachedQuery<T> {
  const entry = entryOf<T>(key);
  const subscribe = useCallback(
    (listener: () => void) => {
      entry.listeners.add(listener);
      return () => void entry.listeners.delete(listener);
    },
    [entry],
  );
  const state = useSyncExternalStore(subscribe, () => entry.state);
  const latestFetcher = useRef(fetcher);
  useEffect(() => {
    latestFetcher.current = fetcher;
  });

  useEffect(() => {
    if (enabled && isStale(entryOf(key).state, staleMs))
      void refresh(key, () => latestFetcher.current()).catch(() => {});
  }, [key, enabled, staleMs]);

  // Like react-query's refetchInterval, the poll counts from the key's last answer (or failure), not from the mount.
  useEffect(() => {
    if (!enabled || !pollMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden') void refresh(key, () => latestFetcher.current()).catch(() => {});
    }, pollMs);
    return () => clearInterval(timer);
  }, [key, enabled, pollMs, state.updatedAt, state.errorUpdatedAt]);

  // The last answer shown, for keepPrevious (adjusted while rendering, as a newer answer comes in).
  const [shown, setShown] = useState<T | undefined>(undefined);
  if (state.data !== undefined && state.data !== shown) setShown(state.data);
  const placeholder = keepPrevious && state.status === 'pending' && shown !== undefined;

  return {
    ...state,
    data: placeholder ? shown : state.data,
    // Like react-query: a key never fetched counts as fetching from its first render (the effect starts it).
    fetching: state.fetching || (enabled && state.status === 'pending'),
    isPending: state.status === 'pending' && !placeholder,
    isError: state.status === 'error',
    isPlaceholderData: placeholder,
  };
}
