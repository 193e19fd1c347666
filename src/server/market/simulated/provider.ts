import { toSearchResult } from '../../../shared/market/localStocks';
import { TIMEFRAME_SPECS } from '../../../shared/market/timeframes';
import type { HistoryPoint, Quote, QuotesMap, StockSearchResult, Timeframe } from '../../../shared/market/types';
import type { MarketDataProvider, SymbolProfile } from '../provider';
import { findInstrument, searchUniverse, universeIndex } from '../universe';
import { simulatedDividends } from './dividends';
import { simulatedEarnings } from './earnings';
import { dayOf } from './eventDays';
import { simulatedFxHistory } from './fx';
import { MINUTE_MS, PriceModel, roundPrice } from './priceModel';
import { quoteClock, sessionRangeStart } from './sessionClock';
import { collectYielding } from './yieldingCollect';

/**
 * The built-in market (MARKET_DATA=simulated, the default): works offline, covers the built-in universe (the S&P 500,
 * the common US funds and money-market funds, some listings abroad: server/market/universe), and moves once a minute
 * while its exchange trades: NYSE sessions for every exchange-listed symbol (a simplification for the listings
 * abroad), around the clock for crypto. Money-market funds stay at 1.00. Dividends, earnings dates and exchange rates
 * are pure functions of the day. Time comes from the injected clock so tests can pin it.
 */
export function createSimulatedProvider(now: () => number): MarketDataProvider {
  const models = new Map<string, PriceModel>();
  // The search index takes some tens of milliseconds to build: at start, not in the first search request.
  universeIndex();

  function modelFor(symbol: string): PriceModel | null {
    const cached = models.get(symbol);
    if (cached) return cached;
    const row = findInstrument(symbol);
    if (!row) return null;
    const model = new PriceModel({
      symbol,
      price: row.price,
      vol: row.vol,
      growth: row.growth,
      volume: row.volume,
      beta: row.beta,
      sector: row.tracks ?? row.sector,
      hours: row.type === 'CRYPTOCURRENCY' ? 'always' : 'exchange',
    });
    models.set(symbol, model);
    return model;
  }

  function quoteOf(symbol: string, at: number): Quote | null {
    const model = modelFor(symbol);
    const stock = findInstrument(symbol);
    if (!model || !stock) return null;
    const { price } = model.priceAt(at);
    const clock = quoteClock(at, model.params.hours);
    // On an exchange the previous close is that session's daily close, read without walking its minutes: a quote
    // then needs only today's minute path, so the path cache holds one per symbol quoted today.
    const previousClose =
      model.params.hours === 'exchange'
        ? model.closeOfDay(dayOf(clock.previousCloseAt))
        : model.priceAt(clock.previousCloseAt).price;
    const shown = roundPrice(price);
    const change = shown - roundPrice(previousClose);
    return {
      symbol,
      regularMarketPrice: shown,
      regularMarketChange: Math.round(change * 10_000) / 10_000,
      regularMarketChangePercent: Math.round((change / previousClose) * 100 * 10_000) / 10_000,
      currency: stock.currency,
      shortName: stock.name,
      longName: stock.name,
      regularMarketTime: clock.time,
      marketState: clock.open ? 'open' : 'closed',
    };
  }

  return {
    name: 'simulated',
    simulated: true,

    // The simulated market answers synchronously; the provider interface is asynchronous (Yahoo's is).
    search(query, limit): Promise<StockSearchResult[]> {
      return Promise.resolve(searchUniverse(query, limit).map(toSearchResult));
    },

    quotes(symbols): Promise<QuotesMap> {
      const at = now();
      const result: QuotesMap = {};
      for (const symbol of symbols) {
        const quote = quoteOf(symbol, at);
        if (quote) result[symbol] = quote;
      }
      return Promise.resolve(result);
    },

    async history(symbol: string, timeframe: Timeframe): Promise<HistoryPoint[] | null> {
      const model = modelFor(symbol);
      if (!model) return null;
      const at = now();
      return collectYielding(
        model.bars(TIMEFRAME_SPECS[timeframe].bar, sessionRangeStart(timeframe, at, model.params.hours), at),
      );
    },

    async dailyHistory(symbol, from) {
      const model = modelFor(symbol);
      return model ? collectYielding(model.bars('1d', from, now())) : null;
    },

    profile(symbol): Promise<SymbolProfile | null> {
      const model = modelFor(symbol);
      const row = findInstrument(symbol);
      if (!model || !row) return Promise.resolve(null);
      // Market cap and P/E move with the simulated price (shares and earnings held fixed).
      const scale = model.priceAt(now()).price / row.price;
      return Promise.resolve({
        symbol,
        name: row.name,
        exchange: row.exchange,
        type: row.type,
        sector: row.sector,
        description: row.description,
        marketCap: row.cap === null ? null : Math.round(row.cap * scale),
        pe: row.pe === null ? null : Math.round(row.pe * scale * 100) / 100,
        currency: row.currency,
      });
    },

    dividends(symbol) {
      const model = modelFor(symbol);
      const row = findInstrument(symbol);
      if (!model || !row) return Promise.resolve(null);
      const today = dayOf(now());
      // Valued at yesterday's close: the answer is the same all day (the service keeps it until midnight).
      return Promise.resolve(simulatedDividends(row, today, model.closeOfDay(today - 1)));
    },

    earnings(symbol) {
      const row = findInstrument(symbol);
      return Promise.resolve(row ? simulatedEarnings(row, dayOf(now())) : null);
    },

    fxHistory(base, quote, from) {
      return Promise.resolve(simulatedFxHistory(base, quote, from, now()));
    },

    currentBar(symbol) {
      return Promise.resolve(modelFor(symbol)?.currentBar(now()) ?? null);
    },

    nextChangeAt(at) {
      return (Math.floor(at / MINUTE_MS) + 1) * MINUTE_MS;
    },

    getTestSymbol: () => 'SPY',
  };
}
