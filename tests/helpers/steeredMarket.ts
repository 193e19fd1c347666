import { DAY_MS } from '../../src/shared/market/nyseCalendar';
import type { HistoryPoint, Quote } from '../../src/shared/market/types';
import type { MarketDataProvider } from '../../src/server/market/provider';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';

/**
 * The simulated market, with the price of a few symbols set by the test: the third party (the provider) is the part
 * tests replace; the market service, its cache and the live-quote poll above it run for real. A steered symbol's
 * quote is the price set (its day's change measured from `previousClose`), and its daily history is the closes set
 * (ending yesterday), so RSI and moving averages are known to the test. Answers change whenever the test says, so
 * the cache keeps them a millisecond.
 */
export interface SteeredMarket {
  provider: MarketDataProvider;
  /** Sets a symbol's price (and, when given, the previous close its day's change is measured from). */
  set(symbol: string, price: number, previousClose?: number): void;
  /** Sets a steered symbol's daily closes, oldest first, the last one yesterday's. */
  setCloses(symbol: string, closes: number[]): void;
  /** Symbols of every quotes() call, one entry per call. */
  quoteCalls: string[][];
}

export function steeredMarket(now: () => number = Date.now): SteeredMarket {
  const inner = createSimulatedProvider(now);
  const prices = new Map<string, { price: number; previousClose: number }>();
  const closes = new Map<string, number[]>();
  const quoteCalls: string[][] = [];

  const quoteOf = (symbol: string): Quote => {
    const { price, previousClose } = prices.get(symbol)!;
    const change = price - previousClose;
    return {
      symbol,
      regularMarketPrice: price,
      currency: 'USD',
      regularMarketChange: change,
      regularMarketChangePercent: (change / previousClose) * 100,
      shortName: symbol,
      longName: `${symbol} Steered Inc.`,
      regularMarketTime: now(),
      marketState: 'open',
    };
  };

  const provider: MarketDataProvider = {
    ...inner,
    name: inner.name,
    simulated: inner.simulated,
    async quotes(symbols, signal) {
      quoteCalls.push([...symbols]);
      const others = symbols.filter((s) => !prices.has(s));
      const answer = others.length > 0 ? await inner.quotes(others, signal) : {};
      for (const symbol of symbols) if (prices.has(symbol)) answer[symbol] = quoteOf(symbol);
      return answer;
    },
    async history(symbol, timeframe, signal) {
      const list = closes.get(symbol);
      if (!list) return inner.history(symbol, timeframe, signal);
      const today = Math.floor(now() / DAY_MS);
      return list.map((close, i): HistoryPoint => ({
        time: (today - list.length + i) * DAY_MS,
        open: close,
        high: close,
        low: close,
        close,
        volume: 1_000,
      }));
    },
    nextChangeAt: (at) => at + 1,
  };

  return {
    provider,
    quoteCalls,
    set(symbol, price, previousClose) {
      prices.set(symbol, { price, previousClose: previousClose ?? prices.get(symbol)?.previousClose ?? price });
    },
    setCloses(symbol, list) {
      closes.set(symbol, list);
    },
  };
}
