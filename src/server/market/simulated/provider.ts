import { findLocalStock, LOCAL_STOCKS, searchLocalStocks, toSearchResult } from '../../../shared/market/localStocks';
import { rangeStart, TIMEFRAME_SPECS } from '../../../shared/market/timeframes';
import type { HistoryPoint, Quote, QuotesMap, StockSearchResult, Timeframe } from '../../../shared/market/types';
import type { MarketDataProvider, SymbolProfile } from '../provider';
import { MINUTE_MS, PriceModel, roundPrice } from './priceModel';
import { REFERENCE } from './reference';
import { collectYielding } from './yieldingCollect';

/**
 * The built-in market (MARKET_DATA=simulated, the default): works offline, covers the built-in lists, and moves
 * once a minute around the clock. Time comes from the injected clock so tests can pin it.
 */
export function createSimulatedProvider(now: () => number): MarketDataProvider {
  const models = new Map<string, PriceModel>();

  function modelFor(symbol: string): PriceModel | null {
    const cached = models.get(symbol);
    if (cached) return cached;
    const row = REFERENCE[symbol];
    if (!row || !findLocalStock(symbol)) return null;
    const model = new PriceModel({ symbol, price: row.price, vol: row.vol, growth: row.growth, volume: row.volume });
    models.set(symbol, model);
    return model;
  }

  function quoteOf(symbol: string, at: number): Quote | null {
    const model = modelFor(symbol);
    const stock = findLocalStock(symbol);
    if (!model || !stock) return null;
    const { price } = model.priceAt(at);
    // The simulated exchange trades around the clock, so the change is measured against the price 24 hours ago:
    // the same point the 1D chart starts from, so the chart's colour and the quote's change agree.
    const reference = rangeStart('1D', at);
    const previousClose = model.priceAt(reference).price;
    const shown = roundPrice(price);
    const change = shown - roundPrice(previousClose);
    return {
      symbol,
      regularMarketPrice: shown,
      regularMarketChange: Math.round(change * 10_000) / 10_000,
      regularMarketChangePercent: Math.round((change / previousClose) * 100 * 10_000) / 10_000,
      shortName: stock.name,
      longName: stock.name,
      regularMarketTime: Math.floor(at / MINUTE_MS) * MINUTE_MS,
    };
  }

  return {
    name: 'simulated',
    simulated: true,

    async search(query, limit): Promise<StockSearchResult[]> {
      return searchLocalStocks(query, limit, LOCAL_STOCKS).map(toSearchResult);
    },

    async quotes(symbols): Promise<QuotesMap> {
      const at = now();
      const result: QuotesMap = {};
      for (const symbol of symbols) {
        const quote = quoteOf(symbol, at);
        if (quote) result[symbol] = quote;
      }
      return result;
    },

    async history(symbol: string, timeframe: Timeframe): Promise<HistoryPoint[] | null> {
      const model = modelFor(symbol);
      if (!model) return null;
      const at = now();
      return collectYielding(model.bars(TIMEFRAME_SPECS[timeframe].bar, rangeStart(timeframe, at), at));
    },

    async dailyHistory(symbol, from) {
      const model = modelFor(symbol);
      return model ? collectYielding(model.bars('1d', from, now())) : null;
    },

    async profile(symbol): Promise<SymbolProfile | null> {
      const model = modelFor(symbol);
      const stock = findLocalStock(symbol);
      const row = REFERENCE[symbol];
      if (!model || !stock || !row) return null;
      // Market cap and P/E move with the simulated price (shares and earnings held fixed).
      const scale = model.priceAt(now()).price / row.price;
      return {
        symbol,
        name: stock.name,
        exchange: stock.exchange,
        type: stock.type,
        sector: row.sector,
        description: row.description,
        marketCap: row.cap === null ? null : Math.round(row.cap * scale),
        pe: row.pe === null ? null : Math.round(row.pe * scale * 100) / 100,
      };
    },

    async currentBar(symbol) {
      return modelFor(symbol)?.currentBar(now()) ?? null;
    },

    nextChangeAt(at) {
      return (Math.floor(at / MINUTE_MS) + 1) * MINUTE_MS;
    },

    getTestSymbol: () => 'SPY',
  };
}
