/**
 * The wicks and bodies of one candle colour. When there are more bars than pixel columns (100,000 minutes on a
 * 2,400 px canvas), dozens of wicks land on the same column: a wick that overlaps or touches the one before it on
 * that column is merged into it, so the path holds a few segments per column instead of one per bar. The stroked
 * shape is the union of the wicks either way (same x, same width, butt caps): the canvas is the same but for the
 * anti-aliasing of merged ends (at most 2/255 on a few dozen pixels of 2.9 million). Only the work of building and
 * stroking a 100,000-segment path goes.
 */
/** The part of Path2D the candles use (a recorder stands in for it in the unit tests, which have no canvas). */
export type PathSink = Pick<Path2D, 'moveTo' | 'lineTo' | 'rect'>;

export class CandlePaths<P extends PathSink = Path2D> {
  /** The wick being grown: its column (NaN for none) and its top and bottom in canvas pixels. */
  private x = NaN;
  private top = 0;
  private bottom = 0;

  constructor(
    readonly wicks: P,
    readonly bodies: P,
  ) {}

  /** A wick from yHigh (top) to yLow (bottom) on column x. */
  wick(x: number, yHigh: number, yLow: number): void {
    if (x === this.x && yHigh <= this.bottom && yLow >= this.top) {
      if (yHigh < this.top) this.top = yHigh;
      if (yLow > this.bottom) this.bottom = yLow;
      return;
    }
    this.flush();
    this.x = x;
    this.top = yHigh;
    this.bottom = yLow;
  }

  /** Adds the wick being grown to the path; call once after the last bar. */
  flush(): void {
    if (Number.isNaN(this.x)) return;
    this.wicks.moveTo(this.x + 0.5, this.top);
    this.wicks.lineTo(this.x + 0.5, this.bottom);
    this.x = NaN;
  }
}
