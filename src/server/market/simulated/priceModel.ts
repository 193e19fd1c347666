import { DAY_MS, isTradingDay, sessionOn } from '../../../shared/market/nyseCalendar';
import type { HistoryPoint } from '../../../shared/market/types';
import { BAR_SIZE_MS, type BarSize } from '../../../shared/market/timeframes';
import {
  EPOCH_DAY,
  FactorWalk,
  MARKET_FACTOR,
  MARKET_MINUTE_SEED,
  sectorFactor,
  TRADING_DAYS_PER_YEAR,
} from './factors';
import { fastNormal, hashString, normal } from './random';
import type { TradingHours } from './sessionClock';

/**
 * The simulated price of one symbol as a pure function of time, computed in two layers so no query ever walks
 * millions of minutes:
 *  1. Daily closes: log price = trend line through the reference price + beta x market factor + sector factor + the
 *     symbol's own mean-reverting noise (factors.ts). Exchange-listed symbols step only on NYSE trading days; crypto
 *     steps every day.
 *  2. Minutes: within a trading day, a Brownian bridge from the previous close to the day's close over the session's
 *     minutes (09:30-16:00 New York; all 1,440 minutes of the day for crypto), each step partly the market's own
 *     minute move. Outside the session the price stands still at the last close and nothing trades.
 * Minute bar k of a day runs from path[k] to path[k+1], so the price is constant within a minute and the quote at
 * any time is the close of the current 1-minute bar. Every coarser bar is built from these, which makes all
 * timeframes agree (the last close of every range is the current quote).
 */

export const MINUTE_MS = 60_000;
export { DAY_MS };
const MINUTES_PER_DAY = 1440;
/** The day the reference price level applies to. */
const ANCHOR_DAY = Date.UTC(2026, 0, 1) / DAY_MS;
/** Typical distance (in log price) of a symbol's own noise from zero, whatever its volatility. */
const SPREAD = 0.3;
/** Standard deviation of the log of a day's volume around its usual level (before the size of the move). */
const DAY_VOLUME_SWING = 0.3;
/** The smallest share of a symbol's variance that is its own, so no symbol is a perfect copy of the market. */
const MIN_OWN_VARIANCE_SHARE = 0.02;

export interface InstrumentParams {
  symbol: string;
  price: number;
  vol: number;
  growth: number;
  volume: number;
  /** Loading on the market factor. */
  beta: number;
  /** Sector whose factor the symbol carries (a stock's own sector, or the one a fund tracks); null for none. */
  sector: string | null;
  hours: TradingHours;
}

/** A day at minute resolution: prices at the 1,441 minute boundaries and the volume of each of the 1,440 minutes. */
interface DayPath {
  prices: Float64Array;
  volumes: Float64Array;
  high: number;
  low: number;
  volume: number;
}

/**
 * Minute paths (23 KB each) are reused by every intraday range and by the quotes. 1,000 of them (about 23 MB) hold
 * today's path for every symbol of the universe (641) with room for a few hundred days of intraday charts; with
 * fewer, quoting the whole universe each minute would walk every path again (measured: 170 ms for its companies).
 */
const PATH_CACHE_LIMIT = 1000;
const pathCache = new Map<string, DayPath>();

export function roundPrice(x: number): number {
  return x >= 1 ? Math.round(x * 100) / 100 : Math.round(x * 10_000) / 10_000;
}

interface Bar {
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

const everyDay = () => true;

export class PriceModel {
  private readonly minuteSeed: number;
  private readonly volumeSeed: number;
  private readonly sigmaDay: number;
  /** Share of each minute step that is the market's move (its correlation with the market, intraday). */
  private readonly marketShare: number;
  private readonly trendBase: number;
  private readonly trendPerDay: number;
  private readonly minuteVolume: number;
  private readonly own: FactorWalk;
  private readonly sector: FactorWalk | null;
  /** True on the days the symbol trades. */
  readonly tradesOn: (day: number) => boolean;
  /** log close per day since EPOCH_DAY, grown on demand. */
  private logCloses = new Float64Array(0);
  /** Completed days' extremes and volume (from their minute paths), NaN until computed. */
  private dayHigh = new Float64Array(0);
  private dayLow = new Float64Array(0);
  private dayVolume = new Float64Array(0);
  private readonly scratch = new Float64Array(MINUTES_PER_DAY + 1);

