import { Dec } from '../../../../shared/portfolio/decimal';
import { shallowCopy } from './copy';
import { toCents, ZERO } from './money';
import { CloseTracker } from './closes';

/**
 * The benchmark over the same days: its own return (adjusted closes, so its dividends and splits are in the price)
 * and a shadow account that receives the same money at the same moments as the portfolio. The start value and each
 * inflow buy benchmark units at the previous close (inflows count at the start of their day, as in the TWR); each
 * withdrawal sells units at its day's close (outflows at the end). The shadow may go below zero units when the
 * portfolio withdrew more than the benchmark would have held: that is the honest answer to "what if".
 */
export class BenchmarkShadow {
  private tracker: CloseTracker;
  private base: number | undefined;
  private previousClose: number | undefined;
  private lastClose: number | undefined;
  private units = ZERO;
  /** Money that arrived before the benchmark had any close: invested at its first close. */
  private waiting = ZERO;

  constructor(closes: ReadonlyMap<string, number> | undefined) {
    this.tracker = new CloseTracker(closes);
  }

  /** The close of the day before the range: the base of the index, and where the start value is invested. */
  start(day: number, text: string, startValue: Dec): void {
    this.observe(day, text);
    this.waiting = startValue;
    this.invest();
  }

  /** One day of the range: answers the benchmark index (100 at the base) or null while it has no close yet. */
  day(day: number, text: string, inflow: Dec, outflow: Dec): number | null {
    this.previousClose = this.lastClose;
    if (!inflow.isZero()) this.waiting = this.waiting.plus(inflow);
    this.invest();
    this.observe(day, text);
    this.invest();
    if (!outflow.isZero()) {
      if (this.lastClose === undefined) this.waiting = this.waiting.minus(outflow);
      else this.units = this.units.minus(outflow.div(price(this.lastClose)));
    }
    return this.lastClose === undefined || this.base === undefined ? null : (this.lastClose / this.base) * 100;
  }

  clone(): BenchmarkShadow {
    const copy = shallowCopy(this);
    copy.tracker = this.tracker.clone();
    return copy;
  }

  /** The benchmark's return over the range, null when it has no closes in it. */
  twr(): number | null {
    return this.lastClose === undefined || this.base === undefined ? null : this.lastClose / this.base - 1;
  }

  valueWithSameFlows(): Dec | null {
    return this.lastClose === undefined ? null : toCents(this.units.times(price(this.lastClose)).plus(this.waiting));
  }

  private observe(day: number, text: string): void {
    this.lastClose = this.tracker.closeOn(day, text);
    this.base ??= this.lastClose;
  }

  /** Money waiting is invested at the previous close when there is one, else at the first close seen. */
  private invest(): void {
    const at = this.previousClose ?? this.lastClose;
    if (this.waiting.isZero() || at === undefined) return;
    this.units = this.units.plus(this.waiting.div(price(at)));
    this.waiting = ZERO;
  }
}

/** A close's exact value: the decimal its shortest text shows. */
function price(close: number): Dec {
  return new Dec(close.toString());
}
