import type { Activity, PerformanceAnswer } from '../../../shared/portfolio/ledger/types';
import { utcDay } from '../../../shared/portfolio/ledger/days';
import type { HistoryPoint } from '../../../shared/market/types';
import type { PerformanceMemo } from './ledger/performance';
import { activityOf, type ActivityRow } from './ledgerQueries';

export type Closes = ReadonlyMap<string, number>;

const MAX_CACHED_PORTFOLIOS = 200;

/**
 * What is kept per portfolio between answers: the last answer and its key, the closes map it was computed from
 * (kept as the same object while the same price arrays are in use, which the engine's memo requires), and the
 * engine's PerformanceMemo, so that after an appended activity only the last days are walked again.
 */
export interface PortfolioState {
  answerKey: string;
  answer: PerformanceAnswer | null;
  closesKey: string;
  closes: ReadonlyMap<string, Closes>;
  memo: PerformanceMemo;
}

/**
 * The performance answers' per-server state (AppDeps.performance, built in createDeps): closes by price series and
 * the state of the most recently read portfolios.
 */
export class PerformanceCache {
  /** Bars → closes by UTC day, computed once per history array the market service hands out. */
  private closesOfBars = new WeakMap<readonly HistoryPoint[], { serial: number; closes: Closes }>();
  private serials = 0;
  private readonly states = new Map<string, PortfolioState>();
  /** The engine's view of each stored row, made once per row object (the ledger cache shares them). */
  private activities = new WeakMap<ActivityRow, Activity>();

  closesOf(bars: readonly HistoryPoint[]): { serial: number; closes: Closes } {
    let known = this.closesOfBars.get(bars);
    if (!known) {
      const closes = new Map<string, number>();
      for (const bar of bars) if (Number.isFinite(bar.close)) closes.set(utcDay(bar.time), bar.close);
      known = { serial: ++this.serials, closes };
      this.closesOfBars.set(bars, known);
    }
    return known;
  }

  activityOf(row: ActivityRow): Activity {
    let activity = this.activities.get(row);
    if (!activity) this.activities.set(row, (activity = activityOf(row)));
    return activity;
  }

  state(portfolioId: string): PortfolioState | undefined {
    return this.states.get(portfolioId);
  }

  /** Keeps `state` as the most recently used; the least recently used portfolio goes first past the limit. */
  keep(portfolioId: string, state: PortfolioState): void {
    this.states.delete(portfolioId);
    this.states.set(portfolioId, state);
    if (this.states.size > MAX_CACHED_PORTFOLIOS) this.states.delete(this.states.keys().next().value as string);
  }

  clear(): void {
    this.states.clear();
    this.closesOfBars = new WeakMap();
    this.activities = new WeakMap();
  }
}
