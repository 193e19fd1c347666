import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  loadRecentSearches,
  MAX_RECENT_SEARCHES,
  RECENT_SEARCHES_KEY,
  rememberSearch,
} from '../../src/client/features/search/recentSearches';
import { buildSuggestions, MAX_SUGGESTIONS, noResultMessages } from '../../src/client/features/search/suggestions';
import type { StockSearchResult } from '../../src/shared/market/types';

function result(symbol: string, name = `${symbol} Inc.`): StockSearchResult {
  return {
    symbol,
    name,
    exchange: 'NASDAQ',
    shortname: name,
    longname: name,
    exchDisp: 'NASDAQ',
    exch: 'NMS',
    typeDisp: 'Equity',
    type: 'EQUITY',
  };
}

describe('buildSuggestions', () => {
  it('blank input: recent searches first, then the popular list without repeating them', () => {
    const groups = buildSuggestions('', { status: 'blank' }, ['MSFT', 'ZZZZ']);
    expect(groups.map((g) => g.label)).toEqual(['Recent searches', 'Popular']);
    expect(groups[0].items.map((i) => i.symbol)).toEqual(['MSFT', 'ZZZZ']);
    expect(groups[0].items[0]).toMatchObject({ kind: 'recent', name: 'Microsoft Corporation' });
    const popular = groups[1].items.map((i) => i.symbol);
    expect(popular).toHaveLength(MAX_SUGGESTIONS);
    expect(popular).not.toContain('MSFT');
    expect(groups[1].items.every((i) => i.kind === 'popular')).toBe(true);
  });

  it('blank input without history: the popular list only', () => {
    const groups = buildSuggestions('   ', { status: 'blank' }, []);
    expect(groups.map((g) => g.label)).toEqual(['Popular']);
    expect(groups[0].items[0].symbol).toBe('AAPL');
  });

  it('results: the first 10 only, none when the server found nothing', () => {
    const many = Array.from({ length: 14 }, (_, i) => result(`S${String.fromCharCode(65 + i)}`));
    const [group] = buildSuggestions('s', { status: 'success', results: many }, []);
    expect(group.items).toHaveLength(10);
    expect(group.items[0]).toMatchObject({ kind: 'result', symbol: 'SA', name: 'SA Inc.', exchange: 'NASDAQ' });
    expect(buildSuggestions('qqzzx', { status: 'success', results: [] }, [])).toEqual([]);
  });

  it('while the answer is pending, the previous results stay', () => {
    const [group] = buildSuggestions('micr', { status: 'pending', previous: [result('MSFT')] }, []);
    expect(group.items.map((i) => i.symbol)).toEqual(['MSFT']);
    expect(buildSuggestions('m', { status: 'pending', previous: [] }, [])).toEqual([]);
  });

  it("failed search: local matches, plus 'Search for {SYMBOL}' for a ticker the local list lacks", () => {
    const [zzzz] = buildSuggestions('zzzz', { status: 'error' }, []);
    expect(zzzz.items).toEqual([{ kind: 'fallback', symbol: 'ZZZZ', name: 'Search for ZZZZ', exchange: '' }]);

    const [brk] = buildSuggestions('brk.x', { status: 'error' }, []);
    expect(brk.items.at(-1)).toMatchObject({ kind: 'fallback', name: 'Search for BRK.X' });

    const [aapl] = buildSuggestions('aapl', { status: 'error' }, []);
    expect(aapl.items[0]).toMatchObject({ kind: 'local', symbol: 'AAPL' });
    expect(aapl.items.some((i) => i.kind === 'fallback')).toBe(false);

    // Not a ticker (space, too long, digits): no offer.
    for (const text of ['apple inc', 'ABCDEF', 'AB1']) {
      const items = buildSuggestions(text, { status: 'error' }, []).flatMap((g) => g.items);
      expect(
        items.some((i) => i.kind === 'fallback'),
        text,
      ).toBe(false);
    }
  });
});

describe('noResultMessages', () => {
  it('are the two lines of the spec, with the query as typed and upper-cased', () => {
    expect(noResultMessages('  qqzzx ')).toEqual([
      'No stocks found for "qqzzx"',
      'No results found. Press Enter to search for "QQZZX"',
    ]);
  });
});

describe('recent searches', () => {
  let store: Map<string, string>;
  beforeEach(() => {
    store = new Map();
    const localStorage = {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => void store.set(key, value),
    };
    Object.assign(globalThis, { window: { localStorage } });
  });
  afterEach(() => {
    Reflect.deleteProperty(globalThis, 'window');
  });

  it(`keeps the last ${MAX_RECENT_SEARCHES}, newest first, without duplicates, under '${RECENT_SEARCHES_KEY}'`, () => {
    for (const symbol of ['AAPL', 'MSFT', 'TSLA', 'AAPL', 'META', 'AMZN', 'NFLX']) rememberSearch(symbol);
    expect(loadRecentSearches()).toEqual(['NFLX', 'AMZN', 'META', 'AAPL', 'TSLA']);
    expect(JSON.parse(store.get('recentStockSearches')!)).toEqual(['NFLX', 'AMZN', 'META', 'AAPL', 'TSLA']);
  });

  it('reads anything unreadable as no history', () => {
    store.set(RECENT_SEARCHES_KEY, '{not json');
    expect(loadRecentSearches()).toEqual([]);
    store.set(RECENT_SEARCHES_KEY, JSON.stringify({ a: 1 }));
    expect(loadRecentSearches()).toEqual([]);
    store.set(RECENT_SEARCHES_KEY, JSON.stringify(['AAPL', 3, '', 'MSFT']));
    expect(loadRecentSearches()).toEqual(['AAPL', 'MSFT']);
  });
});
