import { describe, expect, it } from 'vitest';
import {
  historyInputSchema,
  INVALID_PERIOD_MESSAGE,
  INVALID_SYMBOL_MESSAGE,
  QUERY_TOO_LONG_MESSAGE,
  quotesInputSchema,
  searchInputSchema,
  symbolInputSchema,
  TOO_MANY_SYMBOLS_MESSAGE,
} from '../../src/shared/market/schemas';
import { searchLocalStocks } from '../../src/shared/market/localStocks';
import { barStart, rangeStart } from '../../src/shared/market/timeframes';

const firstMessage = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? null : result.error!.issues[0].message;

describe('market input schemas', () => {
  it('accept every real symbol shape, trimmed and upper-cased', () => {
    const symbols = [
      'aapl',
      ' ^ixic ',
      '^DJI',
      'BRK.B',
      'btc-usd',
      'EURUSD=X',
      'GC=F',
      '0P000071W8.TO',
      'OCDO.L',
      'AAPL220121C00025000',
    ];
    for (const raw of symbols) {
      const parsed = symbolInputSchema.parse({ symbol: raw });
      expect(parsed.symbol).toBe(raw.trim().toUpperCase());
    }
  });

  it('reject anything else before it can reach a provider', () => {
    for (const bad of [
      '',
      '   ',
      'AA PL',
      'AAPL;DROP',
      '../etc',
      '^',
      'A..B',
      '-A',
      'X'.repeat(21),
      '$AAPL',
      '<script>',
    ]) {
      expect(firstMessage(symbolInputSchema.safeParse({ symbol: bad })), bad).toBe(INVALID_SYMBOL_MESSAGE);
    }
    expect(symbolInputSchema.safeParse({ symbol: 42 }).success).toBe(false);
  });

  it('take a timeframe in any case, default to 1D, and name the accepted values otherwise', () => {
    expect(historyInputSchema.parse({ symbol: 'spy', period: '1y' })).toEqual({ symbol: 'SPY', period: '1Y' });
    expect(historyInputSchema.parse({ symbol: 'spy', period: 'ytd' }).period).toBe('YTD');
    expect(historyInputSchema.parse({ symbol: 'spy' }).period).toBe('1D');
    expect(firstMessage(historyInputSchema.safeParse({ symbol: 'SPY', period: '2Y' }))).toBe(INVALID_PERIOD_MESSAGE);
    expect(INVALID_PERIOD_MESSAGE).toBe('Invalid period: use one of 1D, 5D, 1M, 6M, YTD, 1Y, 5Y');
  });

  it('cap quote lists at 50 symbols, de-duplicating after normalizing', () => {
    expect(quotesInputSchema.parse({ symbols: ['aapl', 'AAPL ', 'msft'] }).symbols).toEqual(['AAPL', 'MSFT']);
    const fifty = Array.from({ length: 50 }, (_, i) => `S${i}`);
    expect(quotesInputSchema.parse({ symbols: fifty }).symbols.length).toBe(50);
    expect(firstMessage(quotesInputSchema.safeParse({ symbols: [...fifty, 'ONE'] }))).toBe(TOO_MANY_SYMBOLS_MESSAGE);
    expect(quotesInputSchema.safeParse({ symbols: 'AAPL' }).success).toBe(false);
  });

  it('cap search queries at 64 characters after trimming', () => {
    expect(searchInputSchema.parse({ q: `  ${'a'.repeat(64)}  ` }).q.length).toBe(64);
    expect(firstMessage(searchInputSchema.safeParse({ q: 'a'.repeat(65) }))).toBe(QUERY_TOO_LONG_MESSAGE);
    expect(searchInputSchema.parse({}).q).toBe('');
  });
});

describe('timeframe ranges', () => {
  it('start where each timeframe says, YTD on the first of January', () => {
    const now = Date.UTC(2026, 4, 15, 10, 30);
    expect(rangeStart('1D', now)).toBe(now - 86_400_000);
    expect(rangeStart('1M', now)).toBe(Date.UTC(2026, 3, 15, 10, 30));
    expect(rangeStart('YTD', now)).toBe(Date.UTC(2026, 0, 1));
    expect(rangeStart('5Y', now)).toBe(Date.UTC(2021, 4, 15, 10, 30));
    // 2026-05-15 is a Friday; its week starts on Monday the 11th.
    expect(barStart('1wk', now)).toBe(Date.UTC(2026, 4, 11));
    expect(barStart('30m', now)).toBe(Date.UTC(2026, 4, 15, 10, 30));
    expect(barStart('5m', now + 4 * 60_000)).toBe(now);
  });
});

describe('local stock search', () => {
  it('ranks exact symbols, then symbol prefixes, then names', () => {
    expect(searchLocalStocks('ma')[0].symbol).toBe('MA');
    expect(searchLocalStocks('apple').map((s) => s.symbol)).toEqual(['AAPL']);
    expect(searchLocalStocks('DJI')[0].symbol).toBe('^DJI');
    expect(searchLocalStocks('  ')).toEqual([]);
    expect(searchLocalStocks('a', 5).length).toBe(5);
  });
});
