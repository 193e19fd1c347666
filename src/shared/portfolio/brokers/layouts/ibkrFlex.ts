import { findColumns, hasColumns, type ColumnAliases, type Columns } from '../columns';
import { Dec } from '../../decimal';
import { currencyCode, rowCurrency } from '../currencyRule';
import { draftsOf } from '../drafts';
import { feesInListing } from '../foreignTrade';
import {
  RowProblem,
  type ActivityLayout,
  type ActivityOutcome,
  type Located,
  type PositionLayout,
  type PositionOutcome,
  type Row,
} from '../layout';
import { listingAbroad, symbolOfIsin } from '../isin';
import { SKIP_REASONS, kindOfWording, type WordKind } from '../wordings';
import type { CsvRecord } from '../../csvRecords';

/**
 * Interactive Brokers Flex Query CSV: every cell quoted, the columns the query chose (ClientAccountID,
 * CurrencyPrimary, FXRateToBase, AssetClass, Symbol, TradeDate "20231204", DateTime "20231204;093000", Quantity
 * signed, TradePrice, IBCommission negative, NetCash, Buy/Sell, ...), and, when the query asks for them, BOF/BOA/BOS
 * marker lines and the header repeated per account. Three queries are read: trades, cash transactions (dividends,
 * withholding tax, deposits and withdrawals, fees) and open positions (CostBasisPrice / CostBasisMoney, one line per
 * lot with its OpenDateTime when the query asks for lots).
 */

const MARKERS = new Set(['BOF', 'BOA', 'BOS', 'EOS', 'EOA', 'EOF', 'HEADER', 'TRAILER']);

/** The Flex table: the header found among the first lines, markers and repeated headers left out of the rows. */
function flexTable<F extends string, O>(
  records: readonly CsvRecord[],
  aliases: ColumnAliases<F>,
  accept: (columns: Columns<F>) => boolean,
  reader: (rows: readonly CsvRecord[], columns: Columns<F>) => (row: Row<F>) => O,
  dateField: F,
): Located<O> | null {
  const at = records.findIndex((r, i) => i < 12 && accept(findColumns(r.cells, aliases)));
  if (at < 0) return null;
  const header = records[at];
  const columns = findColumns(header.cells, aliases);
  const sameAsHeader = (r: CsvRecord) => r.cells.join('\u0000') === header.cells.join('\u0000');
  const rows = records.slice(at + 1).filter((r) => !MARKERS.has(r.cells[0]?.trim().toUpperCase()) && !sameAsHeader(r));
  return { tables: [{ columns, header, rows, read: reader(rows, columns), dateField }], outside: [] };
}

/** AssetClass (Flex) or Asset Category (statements): only stocks and funds are read. */
export function assetSkip(assetClass: string): string | null {
  const a = assetClass.trim().toUpperCase();
  if (a === '' || a === 'STK' || a === 'ETF' || a === 'FUND' || a === 'STOCKS' || a === 'MUTUAL FUNDS') return null;
  if (a === 'CASH' || a === 'FOREX') return SKIP_REASONS.forex;
  if (/OPT|FUT|FOP|WAR|OPTIONS|FUTURES/.test(a)) return SKIP_REASONS.option;
  return `${assetClass.trim()} is not supported (stocks and funds are)`;
}

const TRADE_ALIASES = {
  currency: ['CurrencyPrimary', 'Currency'],
  fxRate: ['FXRateToBase'],
  assetClass: ['AssetClass'],
  symbol: ['Symbol'],
  isin: ['ISIN'],
  date: ['TradeDate', 'DateTime', 'Date/Time'],
  quantity: ['Quantity'],
  price: ['TradePrice'],
  commission: ['IBCommission', 'Commission'],
  commissionCurrency: ['IBCommissionCurrency', 'CommissionCurrency'],
  net: ['NetCash'],
  side: ['Buy/Sell'],
  description: ['Description'],
} as const;
type TradeField = keyof typeof TRADE_ALIASES;

