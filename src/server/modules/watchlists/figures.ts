import { rateStock } from '../../../shared/indicators/rating';
import { rsiSeed, toRsi } from '../../../shared/indicators/rsi';
import type { DividendInfo, HistoryPoint, Quote, Rating } from '../../../shared/market/types';
import type { WatchlistRow } from '../../../shared/watchlists/types';
import type { SymbolProfile } from '../../market';

/**
 * The figures of a watchlist row, in two parts. `SymbolFigures` is what the daily history, the profile and the
 * dividends say: computed once per symbol and price minute for everyone (figuresCache.ts). `rowOf` lays the latest
 * quote over them, which costs a few arithmetic operations, so a row follows every tick.
 */

const RSI_PERIOD = 14;
const VOLUME_SESSIONS = 20;
const DAY_MS = 86_400_000;
const YEAR_MS = 365 * DAY_MS;

/** Wilder's running averages of RSI(14) through the bar whose close is `close`. */
export interface RsiState {
  close: number;
  avgGain: number;
  avgLoss: number;
}

export interface SymbolFigures {
  name: string | null;
  currency: string | null;
  score: number | null;
  rating: Rating | null;
  /** RSI state through the bar before the latest, and through the latest; null with too little history. */
  rsiBefore: RsiState | null;
  rsiThrough: RsiState | null;
  /** The UTC day (days since 1970) of the latest daily bar. */
  lastBarDay: number | null;
  /** The highest daily high of the last 52 weeks. */
  high52w: number | null;
  volumeRatio20d: number | null;
  marketCap: number | null;
  pe: number | null;
  /** The last 12 months' dividends per share, in `dividendCurrency`; null when it pays none. */
  annualDividend: number | null;
  dividendCurrency: string | null;
  trailingYield: number | null;
}

/** One more bar of Wilder's smoothing. */
export function rsiStep(state: RsiState, close: number): RsiState {
  const change = close - state.close;
  return {
    close,
    avgGain: (state.avgGain * (RSI_PERIOD - 1) + Math.max(change, 0)) / RSI_PERIOD,
    avgLoss: (state.avgLoss * (RSI_PERIOD - 1) + Math.max(-change, 0)) / RSI_PERIOD,
  };
}

/** Wilder's state through each of the last two closes (the same arithmetic as shared/indicators/rsi.ts). */
export function rsiStates(closes: readonly number[]): { before: RsiState | null; through: RsiState | null } {
  const n = closes.length;
  if (n <= RSI_PERIOD) return { before: null, through: null };
  const { gain, loss } = rsiSeed(closes, RSI_PERIOD);
  let state: RsiState = { close: closes[RSI_PERIOD], avgGain: gain, avgLoss: loss };
  let before: RsiState | null = null;
  for (let i = RSI_PERIOD + 1; i < n; i++) {
    before = state;
    state = rsiStep(state, closes[i]);
  }
  return { before, through: state };
}

/** The latest session's volume against the mean of the 20 before it; null without them or without volume. */
export function volumeRatio(bars: readonly HistoryPoint[]): number | null {
  const n = bars.length;
  if (n < VOLUME_SESSIONS + 1) return null;
  let sum = 0;
  for (let i = n - 1 - VOLUME_SESSIONS; i < n - 1; i++) sum += bars[i].volume;
  const average = sum / VOLUME_SESSIONS;
  return average > 0 ? bars[n - 1].volume / average : null;
}

export function high52Weeks(bars: readonly HistoryPoint[]): number | null {
  const last = bars.at(-1);
  if (!last) return null;
  let high = -Infinity;
  for (let i = bars.length - 1; i >= 0 && bars[i].time > last.time - YEAR_MS; i--) high = Math.max(high, bars[i].high);
  return Number.isFinite(high) && high > 0 ? high : null;
}

/**
 * The slow part of a row from what the market service answered (each may be null: unknown, failed, or none). The
 * score is the stock page's (market/analysis.ts): the same rating over the same year of daily closes and P/E.
 */
