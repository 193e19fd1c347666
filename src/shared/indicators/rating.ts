import { MA_LONG, MA_SHORT } from '../market/constants';
import type { Rating, RatingFactor } from '../market/types';
import { movingAverageStudy } from './crossovers';
import { rsi } from './rsi';
import { sma } from './sma';
import { annualizedVolatility, drawdownFromHigh, percentChangeSince } from './stats';

/**
 * The explainable stock score behind the public rating gauge. Each factor is a small, bounded number with a
 * sentence saying why; the rating is read off their total. Positive is bullish. Educational, not advice.
 */

export interface RatingInput {
  /** About a year of daily bars, oldest first (UTC ms). */
  times: ArrayLike<number>;
  closes: ArrayLike<number>;
  /** Trailing P/E; null when the instrument has none (funds, indices, no earnings data). */
  pe: number | null;
}

export interface RatingResult {
  score: number;
  rating: Rating;
  factors: RatingFactor[];
}

/** Scores of at least 2 either way lean Buy or Sell, at least 6 are strong (the total runs from about -13 to +13). */
const LEAN = 2;
const STRONG = 6;

export function ratingForScore(score: number): Rating {
  if (score >= STRONG) return 'Strong Buy';
  if (score >= LEAN) return 'Buy';
  if (score <= -STRONG) return 'Strong Sell';
  if (score <= -LEAN) return 'Sell';
  return 'Hold';
}

/** A crossover counts as recent within this many bars (about two weeks of trading). */
export const RECENT_CROSS_BARS = 10;
const DAY_MS = 86_400_000;

const round2 = (x: number) => Math.round(x * 100) / 100;
const clamp = (x: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, x));
const pct = (x: number) => `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`;

function factor(key: string, label: string, value: string, score: number, explanation: string): RatingFactor {
  return { key, label, value, score: round2(score) || 0, explanation };
}

function trendFactor(key: string, period: number, weight: number, closes: ArrayLike<number>): RatingFactor {
  const label = `Trend vs MA${period}`;
  const last = closes[closes.length - 1];
  const average = sma(closes, period)[closes.length - 1];
  if (closes.length < period || !Number.isFinite(average)) {
    return factor(
      key,
      label,
      'n/a',
      0,
      `Fewer than ${period} daily closes, so the ${period}-day average is not available yet.`,
    );
  }
  const distance = (last / average - 1) * 100;
  const above = distance >= 0;
  return factor(
    key,
    label,
    pct(distance),
    above ? weight : -weight,
    `The price is ${Math.abs(distance).toFixed(1)}% ${above ? 'above' : 'below'} its ${period}-day moving average, ` +
      `${above ? 'supporting' : 'weighing on'} the ${period >= 200 ? 'long-term' : period >= 50 ? 'medium-term' : 'short-term'} trend.`,
  );
}

function crossoverFactor(closes: ArrayLike<number>): RatingFactor {
  const label = `MA${MA_SHORT}/MA${MA_LONG} crossover`;
  const { maShort, maLong, signals } = movingAverageStudy(closes);
  const n = closes.length;
  const lastSignal = signals[signals.length - 1];
  if (lastSignal && n - 1 - lastSignal.index < RECENT_CROSS_BARS) {
    const ago = n - 1 - lastSignal.index;
    const when = ago === 0 ? 'on the latest bar' : `${ago} bar${ago === 1 ? '' : 's'} ago`;
    return lastSignal.type === 'buy'
      ? factor(
          'crossover',
          label,
          'Buy signal',
          1.5,
          `MA${MA_SHORT} crossed above MA${MA_LONG} ${when}: a fresh buy signal.`,
        )
      : factor(
          'crossover',
          label,
          'Sell signal',
          -1.5,
          `MA${MA_SHORT} crossed below MA${MA_LONG} ${when}: a fresh sell signal.`,
        );
  }
  const fast = maShort[n - 1];
  const slow = maLong[n - 1];
  if (!Number.isFinite(fast) || !Number.isFinite(slow)) {
    return factor(
      'crossover',
      label,
      'n/a',
      0,
      `Fewer than ${MA_LONG} daily closes, so there is no crossover reading yet.`,
    );
  }
  return fast >= slow
    ? factor(
        'crossover',
        label,
        'MA20 above MA50',
        0.5,
        `MA${MA_SHORT} is above MA${MA_LONG} with no recent cross: an established uptrend.`,
      )
    : factor(
        'crossover',
        label,
        'MA20 below MA50',
        -0.5,
        `MA${MA_SHORT} is below MA${MA_LONG} with no recent cross: an established downtrend.`,
      );
}

function momentumFactor(
  key: string,
  label: string,
  months: number,
  perUnit: number,
  cap: number,
  input: RatingInput,
): RatingFactor {
  const { times, closes } = input;
  const lastTime = times[times.length - 1];
  const change = percentChangeSince(times, closes, lastTime - months * 30.4375 * DAY_MS);
  if (change === null)
    return factor(key, label, 'n/a', 0, `Less than ${months} month${months === 1 ? '' : 's'} of history.`);
  const score = clamp(change / perUnit, -cap, cap);
  const direction = change >= 0 ? 'gained' : 'lost';
  return factor(
    key,
    label,
    pct(change),
    score,
    `The price has ${direction} ${Math.abs(change).toFixed(1)}% over ${months} month${months === 1 ? '' : 's'}.`,
  );
}

