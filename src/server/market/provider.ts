import type {
  CurrencyCode,
  DividendInfo,
  EarningsInfo,
  HistoryPoint,
  MarketInfo,
  QuotesMap,
  StockSearchResult,
  Timeframe,
} from '../../shared/market/types';

/** What we know about an instrument besides its price (the public stock page and the analysis use it). */
export interface SymbolProfile {
  symbol: string;
  name: string;
  exchange: string;
  /** EQUITY, ETF, INDEX, CRYPTOCURRENCY, ... */
  type: string;
  sector: string | null;
  description: string;
  marketCap: number | null;
  /** Trailing P/E; null when absent. */
  pe: number | null;
  /** The currency of the price and the market cap (major units, see shared/market/currency.ts). */
  currency: CurrencyCode;
}

/**
 * One market-data source (model: Ghostfolio's data-provider interface, one folder per implementation).
 * Providers answer for what they know: unknown symbols are left out of quotes and give null elsewhere.
 * They throw only when the upstream itself fails; the service turns that into stale answers or a clear error.
 * Inputs arrive validated and normalized (see shared/market/schemas.ts). Calls that reach an upstream take the
 * gate's AbortSignal (see upstreamGate.ts) and pass it to their fetch, so a call past its deadline is cancelled; a
 * provider with nothing to cancel (the simulated market) may ignore it.
 */
export interface MarketDataProvider {
  readonly name: MarketInfo['provider'];
  /** True when prices are made up (the UI must say so). */
  readonly simulated: boolean;
  search(query: string, limit: number, signal?: AbortSignal): Promise<StockSearchResult[]>;
  quotes(symbols: readonly string[], signal?: AbortSignal): Promise<QuotesMap>;
  history(symbol: string, timeframe: Timeframe, signal?: AbortSignal): Promise<HistoryPoint[] | null>;
  profile(symbol: string, signal?: AbortSignal): Promise<SymbolProfile | null>;
  /**
   * Daily bars from `from` to now, for studies that need more daily history than the chart ranges give (the AI
   * forecast's back-tests read several years). Optional: without it the service falls back on the 1Y range.
   */
  dailyHistory?(symbol: string, from: number, signal?: AbortSignal): Promise<HistoryPoint[] | null>;
  /**
   * Dividends per share: the last 5 years, the next 12 months, the trailing rate and yield. Null for a symbol the
   * provider does not know; a known symbol that pays nothing has empty lists. Optional: without it the service
   * reports the data as unavailable.
   */
  dividends?(symbol: string, signal?: AbortSignal): Promise<DividendInfo | null>;
  /**
   * Earnings report dates: the last 3 years and the next 12 months. Null for a symbol the provider does not know;
   * funds, indices and crypto (known, but no reports) have empty lists.
   */
  earnings?(symbol: string, signal?: AbortSignal): Promise<EarningsInfo | null>;
  /**
   * Daily closes of 1 unit of `base` in `quote` (EUR->USD: 1.08) from `from` (ms) to now, one point per trading day
   * (Monday to Friday). Null when the provider has no rate for the pair.
   */
  fxHistory?(
    base: CurrencyCode,
    quote: CurrencyCode,
    from: number,
    signal?: AbortSignal,
  ): Promise<HistoryPoint[] | null>;
  /** The 1-minute bar in progress, when the provider can tell it exactly (otherwise the live hub builds one from quotes). */
  currentBar?(symbol: string): Promise<HistoryPoint | null>;
  /**
   * When the provider's answers next change, for a provider whose data moves in steps (the simulated market moves
   * once a minute). Lets the cache keep entries exactly until then.
   */
  nextChangeAt?(now: number): number;
  /** A symbol the health probe asks for. */
  getTestSymbol(): string;
}

/** Health probe: can the provider price its test symbol right now? */
export async function probeProvider(provider: MarketDataProvider): Promise<boolean> {
  try {
    const symbol = provider.getTestSymbol();
    const quotes = await provider.quotes([symbol]);
    return Boolean(quotes[symbol]);
  } catch {
    return false;
  }
}
