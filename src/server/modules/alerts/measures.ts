import { rsi, sma } from '../../../shared/indicators';
import { MA_LONG, MA_SHORT } from '../../../shared/market/constants';
import { DAY_MS } from '../../../shared/market/nyseCalendar';
import type { HistoryPoint, Quote } from '../../../shared/market/types';

/**
 * The indicator measures alerts read, from a year of daily closes with the live price as today's close (the chart's
 * and the rating's indicators, shared/indicators): RSI(14) with Wilder's smoothing, and MA20 against MA50 as a percent
 * of MA50 (it crosses zero exactly when MA20 crosses MA50: a golden cross upwards, a death cross downwards).
 * NaN when there are too few closes.
 */
export function indicatorMeasures(daily: readonly HistoryPoint[], quote: Quote): { rsi: number; ma: number } {
  const closes = daily.map((bar) => bar.close);
  const last = daily.at(-1);
  // Today's bar (when the history has one) takes the live price; otherwise the live price is a new bar.
  if (last && Math.floor(last.time / DAY_MS) === Math.floor(quote.regularMarketTime / DAY_MS)) {
    closes[closes.length - 1] = quote.regularMarketPrice;
  } else closes.push(quote.regularMarketPrice);
  const rsiValues = rsi(closes, 14);
  const short = sma(closes, MA_SHORT).at(-1) ?? NaN;
  const long = sma(closes, MA_LONG).at(-1) ?? NaN;
  return { rsi: rsiValues.at(-1) ?? NaN, ma: (short / long - 1) * 100 };
}
