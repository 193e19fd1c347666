import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { MarketUnavailableError, SymbolNotFoundError } from '../../src/server/market/errors';
import type { MarketDataProvider } from '../../src/server/market/provider';
import { quotesMapBody, quotesMapJson } from '../../src/server/market/quotesJson';
import { FRESHNESS, MarketService } from '../../src/server/market/service';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import { instrumentProvider, manualClock } from '../helpers/marketProviders';

const START = Date.UTC(2026, 10, 21, 14, 37, 0);
const log = pino({ level: 'silent' });

function setup(options: { timeoutMs?: number; maxConcurrent?: number; provider?: MarketDataProvider } = {}) {
  const clock = manualClock(START);
  const upstream = instrumentProvider(options.provider ?? createSimulatedProvider(clock.now));
  const service = new MarketService({
    provider: upstream.provider,
    now: clock.now,
    log,
    upstreamTimeoutMs: options.timeoutMs ?? 5000,
    maxConcurrentUpstream: options.maxConcurrent ?? 4,
    livePollMs: 1000,
  });
  return { clock, upstream, service };
}

describe('market service cache', () => {
  it('makes exactly one upstream call for 200 concurrent asks of one cold symbol', async () => {
    const { upstream, service } = setup();
    const answers = await Promise.all(Array.from({ length: 200 }, () => service.quote('NVDA')));
    expect(upstream.quoteCalls).toEqual([['NVDA']]);
    expect(new Set(answers.map((q) => q.regularMarketPrice)).size).toBe(1);
  });

  it('loads all cold symbols of a watchlist in one batch and never asks twice for a warm one', async () => {
    const { upstream, service } = setup();
    await service.quotes(['AAPL', 'MSFT', 'SPY']);
    await service.quotes(['AAPL', 'META']);
    expect(upstream.quoteCalls).toEqual([['AAPL', 'MSFT', 'SPY'], ['META']]);
  });

  it('keeps quotes fresh for a few seconds, and the simulated ones exactly until the next minute', async () => {
    const { clock, upstream, service } = setup();
    await service.quotes(['AAPL']);
    clock.advance(FRESHNESS.quote - 1);
    await service.quotes(['AAPL']);
    expect(upstream.quoteCalls.length).toBe(1);
    clock.advance(2);
    await service.quotes(['AAPL']);
    expect(upstream.quoteCalls.length).toBe(2);
    // History of a simulated symbol is fresh until the minute turns, although its TTL is longer.
    clock.time = START + 60_000; // the start of a minute
    await service.history('AAPL', '1Y');
    clock.advance(59_999);
    await service.history('AAPL', '1Y');
    expect(upstream.historyCalls).toBe(1);
    clock.advance(1);
    await service.history('AAPL', '1Y');
    expect(upstream.historyCalls).toBe(2);
  });

  it('remembers unknown symbols too, so they do not hit upstream again', async () => {
    const { upstream, service } = setup();
    await expect(service.quote('NOPE')).rejects.toBeInstanceOf(SymbolNotFoundError);
    await expect(service.quote('NOPE')).rejects.toBeInstanceOf(SymbolNotFoundError);
    expect(upstream.quoteCalls).toEqual([['NOPE']]);
    await expect(service.history('NOPE', '1D')).rejects.toBeInstanceOf(SymbolNotFoundError);
  });

  it('serves the last good answer flagged stale when the upstream fails, and says so when it has none', async () => {
    const { clock, upstream, service } = setup();
    const fresh = await service.quote('TSLA');
    const history = await service.history('TSLA', '5D');
    upstream.mode = 'fail';
    clock.advance(10 * 60_000);
    const stale = await service.quote('TSLA');
    expect(stale.stale).toBe(true);
    expect(stale.regularMarketPrice).toBe(fresh.regularMarketPrice);
    expect(fresh.stale).toBeUndefined();
    expect(await service.history('TSLA', '5D')).toEqual(history);
    await expect(service.quote('AAPL')).rejects.toBeInstanceOf(MarketUnavailableError);
    await expect(service.history('AAPL', '1D')).rejects.toBeInstanceOf(MarketUnavailableError);
    // Recovery: the next success replaces the stale answer.
    upstream.mode = 'ok';
    expect((await service.quote('TSLA')).stale).toBeUndefined();
  });

  it('gives up on an upstream that does not answer in time and falls back', async () => {
    const { clock, upstream, service } = setup({ timeoutMs: 50 });
    await service.quote('AMZN');
    upstream.mode = 'hang';
    clock.advance(10 * 60_000);
    const started = performance.now();
    expect((await service.quote('AMZN')).stale).toBe(true);
    await expect(service.quote('GOOGL')).rejects.toBeInstanceOf(MarketUnavailableError);
    expect(performance.now() - started).toBeLessThan(2_000);
    // Timed-out calls free their slots: the gate is not left clogged.
    expect(service.gate.inFlight).toBe(0);
  });

  it('bounds concurrent upstream calls', async () => {
    let running = 0;
    let peak = 0;
    const inner = createSimulatedProvider(() => START);
    const slow: MarketDataProvider = {
      ...inner,
      async history(symbol, timeframe) {
        running++;
        peak = Math.max(peak, running);
        await new Promise((resolve) => setImmediate(resolve));
        running--;
        return inner.history(symbol, timeframe);
      },
    };
    const { service } = setup({ maxConcurrent: 2, provider: slow });
    const symbols = ['AAPL', 'MSFT', 'NVDA', 'META', 'TSLA', 'SPY'];
    const results = await Promise.all(symbols.map((s) => service.history(s, '1D')));
    expect(results.every((r) => r.length > 100)).toBe(true);
    expect(peak).toBe(2);
  });
});

