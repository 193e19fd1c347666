import pino from 'pino';
import { describe, expect, it, vi } from 'vitest';
import { buildBar } from '../../src/server/market/live';
import { MarketService } from '../../src/server/market/service';
import { createSimulatedProvider } from '../../src/server/market/simulated/provider';
import type { LiveQuoteEvent, Quote } from '../../src/shared/market/types';
import { instrumentProvider, manualClock } from '../helpers/marketProviders';

// A Tuesday at 12:37 New York: the simulated exchange is trading, so quotes move every minute.
const START = Date.UTC(2026, 10, 24, 17, 37, 10);

function setup() {
  const clock = manualClock(START);
  const upstream = instrumentProvider(createSimulatedProvider(clock.now));
  const service = new MarketService({
    provider: upstream.provider,
    now: clock.now,
    log: pino({ level: 'silent' }),
    upstreamTimeoutMs: 1000,
    maxConcurrentUpstream: 4,
    livePollMs: 10,
  });
  return { clock, upstream, service, hub: service.live };
}

describe('live quote hub', () => {
  it('polls each watched symbol once for all watchers and pushes only changes', async () => {
    const { clock, upstream, hub } = setup();
    const a: LiveQuoteEvent[] = [];
    const b: LiveQuoteEvent[] = [];
    const stopA = hub.subscribe(['AAPL', 'MSFT'], (e) => a.push(e));
    const stopB = hub.subscribe(['AAPL'], (e) => b.push(e));
    await vi.waitFor(() => expect(a.length === 2 && b.length === 1).toBe(true), { timeout: 3_000 });
    expect(a.map((e) => e.symbol).sort()).toEqual(['AAPL', 'MSFT']);
    expect(b[0].quote).toEqual(a.find((e) => e.symbol === 'AAPL')!.quote);
    // The bar is the 1-minute bar in progress, closing at the quote.
    expect(b[0].bar!.close).toBe(b[0].quote.regularMarketPrice);
    expect(b[0].bar!.time).toBe(Math.floor(START / 60_000) * 60_000);

    // Same minute: polls go on but nothing changed, so nothing is pushed.
    const polls = hub.polls;
    await vi.waitFor(() => expect(hub.polls >= polls + 3).toBe(true), { timeout: 3_000 });
    expect(a.length).toBe(2);
    expect(b.length).toBe(1);
    // One upstream call for both symbols and both watchers; later polls in the same minute are served from cache.
    expect(upstream.quoteCalls).toEqual([['AAPL', 'MSFT']]);

    clock.advance(60_000);
    await vi.waitFor(() => expect(b.length === 2 && a.length === 4).toBe(true), { timeout: 3_000 });
    expect(b[1].bar!.time).toBe(b[0].bar!.time + 60_000);
    expect(upstream.quoteCalls).toEqual([
      ['AAPL', 'MSFT'],
      ['AAPL', 'MSFT'],
    ]);
    stopA();
    stopB();
  });

  it('sends a late subscriber the latest state at once and stops polling when nobody watches', async () => {
    const { upstream, hub } = setup();
    const first: LiveQuoteEvent[] = [];
    const stopFirst = hub.subscribe(['SPY'], (e) => first.push(e));
    await vi.waitFor(() => expect(first.length === 1).toBe(true), { timeout: 3_000 });
    const late: LiveQuoteEvent[] = [];
    const stopLate = hub.subscribe(['SPY'], (e) => late.push(e));
    expect(late).toEqual(first);
    stopFirst();
    expect(hub.watchedSymbols()).toEqual(['SPY']);
    stopLate();
    expect(hub.watchedSymbols()).toEqual([]);
    await vi.waitFor(() => expect(!hub.active).toBe(true), { timeout: 3_000 });
    const calls = upstream.quoteCalls.length;
    const polls = hub.polls;
    // Another service's timer proves time passes; this hub must not poll meanwhile.
    const other = setup().hub;
    const stopOther = other.subscribe(['AAPL'], () => undefined);
    await vi.waitFor(() => expect(other.polls >= 3).toBe(true), { timeout: 3_000 });
    stopOther();
    expect(hub.polls).toBe(polls);
    expect(upstream.quoteCalls.length).toBe(calls);
  });

  it('builds the 1-minute bar from successive quotes when the provider cannot tell it', () => {
    const quote = (price: number, second: number): Quote => ({
      symbol: 'X',
      regularMarketPrice: price,
      currency: 'USD',
      regularMarketChange: 0,
      regularMarketChangePercent: 0,
      shortName: 'X',
      longName: 'X',
      regularMarketTime: Date.UTC(2026, 0, 5, 15, 0, second),
    });
    let bar = buildBar(null, quote(10, 1));
    bar = buildBar(bar, quote(12, 20));
    bar = buildBar(bar, quote(9, 40));
    bar = buildBar(bar, quote(11, 59));
    expect(bar).toEqual({ time: Date.UTC(2026, 0, 5, 15, 0), open: 10, high: 12, low: 9, close: 11, volume: 0 });
    const next = buildBar(bar, { ...quote(11.5, 0), regularMarketTime: Date.UTC(2026, 0, 5, 15, 1, 2) });
    expect(next).toMatchObject({ time: Date.UTC(2026, 0, 5, 15, 1), open: 11.5, close: 11.5 });
  });
});
