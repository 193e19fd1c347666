import { describe, expect, it } from 'vitest';
import { findInstrument, searchUniverse, UNIVERSE } from '../../src/server/market/universe';
import sp500 from '../../src/server/market/universe/tables/sp500.json';
import usEtfs from '../../src/server/market/universe/tables/us-etfs.json';
import { SymbolSearchIndex } from '../../src/server/market/universe/searchIndex';
import { currencyOfSymbol, FX_CURRENCIES } from '../../src/shared/market/currency';
import { LOCAL_STOCKS, POPULAR_STOCKS, searchLocalStocks, type LocalStock } from '../../src/shared/market/localStocks';
import { isValidSymbol } from '../../src/shared/market/symbols';

describe('the built-in universe (issue 27 §5)', () => {
  it('holds the S&P 500, the most held US funds, money-market funds and listings abroad', () => {
    expect(UNIVERSE.length).toBeGreaterThanOrEqual(600);
    expect(sp500.rows.length).toBeGreaterThanOrEqual(495);
    expect(usEtfs.rows.length).toBeGreaterThanOrEqual(50);
    // The funds real broker files hold, which were "Unknown symbol" before.
    for (const symbol of ['VTI', 'VXUS', 'BND', 'SCHD', 'VMFXX', 'SPAXX', 'FDRXX', 'SWVXX', 'SNVXX', 'AGG', 'IVV'])
      expect(findInstrument(symbol), symbol).toBeDefined();
    expect(UNIVERSE.filter((i) => i.type === 'MUTUALFUND').length).toBeGreaterThanOrEqual(8);
    const abroad: Record<string, string> = {
      'SAP.DE': 'EUR',
      'SIE.DE': 'EUR',
      'ASML.AS': 'EUR',
      'MC.PA': 'EUR',
      'NESN.SW': 'CHF',
      'NOVN.SW': 'CHF',
      'SHEL.L': 'GBP',
      'HSBA.L': 'GBP',
      'RY.TO': 'CAD',
      '7203.T': 'JPY',
      'VWRL.L': 'GBP',
      'VWRL.AS': 'EUR',
      'IWDA.AS': 'EUR',
      'CSPX.L': 'USD',
    };
    for (const [symbol, currency] of Object.entries(abroad))
      expect(findInstrument(symbol)?.currency, symbol).toBe(currency);
  });

  it('has a complete, plausible row for every listing', () => {
    const symbols = new Set<string>();
    for (const i of UNIVERSE) {
      expect(symbols.has(i.symbol), `${i.symbol} listed once`).toBe(false);
      symbols.add(i.symbol);
      expect(isValidSymbol(i.symbol), i.symbol).toBe(true);
      expect(i.name.length, i.symbol).toBeGreaterThan(2);
      expect(i.exchange && i.exch, i.symbol).toBeTruthy();
      expect(FX_CURRENCIES as readonly string[], i.symbol).toContain(i.currency);
      expect(i.price, i.symbol).toBeGreaterThan(0);
      expect(i.description.length, i.symbol).toBeGreaterThan(60);
      // Dividend yields of real listings: none above 12 % (JEPQ pays about 10 %).
      if (i.dividend) expect(i.dividend.yield, i.symbol).toBeGreaterThan(0);
      if (i.dividend) expect(i.dividend.yield, i.symbol).toBeLessThan(0.12);
      if (i.type === 'EQUITY') {
        expect(i.sector, i.symbol).toBeTruthy();
        expect(i.industry, i.symbol).toBeTruthy();
        expect(i.cap, i.symbol).toBeGreaterThan(1e9);
        expect(i.vol, i.symbol).toBeGreaterThan(0.1);
        expect(i.vol, i.symbol).toBeLessThan(0.8);
        expect(i.earnings, `${i.symbol} reports earnings`).not.toBeNull();
      } else {
        expect(i.earnings, `${i.symbol} (${i.type}) reports no earnings`).toBeNull();
      }
      if (i.type === 'MUTUALFUND') expect([i.price, i.vol, i.stablePrice]).toEqual([1, 0, true]);
      // The suffix says the currency (London in pounds, not pence), except a fund listed abroad in dollars.
      if (i.symbol !== 'CSPX.L') expect(i.currency, i.symbol).toBe(currencyOfSymbol(i.symbol));
    }
  });

  it('lists the built-in names first, with the same names, exchanges and types as the client knows them', () => {
    expect(UNIVERSE.slice(0, LOCAL_STOCKS.length).map((i) => i.symbol)).toEqual(LOCAL_STOCKS.map((s) => s.symbol));
    for (const stock of LOCAL_STOCKS) {
      const { symbol, name, exchange, exch, type } = findInstrument(stock.symbol)!;
      expect({ symbol, name, exchange, exch, type }).toEqual(stock);
    }
  });
});

