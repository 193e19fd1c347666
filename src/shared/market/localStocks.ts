import type { StockSearchResult } from './types';

/** Yahoo's quote types; MUTUALFUND covers the money-market funds brokers sweep cash into. */
export type InstrumentType = 'EQUITY' | 'ETF' | 'MUTUALFUND' | 'INDEX' | 'CRYPTOCURRENCY';

/** A built-in list entry (product.md §3: stock suggestion = symbol, name, exchange). */
export interface LocalStock {
  symbol: string;
  name: string;
  /** Display name of the exchange, e.g. NASDAQ. */
  exchange: string;
  /** Yahoo's exchange code, e.g. NMS. */
  exch: string;
  type: InstrumentType;
}

const TYPE_DISPLAY: Record<InstrumentType, string> = {
  EQUITY: 'Equity',
  ETF: 'ETF',
  MUTUALFUND: 'Fund',
  INDEX: 'Index',
  CRYPTOCURRENCY: 'Cryptocurrency',
};

const nasdaq = (symbol: string, name: string): LocalStock => ({
  symbol,
  name,
  exchange: 'NASDAQ',
  exch: 'NMS',
  type: 'EQUITY',
});
const nyse = (symbol: string, name: string): LocalStock => ({
  symbol,
  name,
  exchange: 'NYSE',
  exch: 'NYQ',
  type: 'EQUITY',
});
const arcaEtf = (symbol: string, name: string): LocalStock => ({
  symbol,
  name,
  exchange: 'NYSEArca',
  exch: 'PCX',
  type: 'ETF',
});

/**
 * The ~70-name local list: the search fallback when the server search fails, and the stocks the agent's market movers
 * scan. The simulated market knows ten times more (server/market/universe); every name here leads its list, with the
 * same name, exchange and type (a unit test checks it). Kept short on purpose: the client bundles it.
 */
export const LOCAL_STOCKS: readonly LocalStock[] = [
  // Funds, indices and a crypto pair
  arcaEtf('SPY', 'SPDR S&P 500 ETF Trust'),
  { symbol: 'QQQ', name: 'Invesco QQQ Trust', exchange: 'NASDAQ', exch: 'NMS', type: 'ETF' },
  arcaEtf('VOO', 'Vanguard S&P 500 ETF'),
  arcaEtf('IWM', 'iShares Russell 2000 ETF'),
  arcaEtf('DIA', 'SPDR Dow Jones Industrial Average ETF Trust'),
  { symbol: '^IXIC', name: 'NASDAQ Composite', exchange: 'Nasdaq GIDS', exch: 'NIM', type: 'INDEX' },
  { symbol: '^DJI', name: 'Dow Jones Industrial Average', exchange: 'DJI', exch: 'DJI', type: 'INDEX' },
  { symbol: '^GSPC', name: 'S&P 500', exchange: 'SNP', exch: 'SNP', type: 'INDEX' },
  { symbol: 'BTC-USD', name: 'Bitcoin USD', exchange: 'CCC', exch: 'CCC', type: 'CRYPTOCURRENCY' },
  // Technology and communication
  nasdaq('AAPL', 'Apple Inc.'),
  nasdaq('MSFT', 'Microsoft Corporation'),
  nasdaq('GOOGL', 'Alphabet Inc.'),
  nasdaq('AMZN', 'Amazon.com, Inc.'),
  nasdaq('NVDA', 'NVIDIA Corporation'),
  nasdaq('META', 'Meta Platforms, Inc.'),
  nasdaq('TSLA', 'Tesla, Inc.'),
  nasdaq('AVGO', 'Broadcom Inc.'),
  nyse('ORCL', 'Oracle Corporation'),
  nasdaq('ADBE', 'Adobe Inc.'),
  nyse('CRM', 'Salesforce, Inc.'),
  nasdaq('AMD', 'Advanced Micro Devices, Inc.'),
  nasdaq('INTC', 'Intel Corporation'),
  nasdaq('CSCO', 'Cisco Systems, Inc.'),
  nyse('IBM', 'International Business Machines Corporation'),
  nasdaq('QCOM', 'QUALCOMM Incorporated'),
  nasdaq('MU', 'Micron Technology, Inc.'),
  nasdaq('NFLX', 'Netflix, Inc.'),
  nasdaq('PLTR', 'Palantir Technologies Inc.'),
  nyse('SNOW', 'Snowflake Inc.'),
  nasdaq('SHOP', 'Shopify Inc.'),
  nyse('UBER', 'Uber Technologies, Inc.'),
  nasdaq('ABNB', 'Airbnb, Inc.'),
  nyse('SPOT', 'Spotify Technology S.A.'),
  nyse('TSM', 'Taiwan Semiconductor Manufacturing Company Limited'),
  nasdaq('ASML', 'ASML Holding N.V.'),
  nasdaq('ARM', 'Arm Holdings plc'),
  nasdaq('PYPL', 'PayPal Holdings, Inc.'),
  nasdaq('COIN', 'Coinbase Global, Inc.'),
  nasdaq('HOOD', 'Robinhood Markets, Inc.'),
  nyse('BABA', 'Alibaba Group Holding Limited'),
  nyse('T', 'AT&T Inc.'),
  nyse('VZ', 'Verizon Communications Inc.'),
  // Financials
  nyse('BRK.B', 'Berkshire Hathaway Inc.'),
  nyse('JPM', 'JPMorgan Chase & Co.'),
  nyse('BAC', 'Bank of America Corporation'),
  nyse('GS', 'The Goldman Sachs Group, Inc.'),
  nyse('V', 'Visa Inc.'),
  nyse('MA', 'Mastercard Incorporated'),
  nyse('AXP', 'American Express Company'),
  // Health care
  nyse('JNJ', 'Johnson & Johnson'),
  nyse('UNH', 'UnitedHealth Group Incorporated'),
  nyse('LLY', 'Eli Lilly and Company'),
  nyse('PFE', 'Pfizer Inc.'),
  nyse('MRK', 'Merck & Co., Inc.'),
  nyse('ABBV', 'AbbVie Inc.'),
  // Consumer
  nyse('WMT', 'Walmart Inc.'),
  nyse('PG', 'The Procter & Gamble Company'),
  nyse('KO', 'The Coca-Cola Company'),
  nasdaq('PEP', 'PepsiCo, Inc.'),
  nasdaq('COST', 'Costco Wholesale Corporation'),
  nyse('MCD', "McDonald's Corporation"),
  nyse('NKE', 'NIKE, Inc.'),
  nasdaq('SBUX', 'Starbucks Corporation'),
  nyse('DIS', 'The Walt Disney Company'),
  nyse('HD', 'The Home Depot, Inc.'),
  // Industrials, autos and energy
  nyse('BA', 'The Boeing Company'),
  nyse('CAT', 'Caterpillar Inc.'),
  nyse('GE', 'GE Aerospace'),
  nyse('F', 'Ford Motor Company'),
  nasdaq('RIVN', 'Rivian Automotive, Inc.'),
  nyse('XOM', 'Exxon Mobil Corporation'),
  nyse('CVX', 'Chevron Corporation'),
];

