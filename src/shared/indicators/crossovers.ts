import { MA_LONG, MA_SHORT } from '../market/constants';
import { sma } from './sma';

export type SignalType = 'buy' | 'sell';

/** A crossover at `index`: the first bar on the new side. */
export interface CrossSignal {
  index: number;
  type: SignalType;
}

/**
 * Buy when the fast average crosses above the slow one, sell when it crosses below (SPEC section 9).
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