/** The trade's ticker: the Symbol column, else the ISIN looked up (a query may give only ISINs). */
function tickerOf(row: Row<TradeField>): string {
  const symbol = row.get('symbol');
  if (symbol) return symbol;
  const isin = row.get('isin');
  const known = symbolOfIsin(isin, row.get('currency'));
  if (!known) throw new RowProblem(`No ticker is known for ISIN ${isin}: add a Symbol column to the Flex Query`);
  return known;
}

/**
 * The commission in the trade's currency. IBKR charges it in the trade's currency or in the account's base, and
 * FXRateToBase is the base's units per unit of the trade's currency: a commission in the base is divided by it.
 */
function commissionOf(row: Row<TradeField>): Dec | null {
  const commission = row.num('commission');
  const listing = row.get('currency');
  const charged = row.get('commissionCurrency');
  if (!commission || !listing || !charged || currencyCode(listing) === currencyCode(charged)) return commission;
  const toBase = row.num('fxRate');
  if (!toBase || toBase.lte(0) || toBase.eq(1))
    throw new RowProblem(
      `The commission is in ${charged} and the trade in ${listing}, and FXRateToBase does not say the rate between them`,
    );
  const rate = new Dec(1).div(toBase);
  return feesInListing([{ amount: commission, currency: charged }], {
    listing,
    account: charged,
    rate,
    gross: null,
    grossInAccount: null,
  });
}

function readTrade(row: Row<TradeField>): ActivityOutcome {
  const side = row.get('side').toUpperCase();
  const quantity = row.num('quantity');
  const wording = side || (quantity?.isNegative() ? 'SELL' : 'BUY');
  const skip = assetSkip(row.get('assetClass'));
  if (skip) return { skip, wording: `${wording} ${row.get('symbol')}`.trim() };
  // Without an asset class, a trade of no security at all (no symbol, no ISIN) is a currency conversion.
  if (!row.get('symbol') && !row.get('isin')) return { skip: SKIP_REASONS.forex, wording };
  if (!quantity || quantity.isZero()) throw new RowProblem('Quantity is required');
  const sell = side ? side.startsWith('SELL') : quantity.isNegative();
  return draftsOf(sell ? 'sell' : 'buy', {
    date: row.get('date'),
    wording,
    // A listing abroad by its ISIN and currency: IBKR writes VWRL for the Amsterdam line, the market VWRL.AS.
    symbol: listingAbroad(row.get('isin'), row.get('currency')) ?? tickerOf(row),
    quantity,
    price: row.num('price'),
    fee: commissionOf(row),
    amount: row.num('net'),
    currency: rowCurrency([row.get('currency') || row.get('commissionCurrency')]),
    fxRate: row.get('fxRate') || null,
  });
}

const CASH_ALIASES = {
  type: ['Type'],
  currency: ['CurrencyPrimary', 'Currency'],
  fxRate: ['FXRateToBase'],
  symbol: ['Symbol'],
  date: ['SettleDate', 'DateTime', 'ReportDate', 'Date'],
  description: ['Description'],
  amount: ['Amount'],
} as const;
type CashField = keyof typeof CASH_ALIASES;

const CASH_TYPES: Record<string, WordKind> = {
  dividends: 'dividend',
  'payment in lieu of dividends': 'dividend',
  'withholding tax': 'tax',
  'deposits/withdrawals': 'transfer',
  'deposits & withdrawals': 'transfer',
  'broker interest received': 'interest',
  'broker interest paid': 'fee',
  'bond interest received': 'interest',
  'other fees': 'fee',
  'commission adjustments': 'fee',
};

