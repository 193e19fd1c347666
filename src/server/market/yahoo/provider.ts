import YahooFinance from 'yahoo-finance2';
import { ExtendedCookieJar } from 'yahoo-finance2/lib/cookieJar';
import type { Logger } from 'pino';
import { fxPairSymbol } from '../../../shared/market/currency';
import { rangeStart, TIMEFRAME_SPECS } from '../../../shared/market/timeframes';
import type { HistoryPoint, QuotesMap, Timeframe } from '../../../shared/market/types';
import type { MarketDataProvider } from '../provider';
import { mapDividends, mapEarnings } from './events';
import { lastSessions, mapChartQuotes, mapProfile, mapQuote, mapSearchResult, quoteCurrency } from './mapping';

export interface YahooProviderOptions {
  log: Logger;
  now: () => number;
  /** Replaces the network (tests serve recorded Yahoo answers through it). */
  fetch?: typeof fetch;
}

const DAY_MS = 86_400_000;
/** Dividend history reaches 5 years back (and a month more, so a payment at the edge is not half in). */
const DIVIDEND_HISTORY_MS = (5 * 365 + 31) * DAY_MS;
/** Yahoo's v7 quote endpoint takes many symbols per call; we keep batches modest. */
const QUOTE_BATCH = 50;

interface ChartAnswer {
  meta?: { gmtoffset?: number; currency?: string };
  quotes?: Record<string, unknown>[];
}

/** A chart's bars in the currency's major unit, as the quotes are (a London chart comes in pence). */
function chartPoints(chart: ChartAnswer, symbol: string): HistoryPoint[] {
  return mapChartQuotes(chart.quotes ?? [], quoteCurrency(chart.meta ?? {}, symbol).factor);
}

/** Yahoo answers "no such symbol" with these messages; anything else is an upstream failure. */
function isNotFound(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /no data found|delisted|not found|quote not found/i.test(message);
}

/**
 * Yahoo Finance through yahoo-finance2 v3 (MARKET_DATA=yahoo). Its own checks (version check on errors, survey
 * notice) are switched off so nothing but market calls leaves the process, and its logs go to our logger.
 */
