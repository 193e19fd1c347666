import { LRUCache } from 'lru-cache';
import type { PerformanceAnswer } from '../../../shared/portfolio/ledger/types';
import type { HistoryPoint } from '../../../shared/market/types';
import type { PriceSeries } from './engine/wire';

/** What the answers may hold in all, by the estimate below. */
export const PERFORMANCE_CACHE_BYTES = 32 << 20;
const DAY_MS = 86_400_000;

/** Rough heap bytes of an answer: a few hundred per series point (four short strings), fewer per month and dividend. */
function answerBytes(answer: PerformanceAnswer): number {
  return (
    2_000 + answer.series.length * 260 + answer.monthlyReturns.length * 120 + answer.dividendsReceived.length * 160
  );
}

/** A symbol's closes as the engine takes them (wire.ts), minus the symbol, which a history array does not carry. */
type Closes = Omit<PriceSeries, 'symbol'>;

/**
 * The performance answers' per-server state (AppDeps.performance, built in createDeps): the last answer per
 * portfolio and its key, in a least-recently-used cache bounded by an estimate of its bytes, and each price history
 * array as the engine takes it (typed arrays under a serial, made once per array the market service hands out).
 * The engine's own state (the performance memo, closes maps) lives on its thread (engine/engineState.ts).
 */
export class PerformanceCache {
  private closesOfBars = new WeakMap<readonly HistoryPoint[], Closes>();
  private serials = 0;
  private readonly answers = new LRUCache<string, { key: string; answer: PerformanceAnswer }>({
    maxSize: PERFORMANCE_CACHE_BYTES,
    sizeCalculation: (entry) => answerBytes(entry.answer),
  });
  /** Answers being computed, by key: a second identical request waits for the first instead of computing again. */
  private readonly computing = new Map<string, Promise<PerformanceAnswer>>();

  /** Bars → closes by UTC day, once per history array the market service hands out. */
  seriesOf(symbol: string, bars: readonly HistoryPoint[]): PriceSeries {
    let known = this.closesOfBars.get(bars);
    if (!known) {
      const finite = bars.filter((bar) => Number.isFinite(bar.close));
      known = {
        serial: ++this.serials,
        // The UTC day of each bar, as days since 1970-01-01.
        days: Int32Array.from(finite, (bar) => Math.floor(bar.time / DAY_MS)),
        closes: Float64Array.from(finite, (bar) => bar.close),
      };
      this.closesOfBars.set(bars, known);
    }
    return { symbol, ...known };
  }

  private convertedCloses = new WeakMap<readonly HistoryPoint[], WeakMap<readonly HistoryPoint[], Closes>>();

  /**
   * A symbol's closes in another currency (issue 27 §3): each close times the rate of its own day, once per pair of
   * history arrays (the symbol's and the rates'), under a serial of its own.
   */
  convertedSeriesOf(
    symbol: string,
    bars: readonly HistoryPoint[],
    rateBars: readonly HistoryPoint[],
    rateOn: (day: number) => number,
  ): PriceSeries {
    let byRates = this.convertedCloses.get(rateBars);
    if (!byRates) this.convertedCloses.set(rateBars, (byRates = new WeakMap()));
    let known = byRates.get(bars);
    if (!known) {
      const native = this.seriesOf(symbol, bars);
      // Rounded to a millionth, so a converted close's shortest text (what the engine reads exactly) stays short.
      const closes = native.closes.map((close, i) => Math.round(close * rateOn(native.days[i]) * 1e6) / 1e6);
      known = { serial: ++this.serials, days: native.days, closes };
      byRates.set(bars, known);
    }
    return { symbol, ...known };
  }

  /** The answer under `key` for this portfolio, computed once however many ask for it at the same time. */
  async answer(
    portfolioId: string,
    key: string,
    compute: () => Promise<PerformanceAnswer>,
  ): Promise<PerformanceAnswer> {
    const known = this.answers.get(portfolioId);
    if (known?.key === key) return known.answer;
    let pending = this.computing.get(key);
    if (!pending) {
      pending = compute().finally(() => this.computing.delete(key));
      this.computing.set(key, pending);
      const answer = await pending;
      this.answers.set(portfolioId, { key, answer });
      return answer;
    }
    return pending;
  }

  clear(): void {
    this.answers.clear();
    this.computing.clear();
    this.closesOfBars = new WeakMap();
  }
}