/** "AAPL(US0378331005) Cash Dividend USD 0.24 per Share" → AAPL. */
export const symbolInDescription = (text: string) => /^([A-Z0-9.]+)\s*\(/.exec(text.trim())?.[1] ?? '';

function readCash(row: Row<CashField>): ActivityOutcome {
  const wording = row.get('type');
  const kind = CASH_TYPES[wording.toLowerCase()] ?? kindOfWording(wording);
  if (!kind) return { skip: SKIP_REASONS.unknown(wording), wording };
  const description = row.get('description');
  return draftsOf(kind, {
    date: row.get('date'),
    wording,
    symbol: kind === 'transfer' ? '' : row.get('symbol') || symbolInDescription(description),
    quantity: null,
    price: null,
    fee: null,
    amount: row.num('amount'),
    note: kind === 'tax' || kind === 'fee' ? description || null : null,
    currency: rowCurrency([row.get('currency')]),
    fxRate: row.get('fxRate') || null,
  });
}

export const ibkrFlexTrades: ActivityLayout = {
  info: { id: 'ibkr-flex-trades', name: 'Interactive Brokers — Flex Query trades', kind: 'activities' },
  conventions: { decimal: '.' },
  locate: (records) =>
    flexTable(
      records,
      TRADE_ALIASES,
      (c) => hasColumns(c, ['date', 'quantity', 'price']) && (c.at.symbol >= 0 || c.at.isin >= 0),
      () => readTrade,
      'date',
    ),
};

export const ibkrFlexCash: ActivityLayout = {
  info: { id: 'ibkr-flex-cash', name: 'Interactive Brokers — Flex Query cash transactions', kind: 'activities' },
  conventions: { decimal: '.' },
  locate: (records) =>
    flexTable(
      records,
      CASH_ALIASES,
      (c) => hasColumns(c, ['type', 'currency', 'date', 'amount', 'description']),
      () => readCash,
      'date',
    ),
};

const POSITION_ALIASES = {
  currency: ['CurrencyPrimary', 'Currency'],
  fxRate: ['FXRateToBase'],
  assetClass: ['AssetClass'],
  symbol: ['Symbol'],
  quantity: ['Quantity', 'Position'],
  averagePrice: ['CostBasisPrice', 'OpenPrice'],
  costTotal: ['CostBasisMoney'],
  level: ['LevelOfDetail'],
  date: ['OpenDateTime', 'OpenDate'],
} as const;
type PositionField = keyof typeof POSITION_ALIASES;

/** With lots in the file the lots are read (they carry their dates) and the summaries skipped, never both. */
function positionsReader(rows: readonly CsvRecord[], columns: Columns<PositionField>) {
  const hasLots = rows.some((r) => r.cells[columns.at.level]?.trim().toUpperCase() === 'LOT');
  return (row: Row<PositionField>): PositionOutcome => {
    const symbol = row.get('symbol');
    const level = row.get('level').toUpperCase();
    const skip = assetSkip(row.get('assetClass'));
    if (skip) return { skip, wording: symbol };
    if (hasLots && level === 'SUMMARY')
      return { skip: 'The summary of the lots below: the lots are read, each with its date', wording: symbol };
    const quantity = row.num('quantity');
    if (quantity?.isNegative()) throw new RowProblem('Short positions cannot be imported');
    return {
      positions: [
        {
          kind: 'position',
          symbol,
          quantity,
          averagePrice: row.loose('averagePrice'),
          costTotal: row.loose('costTotal'),
          date: row.get('date') || null,
          currency: rowCurrency([row.get('currency')]),
          fxRate: row.get('fxRate') || null,
        },
      ],
      wording: level || 'Position',
    };
  };
}

export const ibkrFlexPositions: PositionLayout = {
  info: { id: 'ibkr-flex-positions', name: 'Interactive Brokers — Flex Query open positions', kind: 'positions' },
  conventions: { decimal: '.' },
  locate: (records) =>
    flexTable(
      records,
      POSITION_ALIASES,
      (c) =>
        hasColumns(c, ['symbol', 'quantity']) &&
        (c.at.averagePrice >= 0 || c.at.costTotal >= 0) &&
        c.at.assetClass >= 0,
      positionsReader,
      'date',
    ),
};
