/**
 * Relative Strength Index with Wilder's smoothing (the usual 14-period RSI). The first value appears at index
 * `period`; earlier entries are NaN. A window with no losses reads 100, with no moves at all 50.
 */
export function rsi(closes: ArrayLike<number>, period = 14): Float64Array {
  const n = closes.length;
  const out = new Float64Array(n).fill(NaN);
  if (n <= period) return out;
  let { gain, loss } = rsiSeed(closes, period);
  out[period] = toRsi(gain, loss);
  for (let i = period + 1; i < n; i++) {
    const change = closes[i] - closes[i - 1];
    gain = (gain * (period - 1) + Math.max(change, 0)) / period;
    loss = (loss * (period - 1) + Math.max(-change, 0)) / period;
    out[i] = toRsi(gain, loss);
  }
  return out;
}

/** Wilder's starting averages: the mean gain and loss of the first `period` changes (needs period + 1 closes). */
export function rsiSeed(closes: ArrayLike<number>, period: number): { gain: number; loss: number } {
  let gain = 0;
  let loss = 0;
  for (let i = 1; i <= period; i++) {
    const change = closes[i] - closes[i - 1];
    if (change > 0) gain += change;
    else loss -= change;
  }
  return { gain: gain / period, loss: loss / period };
}

/** The RSI of Wilder's average gain and loss. */
export function toRsi(avgGain: number, avgLoss: number): number {
  if (avgLoss === 0) return avgGain === 0 ? 50 : 100;
  return 100 - 100 / (1 + avgGain / avgLoss);
}
