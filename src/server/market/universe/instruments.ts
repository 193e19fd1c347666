import type { InstrumentType, LocalStock } from '../../../shared/market/localStocks';
import { LOCAL_STOCKS } from '../../../shared/market/localStocks';
import type { CurrencyCode } from '../../../shared/market/types';
import { hashString } from '../simulated/random';
import indicesCrypto from './tables/indices-crypto.json';
import international from './tables/international.json';
import moneyMarket from './tables/money-market.json';
import sp500 from './tables/sp500.json';
import usEtfs from './tables/us-etfs.json';
import usOtherStocks from './tables/us-other-stocks.json';
import { EXCHANGES } from './exchanges';
import {
  defaultDividendHabit,
  defaultEarningsHabit,
  parseDividendHabit,
  parseEarningsHabit,
  type DividendHabit,
  type EarningsHabit,
} from './habits';

/**
 * The built-in universe (issue 27 §5): the S&P 500, the most held US funds, money-market funds and some listings
 * abroad, read from the tables in ./tables (one row per listing; the files say what their columns are). It is what
 * the simulated market quotes, and a list of real instruments any provider can search.
 */
export interface Instrument extends LocalStock {
  currency: CurrencyCode;
  /** Yahoo's sector; null for funds, indices and crypto. */
  sector: string | null;
  /** Yahoo's industry for a company, the fund category for a fund. */
  industry: string | null;
  description: string;
  /** Typical price level at the start of 2026, in `currency`; the simulated price wanders around it. */
  price: number;
  /** Annualized volatility (0.25 = 25 %). */
  vol: number;
  /** Sensitivity to the market factor, as a beta against SPY would measure it. */
  beta: number;
  /** The sector a fund follows (its factor moves it too). */
  tracks?: string;
  /** Long-run yearly drift of the price level. */
  growth: number;
  /** Average daily volume (shares; traded value for indices and crypto). */
  volume: number;
  /** Market capitalisation at `price`, in `currency`; null for funds and indices. */
  cap: number | null;
  /** Trailing P/E at `price`; null when there is none. */
  pe: number | null;
  /** Null for a listing that pays nothing. */
  dividend: DividendHabit | null;
  /** Null for anything but a company (funds, indices and crypto report no earnings). */
  earnings: EarningsHabit | null;
  /** A money-market fund: its price is 1.00, always. */
  stablePrice: boolean;
}

interface DataFile {
  about: string;
  defaults: { type: InstrumentType };
  columns: string[];
  rows: unknown[][];
}

interface Extra {
  type?: InstrumentType;
  currency?: CurrencyCode;
  vol?: number;
  growth?: number;
  volume?: number;
  tracks?: string;
  description?: string;
}

/** Files in the order their rows are listed after the built-in names (search ranks ties by this order). */
const FILES: ReadonlyArray<[string, DataFile]> = [
  ['sp500', sp500 as unknown as DataFile],
  ['us-etfs', usEtfs as unknown as DataFile],
  ['money-market', moneyMarket as unknown as DataFile],
  ['international', international as unknown as DataFile],
  ['us-other-stocks', usOtherStocks as unknown as DataFile],
  ['indices-crypto', indicesCrypto as unknown as DataFile],
];

const TYPES = new Set<InstrumentType>(['EQUITY', 'ETF', 'MUTUALFUND', 'INDEX', 'CRYPTOCURRENCY']);

function sizeWord(cap: number): string {
  if (cap >= 200e9) return 'mega-cap';
  if (cap >= 10e9) return 'large-cap';
  if (cap >= 2e9) return 'mid-cap';
  return 'small-cap';
}

/** A plain description for rows that bring none: what it is, where it trades, whether it pays. */
function describe(i: Omit<Instrument, 'description'>): string {
  if (i.stablePrice)
    return `${i.name} (${i.symbol}) is a money-market fund: it holds short-term government debt, keeps its share price at $1.00 and pays its interest as a monthly dividend. Brokers use funds like it as the cash sweep of an account.`;
  const pays = i.dividend ? `It pays a ${i.dividend.frequency} dividend.` : 'It pays no dividend.';
  if (i.type === 'ETF') return `${i.name} (${i.symbol}) is an exchange-traded fund (${i.industry}). ${pays}`;
  const size = i.cap !== null && i.currency === 'USD' ? `${sizeWord(i.cap)} ` : '';
  return `${i.name} (${i.symbol}) is a ${size}${i.sector} company in ${i.industry}, listed on ${i.exchange} in ${i.currency}. ${pays}`;
}

