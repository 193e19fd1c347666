import type { Dec } from '../../../../shared/portfolio/decimal';
import { HUNDRED, Ratio, toCents, ZERO } from './money';
import { SymbolPricer } from './valuation';

/**
 * The benchmark over the same days: its own return (adjusted closes, so its dividends and splits are in the price)
 * and a shadow account that receives the same money at the same moments as the portfolio. The start value and each
 * inflow buy benchmark units at the previous close (inflows count at the start of their day, as in the TWR); each
 * withdrawal sells units at its day's close (outflows at the end). The shadow may go below zero units when the
 * portfolio withdrew more than the benchmark would have held: that is the honest answer to "what if".
 */
export class BenchmarkShadow {
  private readonly pricer: SymbolPricer;
  private base: Dec | null = null;
  private previousClose: Dec | null = null;
  private lastClose: Dec | null = null;
  private units = ZERO;
  /** Money that arrived before the benchmark had any close: invested at its first close. */
  private waiting = ZERO;

  constructor(closes: ReadonlyMap<string, number> | undefined) {
    this.pricer = new SymbolPricer(closes, []);
  }

  /** The close of the day before the range: the base of the index, and where the start value is invested. */
  start(day: number, text: string, startValue: Dec): void {
    this.observe(day, text);
    this.waiting = startValue;
    this.invest();
  }

  /** One day of the range: answers the benchmark index (100 at the base) or null while it has no close yet. */
  day(day: number, text: string, inflow: Dec, outflow: Dec): Ratio | null {
    this.previousClose = this.lastClose;
    this.waiting = this.waiting.plus(inflow);
    this.invest();
    this.observe(day, text);
    this.invest();
    if (!outflow.isZero()) {
      if (this.lastClose) this.units = this.units.minus(outflow.div(this.lastClose));
      else this.waiting = this.waiting.minus(outflow);
    }
    if (!this.lastClose || !this.base) return null;
    return new Ratio(this.lastClose).div(this.base).times(HUNDRED);
  }

  /** The benchmark's return over the range, null when it has no closes in it. */
  twr(): Ratio | null {
    return this.lastClose && this.base ? new Ratio(this.lastClose).div(this.base).minus(1) : null;
  }

  valueWithSameFlows(): Dec | null {
    return this.lastClose ? toCents(this.units.times(this.lastClose).plus(this.waiting)) : null;
  }

  private observe(day: number, text: string): void {
    const price = this.pricer.priceOn(day, text, ZERO);
    if (price.isZero()) return;
    this.lastClose = price;
    this.base ??= price;
  }

  /** Money waiting is invested at the previous close when there is one, else at the first close seen. */
  private invest(): void {
    const at = this.previousClose ?? this.lastClose;
    if (this.waiting.isZero() || !at) return;
    this.units = this.units.plus(this.waiting.div(at));
    this.waiting = ZERO;
  }
}

export function emptyBenchmark(symbol: string): { symbol: string; twr: null; valueWithSameFlows: null } {
  return { symbol, twr: null, valueWithSameFlows: null };
}
