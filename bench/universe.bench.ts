import pino from 'pino';
import { MarketService } from '../src/server/market/service';
import { createSimulatedProvider } from '../src/server/market/simulated/provider';
import { UNIVERSE } from '../src/server/market/universe';
import { SymbolSearchIndex } from '../src/server/market/universe/searchIndex';
import { LOCAL_STOCKS, POPULAR_STOCKS, searchLocalStocks } from '../src/shared/market/localStocks';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 27 §5: the simulated market grew from 72 symbols to 641. Per-request cost must stay flat where a request
 * used to walk the 72: search, the agent's market movers, the status probe. Figures are medians of several runs,
 * with the old way measured in the same run as the baseline:
 * - search: the linear scan the simulated market used (over the 72, and what it would cost over the 641) against
 *   the posting-list index over the 641;
 * - market movers: quotes for the stocks the tool scans (the built-in list's 63 companies, unchanged) against
 *   quoting every company of the universe, which is what walking it would cost;
 * - the status probe: one quote through the service, as before.
 */

const RUNS = 9;
const NOW = Date.UTC(2026, 10, 24, 15, 37);

function median(values: number[]): number {
  return [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
}

/** Median microseconds per call of `fn` over `calls` calls, after a warm-up. */
function perCall(fn: (i: number) => void, calls: number): number {
  for (let i = 0; i < calls; i++) fn(i);
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) fn(i);
    runs.push(((performance.now() - start) * 1000) / calls);
  }
  return median(runs);
}

async function perCallAsync(fn: () => Promise<unknown>, calls: number): Promise<number> {
  for (let i = 0; i < calls; i++) await fn();
  const runs: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const start = performance.now();
    for (let i = 0; i < calls; i++) await fn();
    runs.push(((performance.now() - start) * 1000) / calls);
  }
  return median(runs);
}

/** What people type: tickers, names, parts of names, one or two letters. */
function queries(): string[] {
  const typed = ['a', 'ap', 'apple', 'MSFT', 'micro', 'nv', 'bank', 'energy', 'vanguard', 'money market', 'spaxx'];
  typed.push('total stock', 'schwab', 'nestle', '7203', 's', 'T', 'inc', 'corp', 'health', 'zzz', 'etf', 'gold');
  let seed = 7;
  const random = () => (seed = (Math.imul(seed, 1664525) + 1013904223) >>> 0) / 4294967296;
  for (let i = 0; i < 80; i++) {
    const name = UNIVERSE[Math.floor(random() * UNIVERSE.length)].name;
    const start = Math.floor(random() * name.length);
    typed.push(name.slice(start, start + 2 + Math.floor(random() * 8)));
  }
  return typed;
}

const bench: Bench = {
  name: 'universe',
  async run(): Promise<BenchFigure[]> {
    const qs = queries();
    const popular = new Set(POPULAR_STOCKS.map((s) => s.symbol));
    let built = 0;
    const buildMs = median(
      Array.from({ length: 5 }, () => {
        const start = performance.now();
        built += new SymbolSearchIndex(UNIVERSE, popular).size;
        return performance.now() - start;
      }),
    );
    const index = new SymbolSearchIndex(UNIVERSE, popular);
    let sink = built;
    const linear72 = perCall((i) => (sink += searchLocalStocks(qs[i % qs.length], 12, LOCAL_STOCKS).length), qs.length);
    const linear641 = perCall((i) => (sink += searchLocalStocks(qs[i % qs.length], 12, UNIVERSE).length), qs.length);
    const indexed = perCall((i) => (sink += index.search(qs[i % qs.length], 12).length), qs.length * 20);

    const provider = createSimulatedProvider(() => NOW);
    const moverSymbols = LOCAL_STOCKS.filter((s) => s.type === 'EQUITY').map((s) => s.symbol);
    const allCompanies = UNIVERSE.filter((s) => s.type === 'EQUITY').map((s) => s.symbol);
    const movers = await perCallAsync(() => provider.quotes(moverSymbols), 20);
    const moversWhole = await perCallAsync(() => provider.quotes(allCompanies), 5);

    const service = new MarketService({
      provider,
      now: () => NOW,
      log: pino({ level: 'silent' }),
      upstreamTimeoutMs: 5000,
      maxConcurrentUpstream: 4,
      livePollMs: 60_000,
    });
    const probe = await perCallAsync(() => service.checkHealth(), 200);
    service.close();
    if (sink < 0) console.log(sink);

    console.log(`  ${UNIVERSE.length} listings, ${qs.length} queries; movers scan ${moverSymbols.length} companies`);
    return [
      { label: `search index build, ${UNIVERSE.length} listings (once, at start)`, value: buildMs, unit: 'ms' },
      { label: 'search, linear over the 72 built-in names (before)', value: linear72, unit: 'µs/query' },
      {
        label: `search, linear over the ${UNIVERSE.length} listings (without the index)`,
        value: linear641,
        unit: 'µs/query',
      },
      { label: `search, index over the ${UNIVERSE.length} listings (now)`, value: indexed, unit: 'µs/query' },
      { label: 'search now against before (ratio)', value: indexed / linear72, unit: 'x', target: { max: 1 } },
      { label: `market movers quotes, ${moverSymbols.length} companies (before and now)`, value: movers, unit: 'µs' },
      {
        label: `market movers quotes if it walked all ${allCompanies.length} companies`,
        value: moversWhole,
        unit: 'µs',
      },
      { label: 'status probe, one quote through the service (warm)', value: probe, unit: 'µs' },
    ];
  },
};

export default bench;