  constructor(readonly params: InstrumentParams) {
    const seed = hashString(params.symbol);
    const always = params.hours === 'always';
    this.tradesOn = always ? everyDay : isTradingDay;
    this.minuteSeed = seed ^ 0xcc9e2d51;
    this.volumeSeed = seed ^ 0x85ebca6b;
    this.sigmaDay = params.vol / Math.sqrt(always ? 365 : TRADING_DAYS_PER_YEAR);
    this.sector = params.sector ? sectorFactor(params.sector) : null;
    // The symbol's own noise makes up the variance the factors leave over.
    const marketVariance = (params.beta * MARKET_FACTOR.sigmaDay) ** 2;
    const sectorVariance = this.sector ? this.sector.sigmaDay ** 2 : 0;
    const total = this.sigmaDay ** 2;
    const ownVariance = Math.max(total - marketVariance - sectorVariance, MIN_OWN_VARIANCE_SHARE * total);
    this.own = new FactorWalk(seed ^ 0x1b873593, Math.sqrt(ownVariance), this.tradesOn, SPREAD);
    // A money-market fund has no variance at all: no market share, and its price never leaves the trend line.
    this.marketShare = always || total === 0 ? 0 : Math.min(0.95, Math.sqrt(marketVariance / total));
    this.trendBase = Math.log(params.price);
    this.trendPerDay = Math.log(1 + params.growth) / 365;
    // Minute volume grows with the size of the move: (0.4 + 0.6|z|) averages 0.88 for a standard normal z.
    this.minuteVolume = params.volume / (always ? MINUTES_PER_DAY : 390) / 0.88;
  }

  /**
   * How busy `day` is, about 1 on average: a day-to-day swing of its own (lognormal, about 30 %) times more trading
   * on days that move more. The minutes' own variation averages out over 1,440 of them, so without this every
   * day's volume bar would be the same height.
   */
  private dayActivity(day: number, move: number): number {
    const swing = Math.exp(DAY_VOLUME_SWING * normal(this.volumeSeed, day) - DAY_VOLUME_SWING ** 2 / 2);
    return swing * (0.7 + 0.375 * (this.sigmaDay > 0 ? Math.min(4, Math.abs(move) / this.sigmaDay) : 0));
  }

  private trend(day: number): number {
    return this.trendBase + this.trendPerDay * (day - ANCHOR_DAY);
  }

  private ensureDays(day: number): void {
    const needed = day - EPOCH_DAY + 1;
    const have = this.logCloses.length;
    if (needed <= have) return;
    const size = Math.max(needed + 64, have * 2);
    const grown = new Float64Array(size);
    grown.set(this.logCloses);
    const { beta } = this.params;
    for (let i = have; i < size; i++) {
      const d = EPOCH_DAY + i;
      // A day without trading keeps the last close (the trend line only moves on trading days' closes).
      grown[i] =
        i > 0 && !this.tradesOn(d)
          ? grown[i - 1]
          : this.trend(d) + beta * MARKET_FACTOR.level(d) + (this.sector?.level(d) ?? 0) + this.own.level(d);
    }
    this.logCloses = grown;
    for (const key of ['dayHigh', 'dayLow', 'dayVolume'] as const) {
      const next = new Float64Array(size).fill(NaN);
      next.set(this[key]);
      this[key] = next;
    }
  }

  /** Close of UTC day `day` (days since 1970); before the simulation starts the first close holds. */
  closeOfDay(day: number): number {
    const d = Math.max(day, EPOCH_DAY);
    this.ensureDays(d);
    return Math.exp(this.logCloses[d - EPOCH_DAY]);
  }

  /**
   * The trading minutes of `day` as boundaries into its 1,441-point path: trading runs from boundary `from` to
   * boundary `to`. Null when the symbol does not trade that day.
   */
  private sessionMinutes(day: number): { from: number; to: number } | null {
    if (this.params.hours === 'always') return { from: 0, to: MINUTES_PER_DAY };
    const session = sessionOn(day);
    if (!session) return null;
    const dayStart = day * DAY_MS;
    return { from: (session.open - dayStart) / MINUTE_MS, to: (session.close - dayStart) / MINUTE_MS };
  }

