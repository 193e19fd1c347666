import { DAY_MS } from '../../../shared/market/nyseCalendar';
import type { CurrencyCode, HistoryPoint } from '../../../shared/market/types';
import { FactorWalk } from './factors';
import { hashString } from './random';

/**
 * The simulated market's exchange rates: five major pairs against the dollar, each a mean-reverting walk in log
 * space (factors.ts) around a realistic level, stepping once per weekday (currencies trade Monday to Friday), with
 * each pair's usual yearly volatility. Every other pair is a cross through the dollar (EUR/GBP = EUR/USD / GBP/USD),
 * so the rates are consistent: converting EUR to GBP to USD gives what EUR to USD gives.
 */

interface Pair {
  /** The pair's level at the centre of its walk. */
  level: number;
  /** Yearly volatility (EUR/USD moves about 7 % a year, USD/JPY about 10 %). */
  vol: number;
  /** True when the pair is quoted as dollars per unit (EUR/USD), false for units per dollar (USD/JPY). */
  dollarsPerUnit: boolean;
}

const PAIRS: Readonly<Record<string, Pair>> = {
  EUR: { level: 1.15, vol: 0.075, dollarsPerUnit: true },
  GBP: { level: 1.32, vol: 0.08, dollarsPerUnit: true },
  CHF: { level: 0.84, vol: 0.075, dollarsPerUnit: false },
  CAD: { level: 1.37, vol: 0.06, dollarsPerUnit: false },
  JPY: { level: 148, vol: 0.1, dollarsPerUnit: false },
};

/** Weekdays: day 0 (1 January 1970) was a Thursday, day 4 a Monday. */
const isWeekday = (day: number) => (day + 3) % 7 < 5;
/** How far a pair wanders from its level (in log terms): EUR/USD stays within about 0.95 to 1.40. */
const FX_SPREAD = 0.08;
const WEEKDAYS_PER_YEAR = 261;

const walks = new Map<string, FactorWalk>();

function walkOf(currency: string, pair: Pair): FactorWalk {
  let walk = walks.get(currency);
  if (!walk) {
    const sigmaDay = pair.vol / Math.sqrt(WEEKDAYS_PER_YEAR);
    walks.set(currency, (walk = new FactorWalk(hashString(`fx ${currency}`), sigmaDay, isWeekday, FX_SPREAD)));
  }
  return walk;
}

/** Dollars for one unit of `currency` at the close of UTC day `day`; null for a currency it does not know. */
function dollarsPer(currency: CurrencyCode, day: number): number | null {
  if (currency === 'USD') return 1;
  const pair = PAIRS[currency];
  if (!pair) return null;
  const rate = pair.level * Math.exp(walkOf(currency, pair).level(day));
  return pair.dollarsPerUnit ? rate : 1 / rate;
}

export function isSimulatedCurrency(currency: CurrencyCode): boolean {
  return currency === 'USD' || currency in PAIRS;
}

/** Six significant digits, as quotes give them: 1.08342, 151.234. */
const round = (x: number) => Number(x.toPrecision(6));

/** One unit of `base` in `quote` at the close of `day`; null when either currency is unknown. */
export function simulatedRate(base: CurrencyCode, quote: CurrencyCode, day: number): number | null {
  const b = dollarsPer(base, day);
  const q = dollarsPer(quote, day);
  return b === null || q === null ? null : round(b / q);
}

/** Daily bars of the rate from `from` to `now` (weekdays only); null when either currency is unknown. */
export function simulatedFxHistory(
  base: CurrencyCode,
  quote: CurrencyCode,
  from: number,
  now: number,
): HistoryPoint[] | null {
  if (!isSimulatedCurrency(base) || !isSimulatedCurrency(quote)) return null;
  const points: HistoryPoint[] = [];
  const today = Math.floor(now / DAY_MS);
  for (let day = Math.ceil(from / DAY_MS); day <= today; day++) {
    if (!isWeekday(day)) continue;
    const close = simulatedRate(base, quote, day)!;
    // The previous weekday's close opens the day.
    let before = day - 1;
    while (!isWeekday(before)) before--;
    const open = simulatedRate(base, quote, before)!;
    points.push({
      time: day * DAY_MS,
      open,
      high: Math.max(open, close),
      low: Math.min(open, close),
      close,
      volume: 0,
    });
  }
  return points;
}
