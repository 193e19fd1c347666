import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadRecentSearches,
  RECENT_SEARCHES_KEY,
  rememberSearch,
} from '../../src/client/features/search/recentSearches';

/** Just enough of window.localStorage for the storage helpers. */
function fakeStorage() {
  const items = new Map<string, string>();
  return {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  };
}

beforeEach(() => {
  (globalThis as { window?: unknown }).window = { localStorage: fakeStorage() };
});
afterEach(() => {
  delete (globalThis as { window?: unknown }).window;
});

const store = (value: unknown) => window.localStorage.setItem(RECENT_SEARCHES_KEY, JSON.stringify(value));

describe('recent searches', () => {
  it('keep only valid tickers, upper-cased and without duplicates', () => {
    store(['xyzzy!', 'aapl', 42, '', 'DROP TABLE', '^ixic', 'AAPL', 'brk.b']);
    expect(loadRecentSearches()).toEqual(['AAPL', '^IXIC', 'BRK.B']);
  });

  it('never remember a junk entry, and keep the last five', () => {
    for (const s of ['MSFT', 'NVDA', 'TSLA', 'META', 'AMZN', 'SPY']) rememberSearch(s);
    expect(rememberSearch('not a ticker!')).toEqual(['SPY', 'AMZN', 'META', 'TSLA', 'NVDA']);
    expect(rememberSearch('tsla')).toEqual(['TSLA', 'SPY', 'AMZN', 'META', 'NVDA']);
    expect(loadRecentSearches()).toEqual(['TSLA', 'SPY', 'AMZN', 'META', 'NVDA']);
  });

  it('read unreadable storage as no history', () => {
    window.localStorage.setItem(RECENT_SEARCHES_KEY, '{not json');
    expect(loadRecentSearches()).toEqual([]);
    store({ symbols: ['AAPL'] });
    expect(loadRecentSearches()).toEqual([]);
  });
});
