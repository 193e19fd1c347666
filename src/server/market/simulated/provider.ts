import { findLocalStock, LOCAL_STOCKS, searchLocalStocks, toSearchResult } from '../../../shared/market/localStocks';
import { TIMEFRAME_SPECS } from '../../../shared/market/timeframes';
import type { HistoryPoint, Quote, QuotesMap, StockSearchResult, Timeframe } from '../../../shared/market/types';
import type { MarketDataProvider, SymbolProfile } from '../provider';
import { MINUTE_MS, PriceModel, roundPrice } from './priceModel';
import { REFERENCE } from './reference';
import { quoteClock, sessionRangeStart } from './sessionClock';
import { collectYielding } from './yieldingCollect';

/**
 * The built-in market (MARKET_DATA=simulated, the default): works offline, covers the built-in lists, and moves
 * once a minute while its exchange trades: NYSE sessions for stocks, funds and indices, around the clock for crypto.
 * Time comes from the injected clock so tests can pin it.
 */
export function createSimulatedProvider(now: () => number): MarketDataProvider {
  const models = new Map<string, PriceModel>();

  function modelFor(symbol: string): PriceModel | null {
    const cached = models.get(symbol);
    if (cached) return cached;
    const row = REFERENCE[symbol];
    if (!row || !findLocalStock(symbol)) return null;
    const stock = findLocalStock(symbol)!;
    const model = new PriceModel({
      symbol,
      price: row.price,
      vol: row.vol,
      growth: row.growth,
      volume: row.volume,
      beta: row.beta,
      sector: row.tracks ?? row.sector,
      hours: stock.type === 'CRYPTOCURRENCY' ? 'always' : 'exchange',
    });
    models.set(symbol, model);
    return model;
  }

  function quoteOf(symbol: string, at: number): Quote | null {
    const model = modelFor(symbol);
    const stock = findLocalStock(symbol);
    if (!model || !stock) return null;
    const { price } = model.priceAt(at);
    const clock = quoteClock(at, model.params.hours);
    const previousClose = model.priceAt(clock.previousCloseAt).price;
    const shown = roundPrice(price);
    const change = shown - roundPrice(previousClose);
    return {
      symbol,
      regularMarketPrice: shown,
      regularMarketChange: Math.round(change * 10_000) / 10_000,
      regularMarketChangePercent: Math.round((change / previousClose) * 100 * 10_000) / 10_000,
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
      return Promise.resolve(searchLocalStocks(query, limit, LOCAL_STOCKS).map(toSearchResult));
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
      const stock = findLocalStock(symbol);
      const row = REFERENCE[symbol];
      if (!model || !stock || !row) return Promise.resolve(null);
      // Market cap and P/E move with the simulated price (shares and earnings held fixed).
      const scale = model.priceAt(now()).price / row.price;
      return Promise.resolve({
        symbol,
        name: stock.name,
        exchange: stock.exchange,
        type: stock.type,
        sector: row.sector,
        description: row.description,
        marketCap: row.cap === null ? null : Math.round(row.cap * scale),
        pe: row.pe === null ? null : Math.round(row.pe * scale * 100) / 100,
      });
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
