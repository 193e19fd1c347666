import { isTradingDay } from '../../../shared/market/nyseCalendar';
import { hashString, normal } from './random';

/**
 * The shared moves of the simulated market. Every stock's log price is its own trend plus beta times the market
 * factor, plus its sector's factor, plus noise of its own; funds and indices load on the same market factor (and the
 * Nasdaq on the tech sector). Because the factors are shared objects, a stock and SPY move together on the same days
 * and a beta measured between them lands near the stock's reference beta.
 */

/** First simulated day (UTC day number); 5Y history from any date after 2020 stays inside. */
export const EPOCH_DAY = Date.UTC(2015, 0, 1) / 86_400_000;
/** Trading days a year: daily volatility is the yearly one over its square root. */
export const TRADING_DAYS_PER_YEAR = 252;
/** Yearly volatility of the market factor: SPY's long-run figure. */
export const MARKET_VOL = 0.16;
/** Yearly volatility of a sector factor on top of the market. */
export const SECTOR_VOL = 0.08;
/** Typical distance (in log price) of a factor from zero: the market wanders, but not away for good. */
const FACTOR_SPREAD = 0.15;

/**
 * A mean-reverting walk (AR(1) in log space) that steps only on the days it is active, one normal draw each, grown
 * on demand and kept: a factor is computed once for all the symbols that load on it.
 */
export class FactorWalk {
  private levels = new Float64Array(0);
  private readonly reversion: number;

  constructor(
    private readonly seed: number,
    readonly sigmaDay: number,
    private readonly active: (day: number) => boolean,
    spread = FACTOR_SPREAD,
  ) {
    // An AR(1) walk with pull r and daily deviation s spreads by about s / sqrt(2r).
    this.reversion = Math.min(0.02, Math.max(0.0005, (sigmaDay / spread) ** 2 / 2));
  }

  /** The factor's level at the end of UTC day `day`; 0 before the simulation starts. */
  level(day: number): number {
    const i = day - EPOCH_DAY;
    if (i < 0) return 0;
    if (i >= this.levels.length) this.grow(i + 1);
    return this.levels[i];
  }

  /** Extends the walk to `needed` days; an inactive day keeps the level of the day before. */
  private grow(needed: number): void {
    const have = this.levels.length;
    const size = Math.max(needed + 64, have * 2);
    const grown = new Float64Array(size);
    grown.set(this.levels);
    for (let i = have; i < size; i++) {
      const day = EPOCH_DAY + i;
      const previous = i === 0 ? 0 : grown[i - 1];
      grown[i] = this.active(day) ? (1 - this.reversion) * previous + this.sigmaDay * normal(this.seed, day) : previous;
    }
    this.levels = grown;
  }
}

const sigmaDay = (yearly: number) => yearly / Math.sqrt(TRADING_DAYS_PER_YEAR);

/** The one market factor, stepping on exchange trading days. */
export const MARKET_FACTOR = new FactorWalk(hashString('market factor'), sigmaDay(MARKET_VOL), isTradingDay);
/** Seed of the market's minute-by-minute moves, shared by every stock so intraday charts move together too. */
export const MARKET_MINUTE_SEED = hashString('market minutes');

const sectors = new Map<string, FactorWalk>();

/** The factor of one sector (created on first use, shared by its members and by the funds that track it). */
export function sectorFactor(sector: string): FactorWalk {
  let walk = sectors.get(sector);
  if (!walk)
    sectors.set(sector, (walk = new FactorWalk(hashString(`sector ${sector}`), sigmaDay(SECTOR_VOL), isTradingDay)));
  return walk;
}