  /** True when minutes [fromMinute, toMinute] (absolute minute numbers, one UTC day) include trading. */
  tradesDuring(fromMinute: number, toMinute: number): boolean {
    const day = Math.floor(fromMinute / MINUTES_PER_DAY);
    const minutes = this.sessionMinutes(day);
    if (!minutes) return false;
    const base = day * MINUTES_PER_DAY;
    return fromMinute - base < minutes.to && toMinute - base >= minutes.from;
  }

  /**
   * Walks the minutes of `day` in log space into `logs` (1,441 boundaries) and returns the day's extremes and
   * volume; `volumes` (1,440 minutes, zeroed) is filled when given. Prices are only exponentiated by the caller that
   * needs them, which keeps a 5-year daily scan at a few nanoseconds per minute.
   */
  private walkDay(
    day: number,
    logs: Float64Array,
    volumes: Float64Array | null,
  ): { high: number; low: number; volume: number } {
    const start = Math.log(this.closeOfDay(day - 1));
    const end = Math.log(this.closeOfDay(day));
    const minutes = this.sessionMinutes(day);
    if (!minutes) {
      logs.fill(start);
      return { high: Math.exp(start), low: Math.exp(start), volume: 0 };
    }
    const { from, to } = minutes;
    const count = to - from;
    const base = day * MINUTES_PER_DAY;
    const sigma = this.sigmaDay / Math.sqrt(count);
    const market = this.marketShare;
    const ownShare = Math.sqrt(1 - market * market);
    const perMinuteVolume = this.minuteVolume * this.dayActivity(day, end - start);
    let walk = 0;
    let volume = 0;
    for (let k = from + 1; k <= to; k++) {
      const ownMove = fastNormal(this.minuteSeed, base + k);
      const z = market === 0 ? ownMove : market * fastNormal(MARKET_MINUTE_SEED, base + k) + ownShare * ownMove;
      walk += sigma * z;
      logs[k] = walk;
      const v = Math.round(perMinuteVolume * (0.4 + 0.6 * Math.abs(z)));
      volume += v;
      if (volumes) volumes[k - 1] = v;
    }
    // Bridge: bend the walk so it ends exactly at the day's close; before the open and after the close it stands.
    const drift = (end - start - walk) / count;
    let high = start;
    let low = start;
    for (let k = 0; k <= MINUTES_PER_DAY; k++) {
      const x = k <= from ? start : k >= to ? end : start + logs[k] + drift * (k - from);
      logs[k] = x;
      if (x > high) high = x;
      if (x < low) low = x;
    }
    return { high: Math.exp(high), low: Math.exp(low), volume };
  }

  private dayPath(day: number): DayPath {
    const key = `${this.params.symbol}:${day}`;
    const hit = pathCache.get(key);
    if (hit) {
      pathCache.delete(key);
      pathCache.set(key, hit);
      return hit;
    }
    const prices = new Float64Array(MINUTES_PER_DAY + 1);
    const volumes = new Float64Array(MINUTES_PER_DAY);
    const summary = this.walkDay(day, prices, volumes);
    for (let k = 0; k <= MINUTES_PER_DAY; k++) prices[k] = Math.exp(prices[k]);
    const path = { prices, volumes, ...summary };
    pathCache.set(key, path);
    if (pathCache.size > PATH_CACHE_LIMIT) pathCache.delete(pathCache.keys().next().value!);
    return path;
  }

  /** Aggregates minutes [fromMinute, toMinute] (absolute minute numbers, inclusive) into one bar. */
  private aggregateMinutes(fromMinute: number, toMinute: number): Bar {
    const out: Bar = { open: NaN, high: -Infinity, low: Infinity, close: NaN, volume: 0 };
    let day = -1;
    let path: DayPath | null = null;
    for (let m = fromMinute; m <= toMinute; m++) {
      const d = Math.floor(m / MINUTES_PER_DAY);
      if (d !== day) {
        day = d;
        path = this.dayPath(d);
      }
      const k = m - d * MINUTES_PER_DAY;
      // Minute bar k runs from boundary k to boundary k+1; its extremes are its ends.
      const open = path!.prices[k];
      const close = path!.prices[k + 1];
      if (m === fromMinute) out.open = open;
      out.high = Math.max(out.high, open, close);
      out.low = Math.min(out.low, open, close);
      out.close = close;
      out.volume += path!.volumes[k];
    }
    return out;
  }