function readRow(file: string, data: DataFile, row: unknown[]): Instrument {
  const cell = Object.fromEntries(data.columns.map((name, i) => [name, row[i] ?? null])) as Record<string, unknown>;
  const symbol = cell.symbol as string;
  const what = `${file}.json ${symbol}`;
  const extra = (cell.extra ?? {}) as Extra;
  const exchange = EXCHANGES[cell.exchange as string];
  if (!exchange) throw new Error(`${what}: unknown exchange ${String(cell.exchange)}`);
  const type = extra.type ?? data.defaults.type;
  if (!TYPES.has(type)) throw new Error(`${what}: unknown type ${type}`);
  const price = cell.price as number;
  const beta = cell.beta as number;
  if (!(price > 0) || !(beta >= 0)) throw new Error(`${what}: price and beta must be positive`);
  const hash = hashString(symbol);
  const yieldPct = (cell.yieldPct as number | null) ?? 0;
  const dividend =
    yieldPct > 0
      ? cell.dividend
        ? parseDividendHabit(cell.dividend as string, yieldPct / 100, what)
        : defaultDividendHabit(yieldPct / 100, hash)
      : null;
  const earnings =
    type === 'EQUITY'
      ? cell.earnings
        ? parseEarningsHabit(cell.earnings as string, what)
        : defaultEarningsHabit(hash)
      : null;
  const stablePrice = type === 'MUTUALFUND';
  const cap = cell.capB === null ? null : (cell.capB as number) * 1e9;
  const isCompany = type === 'EQUITY';
  const base: Omit<Instrument, 'description'> = {
    symbol,
    name: cell.name as string,
    exchange: exchange.display,
    exch: exchange.code,
    type,
    currency: extra.currency ?? exchange.currency,
    sector: (cell.sector as string | null) ?? null,
    industry: (cell.industry as string | null) ?? null,
    price,
    beta,
    // A company's volatility follows its beta (0.5 -> 16 %, 1.2 -> 27 %); funds bring their own.
    vol: stablePrice ? 0 : (extra.vol ?? (isCompany ? Math.round((0.08 + 0.16 * beta) * 1000) / 1000 : 0.16 * beta)),
    growth: stablePrice ? 0 : (extra.growth ?? (isCompany ? 0.07 : 0.06)),
    // About half a percent of the shares a day, more for the jumpier ones.
    volume: stablePrice
      ? 0
      : (extra.volume ?? (cap !== null ? Math.round((cap / price) * 0.006 * (0.5 + beta / 2)) : 2_000_000)),
    cap,
    pe: (cell.pe as number | null) ?? null,
    dividend,
    earnings,
    stablePrice,
    ...(extra.tracks ? { tracks: extra.tracks } : {}),
  };
  return { ...base, description: extra.description ?? describe(base) };
}

function load(): Instrument[] {
  const all = new Map<string, Instrument>();
  for (const [file, data] of FILES) {
    for (const row of data.rows) {
      const instrument = readRow(file, data, row);
      if (all.has(instrument.symbol)) throw new Error(`${file}.json: ${instrument.symbol} is listed twice`);
      all.set(instrument.symbol, instrument);
    }
  }
  // The built-in names come first, in their own order; the rest follow file by file.
  const first = LOCAL_STOCKS.map((stock) => {
    const instrument = all.get(stock.symbol);
    if (!instrument) throw new Error(`LOCAL_STOCKS names ${stock.symbol}, which no data file lists`);
    return instrument;
  });
  const local = new Set(first.map((i) => i.symbol));
  return [...first, ...[...all.values()].filter((i) => !local.has(i.symbol))];
}

/** Every instrument of the built-in universe: the ~70 built-in names first, then the rest. */
export const UNIVERSE: readonly Instrument[] = load();

const bySymbol = new Map(UNIVERSE.map((i) => [i.symbol, i]));

export function findInstrument(symbol: string): Instrument | undefined {
  return bySymbol.get(symbol);
}
