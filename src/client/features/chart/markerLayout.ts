/** One BUY or SELL marker: the index of its point and its kind. */
export interface SignalMarker {
  index: number;
  buy: boolean;
}

/**
 * Buy and sell indices merged in time order, computed once per data set (not per paint).
 * Both inputs are ascending, as the indicator code produces them.
 */
export function mergeSignals(buys: readonly number[], sells: readonly number[]): SignalMarker[] {
  const merged: SignalMarker[] = new Array<SignalMarker>(buys.length + sells.length);
  let b = 0;
  let s = 0;
  for (let k = 0; k < merged.length; k++) {
    const takeBuy = s >= sells.length || (b < buys.length && buys[b] <= sells[s]);
    merged[k] = takeBuy ? { index: buys[b++], buy: true } : { index: sells[s++], buy: false };
  }
  return merged;
}

/**
 * Which markers to paint so none overlap: scanning from the newest, a marker closer than `minGap` pixels to the
 * last painted one is skipped. On dense intraday ranges MA20/MA50 whipsaw and crossovers pile up a few pixels apart;
 * of such a cluster only the newest signal — the one still in force at that point — is drawn. `xs` are the markers'
 * pixel positions in time order (NaN for markers outside the visible range); returns a flag per marker.
 */
export function declutter(
  xs: ArrayLike<number>,
  minGap: number,
  keep: Uint8Array = new Uint8Array(xs.length),
): Uint8Array {
  let lastDrawn = Infinity;
  for (let k = xs.length - 1; k >= 0; k--) {
    const x = xs[k];
    const show = !Number.isNaN(x) && lastDrawn - x >= minGap;
    keep[k] = show ? 1 : 0;
    if (show) lastDrawn = x;
  }
  return keep;
}
