import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { redirectIfBanned } from '../errors';

/**
 * A small query cache for the market screens (chart, quotes, search), in place of react-query there: those screens'
 * first load has no room for it. It keeps what those screens used of it: answers shared by key, a staleness age
 * after which a screen that mounts fetches again, one fetch at a time per key, the previous key's answer kept on
 * screen while the next loads (keepPrevious), a poll that pauses while the tab is hidden, no retries, fetches that
 * wait while the browser is offline and stale answers fetched again when it comes back (react-query's networkMode
 * 'online' and refetchOnReconnect), and answers nobody has shown for 5 minutes forgotten (its gcTime).
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
  /** How the screens showing it fetch it, and when they call it stale: for the fetch after a reconnect. */
  fetcher: (() => Promise<T>) | null;
  staleMs: number;
  /** A fetch asked for while offline, to run when the browser is back online. */
  paused: boolean;
  /** Set while no screen shows it: forgets it when it fires. */
  forgetTimer: ReturnType<typeof setTimeout> | undefined;
}

const FORGET_AFTER_MS = 5 * 60_000;
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
    entry = {
      state: EMPTY,
      inflight: null,
      listeners: new Set(),
      fetcher: null,
      staleMs: Infinity,
      paused: false,
      forgetTimer: undefined,
    };
    entries.set(key, entry);
  }
  return entry;
}

function update<T>(entry: Entry<T>, next: Partial<CachedState<T>>): void {
  entry.state = { ...entry.state, ...next };
  for (const listener of entry.listeners) listener();
}

const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;

/**
 * Fetches the key now, or joins the fetch already under way; the answer (or failure) goes into the cache. With
 * `waitOnline`, a fetch asked for while offline waits for the connection instead (null then).
 */
function refresh<T>(key: string, fetcher: () => Promise<T>, waitOnline = false): Promise<T> | null {
  const entry = entryOf<T>(key);
  if (entry.inflight) return entry.inflight;
  if (waitOnline && isOffline()) {
    entry.paused = true;
    entry.fetcher = fetcher;
    return null;
  }
  entry.paused = false;
  const running = fetcher();
  entry.inflight = running;
  update(entry, { fetching: true });
  running.then(
    (data) => {
      entry.inflight = null;
      update(entry, { data, error: null, status: 'success', fetching: false, updatedAt: Date.now() });
      if (entry.listeners.size === 0) forgetUnlessShown(key, entry);
    },
    (error: unknown) => {
      entry.inflight = null;
      update(entry, { error, status: 'error', fetching: false, errorUpdatedAt: Date.now() });
      if (entry.listeners.size === 0) forgetUnlessShown(key, entry);
      redirectIfBanned(error);
    },
  );
  return running;
}

/** An entry no screen shows is forgotten 5 minutes later, unless a screen shows it (or fetches it) again. */
function forgetUnlessShown(key: string, entry: Entry<unknown>): void {
  clearTimeout(entry.forgetTimer);
  entry.forgetTimer = setTimeout(() => {
    if (entry.listeners.size === 0 && !entry.inflight && entries.get(key) === entry) entries.delete(key);
  }, FORGET_AFTER_MS);
}

/** A screen shows the entry from now until the returned function is called. */
function observe(key: string, entry: Entry<unknown>, listener: () => void): () => void {
  clearTimeout(entry.forgetTimer);
  entries.set(key, entry);
  entry.listeners.add(listener);
  return () => {
    entry.listeners.delete(listener);
    if (entry.listeners.size === 0) forgetUnlessShown(key, entry);
  };
}

const isStale = (state: CachedState<unknown>, staleMs: number) =>
  state.status !== 'success' || Date.now() - state.updatedAt >= staleMs;

// Back online: the fetches that waited run, and what is on screen and stale is fetched again.
if (typeof window !== 'undefined') {
  window.addEventListener('online', () => {
    for (const [key, entry] of entries) {
      if (!entry.fetcher || entry.listeners.size === 0) continue;
      if (entry.paused || isStale(entry.state, entry.staleMs)) void refresh(key, entry.fetcher, true)?.catch(() => {});
    }
  });
}

/** A screen showing the key mounted (or turned it on): remembered for reconnects, fetched if stale. */
function show<T>(key: string, fetcher: () => Promise<T>, staleMs: number): void {
  const entry = entryOf<T>(key);
  entry.fetcher = fetcher;
  entry.staleMs = staleMs;
  if (isStale(entry.state, staleMs)) void refresh(key, fetcher, true)?.catch(() => {});
}

/**
 * The key's answer: the cached one while fresh, else a fetch (react-query's fetchQuery), tried even while offline
 * so that the caller can say so at once.
 */
export function fetchCached<T>(key: string, fetcher: () => Promise<T>, staleMs = Infinity): Promise<T> {
  const entry = entryOf<T>(key);
  if (!isStale(entry.state, staleMs)) return Promise.resolve(entry.state.data as T);
  return refresh(key, fetcher)!;
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
  const subscribe = useCallback((listener: () => void) => observe(key, entry, listener), [key, entry]);
  const state = useSyncExternalStore(subscribe, () => entry.state);
  const latestFetcher = useRef(fetcher);
  useEffect(() => {
    latestFetcher.current = fetcher;
  });

  useEffect(() => {
    if (enabled) show(key, () => latestFetcher.current(), staleMs);
  }, [key, enabled, staleMs]);

  // Like react-query's refetchInterval, the poll counts from the key's last answer (or failure), not from the mount.
  useEffect(() => {
    if (!enabled || !pollMs) return;
    const timer = setInterval(() => {
      if (document.visibilityState !== 'hidden')
        void refresh(key, () => latestFetcher.current(), true)?.catch(() => {});
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
    // Like react-query: a key never fetched counts as fetching from its first render (the effect starts it), unless
    // the fetch is to wait for the connection.
    fetching: state.fetching || (enabled && state.status === 'pending' && !entry.paused && !isOffline()),
    isPending: state.status === 'pending' && !placeholder,
    isError: state.status === 'error',
    isPlaceholderData: placeholder,
  };
}