const bySymbol = new Map(LOCAL_STOCKS.map((s) => [s.symbol, s]));

export function findLocalStock(symbol: string): LocalStock | undefined {
  return bySymbol.get(symbol);
}

/** The ~30-name list of well-known names, shown first in suggestions. */
export const POPULAR_STOCKS: readonly LocalStock[] = [
  'AAPL',
  'MSFT',
  'GOOGL',
  'AMZN',
  'NVDA',
  'META',
  'TSLA',
  'BRK.B',
  'JPM',
  'V',
  'MA',
  'JNJ',
  'UNH',
  'WMT',
  'PG',
  'HD',
  'DIS',
  'NFLX',
  'ADBE',
  'CRM',
  'AMD',
  'INTC',
  'PYPL',
  'KO',
  'PEP',
  'PLTR',
  'COIN',
  'UBER',
  'SPY',
  'QQQ',
].map((symbol) => {
  const stock = bySymbol.get(symbol);
  if (!stock) throw new Error(`POPULAR_STOCKS names ${symbol}, which LOCAL_STOCKS lacks`);
  return stock;
});

/** A local entry in the server search result shape. */
export function toSearchResult(stock: LocalStock): StockSearchResult {
  return {
    symbol: stock.symbol,
    name: stock.name,
    exchange: stock.exchange,
    shortname: stock.name,
    longname: stock.name,
    exchDisp: stock.exchange,
    exch: stock.exch,
    typeDisp: TYPE_DISPLAY[stock.type],
    type: stock.type,
  };
}

/**
 * Ranks how well a stock matches a query: exact symbol, symbol prefix, name word prefix, then substring anywhere.
 * Returns 0 for no match. Case-insensitive; a leading ^ on index symbols is optional.
 */
function matchRank(stock: LocalStock, q: string): number {
  const symbol = stock.symbol;
  const bare = symbol.startsWith('^') ? symbol.slice(1) : symbol;
  const name = stock.name.toUpperCase();
  if (symbol === q || bare === q) return 5;
  if (symbol.startsWith(q) || bare.startsWith(q)) return 4;
  if (name.startsWith(q)) return 3;
  if (name.split(/[\s.,&'-]+/).some((word) => word.startsWith(q))) return 2;
  if (name.includes(q) || symbol.includes(q)) return 1;
  return 0;
}

/** Best local matches first; the ~30 popular names win ties, then list order. Blank queries match nothing. */
export function searchLocalStocks(query: string, limit = 12, list: readonly LocalStock[] = LOCAL_STOCKS): LocalStock[] {
  const q = query.trim().toUpperCase();
  if (!q) return [];
  const popular = new Set(POPULAR_STOCKS.map((s) => s.symbol));
  return list
    .map((stock, index) => ({ stock, index, rank: matchRank(stock, q) }))
    .filter((m) => m.rank > 0)
    .sort(
      (a, b) =>
        b.rank - a.rank ||
        Number(popular.has(b.stock.symbol)) - Number(popular.has(a.stock.symbol)) ||
        a.index - b.index,
    )
    .slice(0, limit)
    .map((m) => m.stock);
}