export function symbolFigures(
  daily: readonly HistoryPoint[] | null,
  profile: SymbolProfile | null,
  dividends: DividendInfo | null,
): SymbolFigures {
  const bars = daily ?? [];
  const closes = bars.map((b) => b.close);
  const pe = profile?.pe ?? null;
  const rated = bars.length > 0 ? rateStock({ times: bars.map((b) => b.time), closes, pe }) : null;
  const { before, through } = rsiStates(closes);
  const rate = dividends?.trailingAnnualRate ? Number(dividends.trailingAnnualRate) : null;
  return {
    name: profile?.name ?? null,
    currency: profile?.currency ?? dividends?.currency ?? null,
    score: rated?.score ?? null,
    rating: rated?.rating ?? null,
    rsiBefore: before,
    rsiThrough: through,
    lastBarDay: bars.length > 0 ? Math.floor(bars[bars.length - 1].time / DAY_MS) : null,
    high52w: high52Weeks(bars),
    volumeRatio20d: volumeRatio(bars),
    marketCap: profile?.marketCap ?? null,
    pe,
    annualDividend: rate !== null && Number.isFinite(rate) && rate > 0 ? rate : null,
    dividendCurrency: dividends?.currency ?? null,
    trailingYield: dividends?.trailingYield ?? null,
  };
}

const round2 = (x: number) => Math.round(x * 100) / 100;
const rounded = (x: number | null) => (x === null || !Number.isFinite(x) ? null : round2(x));

/**
 * RSI(14) with the current price as the latest close: it replaces the latest bar when that bar is the quote's day
 * (a session in progress, or the last one while the market is closed), and follows it otherwise.
 */
export function liveRsi(figures: SymbolFigures, price: number, quoteTime: number): number | null {
  const sameDay = figures.lastBarDay === Math.floor(quoteTime / DAY_MS);
  const base = sameDay ? figures.rsiBefore : figures.rsiThrough;
  if (!base) return null;
  const state = rsiStep(base, price);
  return toRsi(state.avgGain, state.avgLoss);
}

/** A row: the quote (when there is one) over the symbol's figures (when computed; `complete` says whether). */
export function rowOf(symbol: string, quote: Quote | undefined, figures: SymbolFigures | undefined): WatchlistRow {
  const price = quote?.regularMarketPrice ?? null;
  const priced = price !== null && price > 0 && quote ? { price, quote } : null;
  const high = figures?.high52w ?? null;
  const ownCurrency = figures?.dividendCurrency && quote ? figures.dividendCurrency === quote.currency : false;
  const dividendYield =
    figures?.annualDividend && priced && ownCurrency
      ? (figures.annualDividend / priced.price) * 100
      : figures?.trailingYield !== null && figures?.trailingYield !== undefined
        ? figures.trailingYield * 100
        : null;
  return {
    symbol,
    name: figures?.name ?? quote?.longName ?? quote?.shortName ?? symbol,
    currency: quote?.currency ?? figures?.currency ?? null,
    price,
    change: quote?.regularMarketChange ?? null,
    changePercent: quote?.regularMarketChangePercent ?? null,
    quoteTime: quote?.regularMarketTime ?? null,
    marketState: quote?.marketState ?? null,
    score: figures?.score ?? null,
    rating: figures?.rating ?? null,
    rsi14: rounded(figures && priced ? liveRsi(figures, priced.price, priced.quote.regularMarketTime) : null),
    fromHigh52wPercent: rounded(high && priced ? (priced.price / Math.max(high, priced.price) - 1) * 100 : null),
    volumeRatio20d: rounded(figures?.volumeRatio20d ?? null),
    marketCap: figures?.marketCap ?? null,
    pe: figures?.pe ?? null,
    dividendYieldPercent: rounded(dividendYield),
    stale: quote?.stale ?? false,
    complete: figures !== undefined,
  };
}
