import { annualizedVolatility, drawdownFromHigh } from '../../../shared/indicators';
import type { HistoryPoint } from '../../../shared/market/types';
import { isoDate, roundPrice, round2 } from './common';

/** A price range summed up in a dozen numbers: what a person asks about, never thousands of points. */
export interface HistorySummary {
  from: string;
  to: string;
  bars: number;
  firstClose: number;
  lastClose: number;
  change: number;
  changePercent: number;
  highClose: number;
  highDate: string;
  lowClose: number;
  lowDate: string;
  /** Annualized standard deviation of log returns, in percent; null with fewer than 3 closes. */
  volatilityAnnualPercent: number | null;
  /** Largest peak-to-trough fall of the close within the range, in percent (negative or 0). */
  maxDrawdownPercent: number;
  /** Where the last close sits against the range's highest close, in percent (0 at the high). */
  fromHighPercent: number | null;
}

/** Largest fall from a running peak, in percent (e.g. -23.4). */
export function maxDrawdownPercent(closes: ArrayLike<number>): number {
  let peak = -Infinity;
  let worst = 0;
  for (let i = 0; i < closes.length; i++) {
    const c = closes[i];
    if (c > peak) peak = c;
    const dd = peak > 0 ? (c / peak - 1) * 100 : 0;
    if (dd < worst) worst = dd;
  }
  return worst;
}

export function summarizeHistory(points: readonly HistoryPoint[]): HistorySummary | null {
  if (points.length < 2) return null;
  const times = points.map((p) => p.time);
  const closes = points.map((p) => p.close);
  let hi = 0;
  let lo = 0;
  for (let i = 1; i < closes.length; i++) {
    if (closes[i] > closes[hi]) hi = i;
    if (closes[i] < closes[lo]) lo = i;
  }
  const first = closes[0];
  const last = closes[closes.length - 1];
  const vol = annualizedVolatility(times, closes);
  const fromHigh = drawdownFromHigh(closes);
  return {
    from: isoDate(times[0]),
    to: isoDate(times[times.length - 1]),
    bars: points.length,
    firstClose: roundPrice(first),
    lastClose: roundPrice(last),
    change: roundPrice(last - first),
    changePercent: round2((last / first - 1) * 100),
    highClose: roundPrice(closes[hi]),
    highDate: isoDate(times[hi]),
    lowClose: roundPrice(closes[lo]),
    lowDate: isoDate(times[lo]),
    volatilityAnnualPercent: vol === null ? null : round2(vol),
    maxDrawdownPercent: round2(maxDrawdownPercent(closes)),
    fromHighPercent: fromHigh === null ? null : round2(fromHigh),
  };
}
