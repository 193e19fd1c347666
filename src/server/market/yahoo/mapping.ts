import { currencyOfSymbol, toMajorUnit } from '../../../shared/market/currency';
import type { HistoryPoint, Quote, StockSearchResult } from '../../../shared/market/types';
import type { SymbolProfile } from '../provider';

/**
 * Yahoo Finance answers mapped onto Tickwise's shapes. Yahoo omits fields freely (delisted symbols, funds without
 * P/E, bars without trades), so every field is read defensively and incomplete rows are dropped, never guessed.
 */

type Loose = Record<string, unknown>;

const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** Yahoo dates arrive as Date objects (coerced) or epoch seconds (raw). */
export function toMillis(v: unknown): number | null {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v.getTime();
  if (typeof v === 'number' && Number.isFinite(v)) return v < 1e11 ? v * 1000 : v;
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isNaN(t) ? null : t;
  }
  return null;
}

const round4 = (x: number) => Math.round(x * 10_000) / 10_000;

/**
 * The ISO currency of a Yahoo answer and the factor to it: London shares come in pence ('GBp', price 308.8) and
 * leave here in pounds ('GBP', 3.088). Without a currency, the listing's suffix decides (shared/market/currency.ts).
 */
export function quoteCurrency(raw: Loose, symbol: string): { currency: string; factor: number } {
  return toMajorUnit(str(raw.currency) ?? currencyOfSymbol(symbol));
}

export function mapQuote(raw: Loose, now: number): Quote | null {
  const symbol = str(raw.symbol);
  const quoted = num(raw.regularMarketPrice);
  if (!symbol || quoted === null) return null;
  const shortName = str(raw.shortName) ?? str(raw.longName) ?? str(raw.displayName) ?? symbol;
  const longName = str(raw.longName) ?? shortName;
  const { currency, factor } = quoteCurrency(raw, symbol);
  return {
    symbol,
    regularMarketPrice: factor === 1 ? quoted : round4(quoted * factor),
    currency,
    regularMarketChange: round4((num(raw.regularMarketChange) ?? 0) * factor),
    // A percentage is the same in pence and in pounds.
    regularMarketChangePercent: round4(num(raw.regularMarketChangePercent) ?? 0),
    shortName,
    longName,
    regularMarketTime: toMillis(raw.regularMarketTime) ?? now,
  };
}

/** Derivative contracts Yahoo's search mixes in with stocks ("AAPL Jun 2025 210.000 put", "Gold Apr 25"). */
const CONTRACT_TYPES = new Set(['OPTION', 'FUTURE']);
/** An OCC option symbol: root, expiry YYMMDD, C or P, strike x1000 (AMZN260116P00115000). */
const OPTION_SYMBOL = /^[A-Z.]{1,6}\d{6}[CP]\d{8}$/;

/** True for an option or futures contract: they are not stocks, and Tickwise does not offer them as such. */
export function isContract(raw: Loose): boolean {
  const type = str(raw.quoteType)?.toUpperCase();
  const symbol = str(raw.symbol) ?? '';
  return (type !== undefined && CONTRACT_TYPES.has(type)) || OPTION_SYMBOL.test(symbol);
}

export function mapSearchResult(raw: Loose): StockSearchResult | null {
  const symbol = str(raw.symbol);
  if (!symbol || raw.isYahooFinance === false || isContract(raw)) return null;
  const shortname = str(raw.shortname) ?? str(raw.longname) ?? symbol;
  const longname = str(raw.longname) ?? shortname;
  const exch = str(raw.exchange) ?? '';
  const exchDisp = str(raw.exchDisp) ?? exch;
  const type = str(raw.quoteType) ?? 'EQUITY';
  return {
    symbol,
    name: longname,
    exchange: exchDisp,
    shortname,
    longname,
    exchDisp,
    exch,
    typeDisp: str(raw.typeDisp) ?? type.charAt(0) + type.slice(1).toLowerCase(),
    type,
  };
}

/**
 * Chart rows to history points; rows without a close (no trades in the bar) are dropped. `factor` turns a minor
 * unit into the major one (0.01 for a London chart in pence), so charts and quotes agree.
 */
export function mapChartQuotes(rows: readonly Loose[], factor = 1): HistoryPoint[] {
  const points: HistoryPoint[] = [];
  for (const row of rows) {
    const time = toMillis(row.date);
    const quoted = num(row.close);
    if (time === null || quoted === null) continue;
    const close = quoted * factor;
    const price = (v: unknown) => {
      const n = num(v);
      return n === null ? null : n * factor;
    };
    const open = price(row.open) ?? close;
    points.push({
      time,
      open: round4(open),
      high: round4(price(row.high) ?? Math.max(open, close)),
      low: round4(price(row.low) ?? Math.min(open, close)),
      close: round4(close),
      volume: num(row.volume) ?? 0,
    });
  }
  return points.sort((a, b) => a.time - b.time);
}

/** Keeps the bars of the last `sessions` trading days (days in the exchange's own time zone). */
export function lastSessions(points: HistoryPoint[], sessions: number, gmtOffsetSeconds: number): HistoryPoint[] {
  const dayOf = (p: HistoryPoint) => Math.floor((p.time + gmtOffsetSeconds * 1000) / 86_400_000);
  const days = [...new Set(points.map(dayOf))];
  const keep = new Set(days.slice(-sessions));
  return points.filter((p) => keep.has(dayOf(p)));
}

export function mapProfile(quote: Loose, summary: Loose | null): SymbolProfile | null {
  const symbol = str(quote.symbol);
  if (!symbol) return null;
  const name = str(quote.longName) ?? str(quote.shortName) ?? symbol;
  const exchange = str(quote.fullExchangeName) ?? str(quote.exchange) ?? '';
  const type = str(quote.quoteType) ?? 'EQUITY';
  const asset = (summary?.assetProfile ?? summary?.summaryProfile ?? null) as Loose | null;
  const description =
    str(asset?.longBusinessSummary) ??
    str(asset?.description) ??
    `${name} (${symbol}) is listed on ${exchange || 'its exchange'}.`;
  const pe = num(quote.trailingPE);
  return {
    symbol,
    name,
    exchange,
    type,
    sector: str(asset?.sector) ?? null,
    description,
    // In pounds already for a London listing whose price is in pence (OCDO.L: 308.8p x 823M shares = 2.55e9).
    marketCap: num(quote.marketCap),
    pe: pe === null ? null : round4(pe),
    currency: quoteCurrency(quote, symbol).currency,
  };
}