describe('market service dividends, earnings and exchange rates', () => {
  it('keeps dividends and earnings dates until midnight UTC, then asks again', async () => {
    const { clock, upstream, service } = setup();
    const dividends = await service.dividends('KO');
    await service.earnings('KO');
    expect(upstream.calls).toBe(2);
    clock.time = Date.UTC(2026, 10, 21, 23, 59, 59);
    expect(await service.dividends('KO')).toBe(dividends);
    await service.earnings('KO');
    expect(upstream.calls).toBe(2);
    clock.advance(1000); // midnight: a new day, new statuses
    await service.dividends('KO');
    await service.earnings('KO');
    expect(upstream.calls).toBe(4);
  });

  it('serves them stale when the upstream fails, and tells unknown symbols apart', async () => {
    const { clock, upstream, service } = setup();
    const dividends = await service.dividends('JNJ');
    const earnings = await service.earnings('JNJ');
    upstream.mode = 'fail';
    clock.advance(24 * 3600_000);
    expect(await service.dividends('JNJ')).toEqual({ ...dividends, stale: true });
    expect(await service.earnings('JNJ')).toEqual({ ...earnings, stale: true });
    await expect(service.dividends('PFE')).rejects.toBeInstanceOf(MarketUnavailableError);
    upstream.mode = 'ok';
    await expect(service.dividends('NOPE')).rejects.toBeInstanceOf(SymbolNotFoundError);
    await expect(service.earnings('NOPE')).rejects.toBeInstanceOf(SymbolNotFoundError);
    // A fund is known: no earnings, not an error.
    expect(await service.earnings('VTI')).toEqual({ symbol: 'VTI', history: [], upcoming: [] });
  });

  it('answers a currency in itself as 1 without a call, and the latest rate as the series’ last close', async () => {
    const { upstream, service } = setup();
    expect(await service.fxRate('EUR', 'EUR')).toBe(1);
    const flat = await service.fxHistory('GBP', 'GBP', 1);
    expect(flat.length).toBeGreaterThan(250);
    expect(flat.every((p) => p.close === 1 && [1, 2, 3, 4, 5].includes(new Date(p.time).getUTCDay()))).toBe(true);
    expect(upstream.calls).toBe(0);
    const year = await service.fxHistory('EUR', 'USD', 1);
    expect(await service.fxRate('EUR', 'USD')).toBe(year.at(-1)!.close);
    expect(await service.fxRate('USD', 'EUR')).toBeCloseTo(1 / year.at(-1)!.close, 4);
    await expect(service.fxRate('EUR', 'XAU')).rejects.toBeInstanceOf(SymbolNotFoundError);
  });

  it('says so when a provider has no such data at all', async () => {
    const bare: MarketDataProvider = {
      ...createSimulatedProvider(() => START),
      dividends: undefined,
      earnings: undefined,
      fxHistory: undefined,
    };
    const { service } = setup({ provider: bare });
    await expect(service.dividends('KO')).rejects.toBeInstanceOf(MarketUnavailableError);
    await expect(service.earnings('KO')).rejects.toBeInstanceOf(MarketUnavailableError);
    await expect(service.fxRate('EUR', 'USD')).rejects.toBeInstanceOf(MarketUnavailableError);
  });
});

