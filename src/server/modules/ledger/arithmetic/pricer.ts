import { Dec } from '../../../../shared/portfolio/decimal';
import { CloseTracker } from './closes';
import { shallowCopy } from './copy';
import { ONE } from './money';

/**
 * The price of one symbol on each day, as the ledger's quantities see it. Adjusted closes are in today's shares; the
 * ledger holds the shares of the day (a 4:1 split multiplies them on its date), so the price of day d is the
 * adjusted close × the product of the ratios of the ledger's splits after d. Before the symbol's first close it is
 * worth its last trade price. It is one mutable quote per symbol (`version` changes with the price) so the daily
 * walk allocates nothing for a price; the exact decimal is made only when the fast path in fastCents.ts needs it.
 */
export class SymbolPricer {
  version = 0;
  /** The price as the nearest double. */
  approx = 0;
  private tracker: CloseTracker;
  private splitIndex = 0;
  private factor: Dec;
  private factorApprox: number;
  private close: number | undefined;
  private fallback: Dec | undefined;
  private exactPrice: Dec | null = null;

  constructor(
    closes: ReadonlyMap<string, number> | undefined,
    private readonly splits: ReadonlyArray<{ day: number; ratio: Dec }>,
  ) {
    this.tracker = new CloseTracker(closes);
    this.factor = splits.reduce((product, split) => product.times(split.ratio), ONE);
    this.factorApprox = this.factor.toNumber();
  }

  /** Moves to `day` (ascending); `lastTradePrice` is used while the symbol has no close yet. */
  moveTo(day: number, text: string, lastTradePrice: Dec): void {
    let changed = false;
    while (this.splitIndex < this.splits.length && this.splits[this.splitIndex].day <= day) {
      this.factor = this.factor.div(this.splits[this.splitIndex++].ratio);
      this.factorApprox = this.factor.toNumber();
      changed = true;
    }
    const close = this.tracker.closeOn(day, text);
    if (close === undefined) {
      if (this.fallback === lastTradePrice) return;
      this.fallback = lastTradePrice;
      this.approx = lastTradePrice.toNumber();
    } else {
      if (close === this.close && !changed) return;
      this.close = close;
      this.fallback = undefined;
      this.approx = close * this.factorApprox;
    }
    this.exactPrice = null;
    this.version++;
  }

  clone(): SymbolPricer {
    const copy = shallowCopy(this);
    copy.tracker = this.tracker.clone();
    return copy;
  }

  /** A close's exact value is the decimal its shortest text shows ("230.17"), never its binary expansion. */
  exact(): Dec {
    if (this.exactPrice) return this.exactPrice;
    if (this.fallback) return (this.exactPrice = this.fallback);
    const close = new Dec(String(this.close));
    return (this.exactPrice = this.factor.eq(ONE) ? close : close.times(this.factor));
  }
}
