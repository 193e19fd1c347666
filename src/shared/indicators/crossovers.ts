import { MA_LONG, MA_SHORT } from '../market/constants';
import { sma } from './sma';

export type SignalType = 'buy' | 'sell';

/** A crossover at `index`: the first bar on the new side. */
export interface CrossSignal {
  index: number;
  type: SignalType;
}

/**
 * Buy when the fast average crosses above the slow one, sell when it crosses below (product.md §9): every cross, as
 * the rating reads them. The chart draws the confirmed ones (confirmedCrossovers).
 * A cross is a change of the strict side (fast - slow > 0 or < 0); bars where they are equal keep the previous
 * side, so touching and bouncing back is not a signal. Bars where either average is NaN (warm-up) are skipped.
 */
export function crossoverSignals(fast: ArrayLike<number>, slow: ArrayLike<number>): CrossSignal[] {
  const n = Math.min(fast.length, slow.length);
  const signals: CrossSignal[] = [];
  let side = 0;
  for (let i = 0; i < n; i++) {
    const diff = fast[i] - slow[i];
    // NaN compares false both ways, so warm-up bars and ties fall through here.
    const now = diff > 0 ? 1 : diff < 0 ? -1 : 0;
    if (now === 0) continue;
    if (side !== 0 && now !== side) signals.push({ index: i, type: now > 0 ? 'buy' : 'sell' });
    side = now;
  }
  return signals;
}

/** Bars the fast average must stay on its new side before a cross counts as a chart signal. */
export const CONFIRM_BARS = 20;
/** The most signals a chart shows at once: the newest ones, the rest is history the averages already tell. */
export const MAX_CHART_SIGNALS = 6;

/**
 * Crossovers that hold: a cross counts once the fast average has stayed on the new side for `confirm` bars in a row,
 * and the signal sits on the bar where that becomes known (no look-ahead). A whipsaw back within those bars cancels
 * the cross, which is what turns dozens of intraday crossings of MA20/MA50 into a few. Signals alternate buy and sell;
 * only the newest `max` are returned.
 */
export function confirmedCrossovers(
  fast: ArrayLike<number>,
  slow: ArrayLike<number>,
  confirm = CONFIRM_BARS,
  max = MAX_CHART_SIGNALS,
): CrossSignal[] {
  const n = Math.min(fast.length, slow.length);
  const signals: CrossSignal[] = [];
  let side = 0;
  let candidate = 0;
  let run = 0;
  for (let i = 0; i < n; i++) {
    const diff = fast[i] - slow[i];
    const now = diff > 0 ? 1 : diff < 0 ? -1 : 0;
    if (now === 0) continue;
    run = now === candidate ? run + 1 : 1;
    candidate = now;
    if (run !== confirm || candidate === side) continue;
    if (side !== 0) signals.push({ index: i, type: candidate > 0 ? 'buy' : 'sell' });
    side = candidate;
  }
  return signals.slice(-max);
}

export interface MovingAverageStudy {
  maShort: Float64Array;
  maLong: Float64Array;
  signals: CrossSignal[];
}

/** MA20, MA50 and their crossovers over a close series: what the chart draws and the rating reads. */
export function movingAverageStudy(closes: ArrayLike<number>, short = MA_SHORT, long = MA_LONG): MovingAverageStudy {
  const maShort = sma(closes, short);
  const maLong = sma(closes, long);
  return { maShort, maLong, signals: crossoverSignals(maShort, maLong) };
}