export function createYahooProvider(options: YahooProviderOptions): MarketDataProvider {
  const { log, now } = options;
  const yf = new YahooFinance({
    ...(options.fetch ? { fetch: options.fetch } : {}),
    cookieJar: new ExtendedCookieJar(),
    suppressNotices: ['yahooSurvey', 'ripHistorical'],
    versionCheck: false,
    validation: { logErrors: false, logOptionsErrors: false },
    logger: {
      info: (...args: unknown[]) => log.debug({ yahoo: args }, 'yahoo-finance2'),
      warn: (...args: unknown[]) => log.debug({ yahoo: args }, 'yahoo-finance2 warning'),
      error: (...args: unknown[]) => log.warn({ yahoo: args }, 'yahoo-finance2 error'),
      debug: () => undefined,
      dir: () => undefined,
    },
  });
  /**
   * Module options for one call. Schema drift in Yahoo's answers should not fail a call (mapping.ts reads fields
   * defensively instead), and the gate's signal reaches every fetch of the call (the cookie/crumb handshake too).
   */
  const loose = (signal: AbortSignal | undefined) => ({ validateResult: false, fetchOptions: { signal } }) as const;

  async function rawQuotes(symbols: readonly string[], signal?: AbortSignal): Promise<Record<string, unknown>[]> {
    const rows: Record<string, unknown>[] = [];
    for (let i = 0; i < symbols.length; i += QUOTE_BATCH) {
      const batch = symbols.slice(i, i + QUOTE_BATCH);
      const result = (await yf.quote(batch, { return: 'array' }, loose(signal))) as unknown as Record<
        string,
        unknown
      >[];
      rows.push(...result);
    }
    return rows;
  }

  /** A call whose "not found" answer means the symbol is unknown: null instead of an error. */
  async function unlessNotFound<T>(call: () => Promise<T>): Promise<T | null> {
    try {
      return await call();
    } catch (error) {
      if (isNotFound(error)) return null;
      throw error;
    }
  }

  function summary(symbol: string, modules: string[], signal?: AbortSignal): Promise<Record<string, unknown>> {
    return yf.quoteSummary(symbol, { modules: modules as never }, loose(signal)) as Promise<Record<string, unknown>>;
  }

  return {
    name: 'yahoo',
    simulated: false,

    async search(query, limit, signal) {
      const result = (await yf.search(query, { quotesCount: limit, newsCount: 0 }, loose(signal))) as {
        quotes?: Record<string, unknown>[];
      };
      return (result.quotes ?? [])
        .map(mapSearchResult)
        .filter((r) => r !== null)
        .slice(0, limit);
    },

    async quotes(symbols, signal) {
      const at = now();
      const map: QuotesMap = {};
      for (const row of await rawQuotes(symbols, signal)) {
        const quote = mapQuote(row, at);
        // Yahoo may answer an alias; only the symbols asked for are returned.
        if (quote && symbols.includes(quote.symbol)) map[quote.symbol] = quote;
      }
      return map;
    },

    async history(symbol: string, timeframe: Timeframe, signal?: AbortSignal): Promise<HistoryPoint[] | null> {
      const spec = TIMEFRAME_SPECS[timeframe];
      const at = now();
      // Exchanges close at night and on weekends: intraday ranges ask for extra days, then keep whole sessions.
      const sessions = spec.sessions ?? null;
      const period1 = sessions ? at - (sessions + 5) * DAY_MS : rangeStart(timeframe, at);
      try {
        const chart = (await yf.chart(
          symbol,
          { period1: new Date(period1), interval: spec.bar },
          loose(signal),
        )) as ChartAnswer;
        const points = chartPoints(chart, symbol);
        return sessions ? lastSessions(points, sessions, chart.meta?.gmtoffset ?? 0) : points;
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async dailyHistory(symbol, from, signal) {
      try {
        const chart = (await yf.chart(
          symbol,
          { period1: new Date(from), interval: '1d' },
          loose(signal),
        )) as ChartAnswer;
        return chartPoints(chart, symbol);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw error;
      }
    },

    async profile(symbol, signal) {
      const [quote] = await rawQuotes([symbol], signal);
      if (!quote) return null;
      // Sector and business summary live in quoteSummary; without them the profile is still useful.
      const summary = await yf
        .quoteSummary(symbol, { modules: ['assetProfile'] }, loose(signal))
        .then((s) => s as Record<string, unknown>)
        .catch((error: unknown) => {
          log.debug({ err: error, symbol }, 'yahoo quoteSummary unavailable; profile without description');
          return null;
        });
      return mapProfile(quote, summary);
    },

    async dividends(symbol, signal) {
      const at = now();
      const answers = await unlessNotFound(() =>
        Promise.all([
          summary(symbol, ['price', 'summaryDetail', 'calendarEvents'], signal),
          // Monthly bars keep the answer small; the dividend events come whatever the interval.
          yf.chart(
            symbol,
            { period1: new Date(at - DIVIDEND_HISTORY_MS), interval: '1mo', events: 'div' },
            loose(signal),
          ) as Promise<{ meta?: Record<string, unknown>; events?: { dividends?: unknown } }>,
        ]),
      );
      if (!answers) return null;
      const [quoteSummary, chart] = answers;
      return mapDividends({
        symbol,
        summary: quoteSummary,
        events: chart.events?.dividends,
        meta: chart.meta ?? null,
        now: at,
      });
    },

    async earnings(symbol, signal) {
      const quoteSummary = await unlessNotFound(() =>
        summary(symbol, ['price', 'calendarEvents', 'earnings', 'earningsHistory'], signal),
      );
      return quoteSummary ? mapEarnings(symbol, quoteSummary, now()) : null;
    },

    async fxHistory(base, quote, from, signal) {
      // Yahoo quotes every pair directly ('GBPEUR=X'), so crosses need no arithmetic here.
      const chart = await unlessNotFound(
        () =>
          yf.chart(fxPairSymbol(base, quote), { period1: new Date(from), interval: '1d' }, loose(signal)) as Promise<{
            quotes?: Record<string, unknown>[];
          }>,
      );
      return chart ? mapChartQuotes(chart.quotes ?? []) : null;
    },

    getTestSymbol: () => 'AAPL',
  };
}