  /** A completed day's bar; its extremes and volume come from the minute walk and are kept. */
  private completedDay(day: number): Bar {
    this.ensureDays(day);
    const i = day - EPOCH_DAY;
    if (Number.isNaN(this.dayHigh[i])) {
      const cached = pathCache.get(`${this.params.symbol}:${day}`);
      const summary = cached ?? this.walkDay(day, this.scratch, null);
      this.dayHigh[i] = summary.high;
      this.dayLow[i] = summary.low;
      this.dayVolume[i] = summary.volume;
    }
    return {
      open: this.closeOfDay(day - 1),
      high: this.dayHigh[i],
      low: this.dayLow[i],
      close: this.closeOfDay(day),
      volume: this.dayVolume[i],
    };
  }

  /** The bar of `day` as seen at minute `nowMinute`: complete for past days, partial for today. */
  private dayBar(day: number, nowMinute: number): Bar {
    const today = Math.floor(nowMinute / MINUTES_PER_DAY);
    return day < today ? this.completedDay(day) : this.aggregateMinutes(day * MINUTES_PER_DAY, nowMinute);
  }

  /** The 1-minute bar in progress at `now`; null while the symbol's market is closed. */
  currentBar(now: number): HistoryPoint | null {
    const minute = Math.floor(now / MINUTE_MS);
    if (!this.tradesDuring(minute, minute)) return null;
    return toPoint(minute * MINUTE_MS, this.aggregateMinutes(minute, minute));
  }

  /** The price at `now` and the previous day's close (the reference for the daily change). */
  priceAt(now: number): { price: number; previousClose: number } {
    const minute = Math.floor(now / MINUTE_MS);
    const day = Math.floor(minute / MINUTES_PER_DAY);
    const { prices } = this.dayPath(day);
    return { price: prices[minute - day * MINUTES_PER_DAY + 1], previousClose: prices[0] };
  }

  /**
   * Bars of size `bar` starting at or after `from`, up to the one in progress at `now`; only bars with trading. One
   * at a time, so a long range can be produced in slices (see yieldingCollect.ts).
   */
  *bars(bar: BarSize, from: number, now: number): Generator<HistoryPoint> {
    const nowMinute = Math.floor(now / MINUTE_MS);
    if (bar === '1d' || bar === '1wk') {
      const today = Math.floor(nowMinute / MINUTES_PER_DAY);
      let day = Math.ceil(from / DAY_MS);
      if (bar === '1d') {
        for (; day <= today; day++) if (this.tradesOn(day)) yield toPoint(day * DAY_MS, this.dayBar(day, nowMinute));
        return;
      }
      // Weeks start on Monday (day 4 since 1970 was a Monday); a week without a trading day has no bar.
      day += (((4 - day) % 7) + 7) % 7;
      for (; day <= today; day += 7) {
        const week: Bar = { open: NaN, high: -Infinity, low: Infinity, close: NaN, volume: 0 };
        for (let d = day; d < day + 7 && d <= today; d++) {
          if (!this.tradesOn(d)) continue;
          const b = this.dayBar(d, nowMinute);
          if (Number.isNaN(week.open)) week.open = b.open;
          week.high = Math.max(week.high, b.high);
          week.low = Math.min(week.low, b.low);
          week.close = b.close;
          week.volume += b.volume;
        }
        if (!Number.isNaN(week.open)) yield toPoint(day * DAY_MS, week);
      }
      return;
    }
    const size = BAR_SIZE_MS[bar] / MINUTE_MS;
    for (let start = Math.ceil(from / MINUTE_MS / size) * size; start <= nowMinute; start += size) {
      const end = Math.min(start + size - 1, nowMinute);
      if (this.tradesDuring(start, end)) yield toPoint(start * MINUTE_MS, this.aggregateMinutes(start, end));
    }
  }
}

function toPoint(time: number, bar: Bar): HistoryPoint {
  return {
    time,
    open: roundPrice(bar.open),
    high: roundPrice(bar.high),
    low: roundPrice(bar.low),
    close: roundPrice(bar.close),
    volume: bar.volume,
  };
}
