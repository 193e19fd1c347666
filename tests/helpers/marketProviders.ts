import type { MarketDataProvider } from '../../src/server/market/provider';

/**
 * Wraps a real provider to count upstream calls and to make it fail or hang on demand — the third-party side is the
 * only thing tests replace; our cache and service run for real.
 */
export interface InstrumentedProvider {
  provider: MarketDataProvider;
  /** Symbols of every quotes() call, one entry per call. */
  quoteCalls: string[][];
  historyCalls: number;
  /** Calls that would have reached upstream, of any kind. */
  calls: number;
  mode: 'ok' | 'fail' | 'hang';
  /** Makes upstream calls wait until the returned function is called. */
  hold(): () => void;
}

export function instrumentProvider(inner: MarketDataProvider): InstrumentedProvider {
  const state: InstrumentedProvider = {
    quoteCalls: [],
    historyCalls: 0,
    calls: 0,
    mode: 'ok',
    provider: undefined as unknown as MarketDataProvider,
    hold() {
      let release!: () => void;
      held = new Promise<void>((resolve) => (release = resolve));
      return () => {
        held = null;
        release();
      };
    },
  };
  let held: Promise<void> | null = null;
  /** Like a fetch: a hung call stops when its signal aborts (with the signal's reason), not before. */
  const gate = async (signal?: AbortSignal) => {
    state.calls++;
    if (held) await held;
    if (state.mode === 'fail') throw new Error('upstream exploded');
    if (state.mode === 'hang') {
      await new Promise((_, reject) =>
        signal?.addEventListener('abort', () => reject(signal.reason as Error), { once: true }),
      );
    }
  };
  state.provider = {
    ...inner,
    name: inner.name,
    simulated: inner.simulated,
    async search(query, limit, signal) {
      await gate(signal);
      return inner.search(query, limit);
    },
    async quotes(symbols, signal) {
      state.quoteCalls.push([...symbols]);
      await gate(signal);
      return inner.quotes(symbols);
    },
    async history(symbol, timeframe, signal) {
      state.historyCalls++;
      await gate(signal);
      return inner.history(symbol, timeframe);
    },
    async profile(symbol, signal) {
      await gate(signal);
      return inner.profile(symbol);
    },
    ...(inner.dividends && {
      async dividends(symbol: string, signal?: AbortSignal) {
        await gate(signal);
        return inner.dividends!(symbol);
      },
    }),
    ...(inner.earnings && {
      async earnings(symbol: string, signal?: AbortSignal) {
        await gate(signal);
        return inner.earnings!(symbol);
      },
    }),
    ...(inner.fxHistory && {
      async fxHistory(base: string, quote: string, from: number, signal?: AbortSignal) {
        await gate(signal);
        return inner.fxHistory!(base, quote, from);
      },
    }),
  };
  return state;
}

/** A clock tests move by hand. */
export function manualClock(start: number) {
  const clock = { time: start, now: () => clock.time, advance: (ms: number) => void (clock.time += ms) };
  return clock;
}