describe('market service search', () => {
  it('keeps at most 9 provider results and adds up to 3 local names not already listed', async () => {
    const many: StockLike[] = Array.from({ length: 12 }, (_, i) => ({ symbol: `ZZ${i}` }));
    const inner = createSimulatedProvider(() => START);
    const provider: MarketDataProvider = {
      ...inner,
      search(_q, limit) {
        return Promise.resolve(many.slice(0, limit).map((s) => ({ ...toResult(s.symbol) })));
      },
    };
    const { service } = setup({ provider });
    const results = await service.search('a');
    expect(results.length).toBe(12);
    expect(results.slice(0, 9).map((r) => r.symbol)).toEqual(many.slice(0, 9).map((s) => s.symbol));
    expect(results.slice(9).every((r) => !r.symbol.startsWith('ZZ'))).toBe(true);
  });

  it('falls back to the local lists when the provider fails, and answers blank queries with nothing', async () => {
    const { upstream, service } = setup();
    upstream.mode = 'fail';
    const results = await service.search('bank');
    expect(results.map((r) => r.symbol)).toContain('BAC');
    expect(await service.search('   ')).toEqual([]);
  });
});

describe('market service analysis', () => {
  it('rates a symbol from its quote, profile and a year of daily closes', async () => {
    const { service } = setup();
    const analysis = await service.analysis('MSFT');
    const quote = await service.quote('MSFT');
    expect(analysis).toMatchObject({ symbol: 'MSFT', name: 'Microsoft Corporation', price: quote.regularMarketPrice });
    expect(analysis.factors.length).toBe(10);
    expect(['Strong Sell', 'Sell', 'Hold', 'Buy', 'Strong Buy']).toContain(analysis.rating);
    expect(analysis.analysis).toContain('Microsoft Corporation (MSFT)');
    expect(analysis.analysis).toMatch(/simulated/);
    expect(analysis.description).toMatch(/Azure/);
    expect((await service.analysis('SPY')).pe).toBeNull();
  });
});

interface StockLike {
  symbol: string;
}
function toResult(symbol: string) {
  return {
    symbol,
    name: symbol,
    exchange: 'X',
    shortname: symbol,
    longname: symbol,
    exchDisp: 'X',
    exch: 'X',
    typeDisp: 'Equity',
    type: 'EQUITY',
  };
}

describe('quotes JSON', () => {
  it('is exactly JSON.stringify of the map, memoized or not', async () => {
    const { service } = setup();
    const quotes = await service.quotes(['AAPL', '^IXIC', 'BRK.B']);
    expect(quotesMapJson(quotes)).toBe(JSON.stringify(quotes));
    expect(quotesMapJson(quotes)).toBe(JSON.stringify(quotes)); // second time from the memo
    const stale = { ...quotes, AAPL: { ...quotes.AAPL, stale: true } };
    expect(quotesMapJson(stale)).toBe(JSON.stringify(stale));
    expect(quotesMapJson({})).toBe('{}');
  });

  it('reuses the encoded body of a watchlist only while its quotes are unchanged', async () => {
    const { clock, service } = setup();
    const symbols = ['MSFT', 'NOPE', 'SPY'];
    const first = await service.quotes(symbols);
    const body = quotesMapBody(symbols, first);
    expect(body.body.toString()).toBe(JSON.stringify(first));
    expect(quotesMapBody(symbols, await service.quotes(symbols))).toBe(body);
    clock.advance(60_000);
    const later = await service.quotes(symbols);
    const next = quotesMapBody(symbols, later);
    expect(next).not.toBe(body);
    expect(next.body.toString()).toBe(JSON.stringify(later));
  });

  it('compresses a watchlist answer once per encoding and keeps the copy with the body', async () => {
    const { service } = setup();
    const symbols = ['AAPL', 'MSFT', 'SPY', 'QQQ', 'NVDA', 'TSLA', 'META', 'GOOGL'];
    const encoded = quotesMapBody(symbols, await service.quotes(symbols));
    const br = encoded.encoded('br');
    const gzip = encoded.encoded('gzip');
    expect(brotliDecompressSync(br).toString()).toBe(encoded.body.toString());
    expect(gunzipSync(gzip).toString()).toBe(encoded.body.toString());
    expect(br.length).toBeLessThan(encoded.body.length / 2);
    expect(encoded.encoded('br')).toBe(br);
  });
});