function rsiFactor(closes: ArrayLike<number>): RatingFactor {
  const value = rsi(closes, 14)[closes.length - 1];
  if (!Number.isFinite(value)) return factor('rsi', 'RSI 14', 'n/a', 0, 'Not enough closes for a 14-day RSI.');
  const shown = `RSI ${value.toFixed(0)}`;
  if (value >= 70)
    return factor(
      'rsi',
      'RSI 14',
      shown,
      -1,
      'Overbought (RSI 70 or more): gains may be stretched and a pullback is common.',
    );
  if (value <= 30)
    return factor(
      'rsi',
      'RSI 14',
      shown,
      1,
      'Oversold (RSI 30 or less): selling may be exhausted and rebounds are common.',
    );
  if (value >= 55) return factor('rsi', 'RSI 14', shown, 0.5, 'Healthy positive momentum without being overbought.');
  if (value <= 45)
    return factor('rsi', 'RSI 14', shown, -0.5, 'Soft momentum: sellers have had the upper hand lately.');
  return factor('rsi', 'RSI 14', shown, 0, 'Neutral momentum.');
}

function volatilityFactor(input: RatingInput): RatingFactor {
  const vol = annualizedVolatility(input.times, input.closes);
  if (vol === null) return factor('volatility', 'Volatility', 'n/a', 0, 'Not enough closes to measure volatility.');
  const shown = `${vol.toFixed(0)}% a year`;
  if (vol < 20) return factor('volatility', 'Volatility', shown, 0.5, 'Low volatility: price swings have been mild.');
  if (vol < 40)
    return factor('volatility', 'Volatility', shown, 0, 'Moderate volatility, typical for a large company.');
  if (vol < 60)
    return factor('volatility', 'Volatility', shown, -0.5, 'High volatility: expect large swings both ways.');
  return factor('volatility', 'Volatility', shown, -1, 'Very high volatility: the risk of sharp losses is elevated.');
}

function drawdownFactor(closes: ArrayLike<number>): RatingFactor {
  const dd = drawdownFromHigh(closes);
  if (dd === null) return factor('drawdown', 'Drawdown from 1Y high', 'n/a', 0, 'No price history.');
  const shown = pct(dd);
  if (dd > -5) return factor('drawdown', 'Drawdown from 1Y high', shown, 0.5, 'Trading near its 52-week high.');
  if (dd > -20)
    return factor('drawdown', 'Drawdown from 1Y high', shown, 0, 'A moderate pullback from its 52-week high.');
  if (dd > -35)
    return factor(
      'drawdown',
      'Drawdown from 1Y high',
      shown,
      -1,
      'A deep drawdown: more than 20% below its 52-week high.',
    );
  return factor(
    'drawdown',
    'Drawdown from 1Y high',
    shown,
    -1.5,
    'A severe drawdown: more than 35% below its 52-week high.',
  );
}

function valuationFactor(pe: number | null): RatingFactor {
  if (pe === null || !Number.isFinite(pe))
    return factor(
      'valuation',
      'Valuation (P/E)',
      'N/A',
      0,
      'No P/E available (a fund, an index or no earnings data), so valuation is left out.',
    );
  const shown = `P/E ${pe.toFixed(1)}`;
  if (pe <= 0)
    return factor(
      'valuation',
      'Valuation (P/E)',
      shown,
      -1,
      'Negative earnings: the company is currently losing money.',
    );
  if (pe < 15)
    return factor('valuation', 'Valuation (P/E)', shown, 1, 'Inexpensive relative to earnings (P/E under 15).');
  if (pe < 25)
    return factor('valuation', 'Valuation (P/E)', shown, 0.5, 'A reasonable price for its earnings (P/E 15 to 25).');
  if (pe < 40) return factor('valuation', 'Valuation (P/E)', shown, 0, 'A growth premium is priced in (P/E 25 to 40).');
  if (pe < 80)
    return factor('valuation', 'Valuation (P/E)', shown, -0.5, 'Expensive relative to earnings (P/E 40 to 80).');
  return factor('valuation', 'Valuation (P/E)', shown, -1, 'Very expensive relative to earnings (P/E 80 or more).');
}

/** Scores a daily series: each factor in [-2, +2], the total decides the rating. */
export function rateStock(input: RatingInput): RatingResult {
  const { closes } = input;
  const factors = [
    trendFactor('trend_ma20', 20, 1, closes),
    trendFactor('trend_ma50', 50, 1, closes),
    trendFactor('trend_ma200', 200, 2, closes),
    crossoverFactor(closes),
    momentumFactor('momentum_1m', '1-month momentum', 1, 5, 1.5, input),
    momentumFactor('momentum_6m', '6-month momentum', 6, 15, 2, input),
    rsiFactor(closes),
    volatilityFactor(input),
    drawdownFactor(closes),
    valuationFactor(input.pe),
  ];
  const score = round2(factors.reduce((sum, f) => sum + f.score, 0));
  return { score, rating: ratingForScore(score), factors };
}