/** Deterministic pseudo-random numbers for the held-out queries. */
function lcg(seed: number) {
  let s = seed;
  return () => (s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 4294967296;
}

/** Queries the index was not written around: symbol and word prefixes, substrings of names, odd case and spacing. */
function heldOutQueries(list: readonly LocalStock[]): string[] {
  const random = lcg(27);
  const queries = new Set<string>(['a', 'ab', 'x', 'zz', 'qq', '^', '.', '-', '=', 'inc', 'inc.', 'corp', 'the']);
  for (let n = 0; n < 600; n++) {
    const stock = list[Math.floor(random() * list.length)];
    const text = random() < 0.5 ? stock.symbol : stock.name;
    const start = random() < 0.5 ? 0 : Math.floor(random() * text.length);
    const length = 1 + Math.floor(random() * 14);
    const piece = text.slice(start, start + length);
    queries.add(random() < 0.3 ? piece.toLowerCase() : random() < 0.3 ? `  ${piece} ` : piece);
  }
  return [...queries];
}

describe('universe search', () => {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '');
  // The linear search of the built-in lists, over the same names without accents: the ranking to match.
  const plain = UNIVERSE.map((i) => ({
    symbol: i.symbol,
    name: fold(i.name),
    exchange: i.exchange,
    exch: i.exch,
    type: i.type,
  }));

  it('ranks exactly like the linear search of the built-in lists, on held-out queries and limits', () => {
    const queries = heldOutQueries(plain);
    expect(queries.length).toBeGreaterThan(400);
    for (const query of queries)
      for (const limit of [1, 5, 12]) {
        const indexed = searchUniverse(query, limit).map((s) => s.symbol);
        const linear = searchLocalStocks(query, limit, plain).map((s) => s.symbol);
        expect(indexed, `"${query}" limit ${limit}`).toEqual(linear);
      }
    // Over the 72 built-in names too (the list the client searches).
    const small = new SymbolSearchIndex(LOCAL_STOCKS, new Set(POPULAR_STOCKS.map((s) => s.symbol)));
    for (const query of heldOutQueries(LOCAL_STOCKS))
      expect(small.search(query, 12), query).toEqual(searchLocalStocks(query, 12));
  });

  it('finds funds and listings abroad by ticker and by name, accents or not', () => {
    expect(searchUniverse('vmfxx', 3)[0].symbol).toBe('VMFXX');
    expect(searchUniverse('spaxx', 3)[0].symbol).toBe('SPAXX');
    expect(searchUniverse('money market', 20).map((s) => s.symbol)).toEqual(
      expect.arrayContaining(['SPAXX', 'VMFXX', 'FZFXX', 'SPRXX']),
    );
    expect(searchUniverse('total stock', 5).map((s) => s.symbol)).toContain('VTI');
    expect(searchUniverse('schwab', 12).map((s) => s.symbol)).toEqual(
      expect.arrayContaining(['SCHW', 'SCHD', 'SWVXX']),
    );
    expect(searchUniverse('nestle', 3)[0].symbol).toBe('NESN.SW');
    expect(searchUniverse('Nestlé', 3)[0].symbol).toBe('NESN.SW');
    expect(searchUniverse('loreal', 3).map((s) => s.symbol)).toEqual([]); // the apostrophe splits words, as before
    expect(searchUniverse('oreal', 3)[0].symbol).toBe('OR.PA');
    expect(searchUniverse('7203', 3)[0].symbol).toBe('7203.T');
    expect(searchUniverse('toyota', 3)[0].symbol).toBe('7203.T');
    expect(searchUniverse('   ', 5)).toEqual([]);
  });
});
