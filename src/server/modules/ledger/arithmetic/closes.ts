import { shallowCopy } from './copy';
import { dayText } from './dates';

/** Daily closes per symbol, keyed 'YYYY-MM-DD', split-ADJUSTED as the market service (Yahoo) gives them. */
export type Closes = ReadonlyMap<string, ReadonlyMap<string, number>>;

/** How far back a valuation looks for the last close (a long weekend, a holiday week, a trading halt). */
const LOOK_BACK_DAYS = 31;

/** The last close on or before each day, walking forward: a day without a close carries the last one forward. */
export class CloseTracker {
  private lastClose: number | undefined;
  private lastDay = Number.NEGATIVE_INFINITY;

  constructor(private readonly closes: ReadonlyMap<string, number> | undefined) {}

  /** Days must come in ascending order; the text of `day` is passed in so the daily walk formats it once. */
  closeOn(day: number, text: string): number | undefined {
    if (!this.closes || day === this.lastDay) return this.lastClose;
    if (day === this.lastDay + 1) this.take(this.closes.get(text));
    else {
      // A jump (the first valuation of a range, a symbol first bought): look back a little for the last close.
      for (let back = day; back > day - LOOK_BACK_DAYS && back > this.lastDay; back--)
        if (this.take(this.closes.get(back === day ? text : dayText(back)))) break;
    }
    this.lastDay = day;
    return this.lastClose;
  }

  clone(): CloseTracker {
    return shallowCopy(this);
  }

  private take(close: number | undefined): boolean {
    if (close === undefined || !Number.isFinite(close) || close <= 0) return false;
    this.lastClose = close;
    return true;
  }
}
