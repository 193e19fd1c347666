import type { RuleResult } from '../../../../shared/portfolio/types';
import type { Series } from './series';

/** One priced position as the rules see it. Weights are percents of the priced value (0-100). */
export interface RulePosition {
  symbol: string;
  name: string;
  value: number;
  weight: number;
  /** Unrealised gain or loss in percent of cost; null when it cost nothing. */
  gainLossPercent: number | null;
  /** Sector for companies, otherwise the instrument type ('ETF', 'Index', 'Cryptocurrency'). */
  group: string;
  /** Funds and indices spread across sectors, so they do not count towards one sector. */
  diversifiedFund: boolean;
  cashLike: boolean;
}

/** Everything a rule may look at, gathered once per analysis. */
export interface RuleContext {
  /** Priced positions, largest first. */
  positions: RulePosition[];
  /** Every holding, priced or not. */
  holdingsCount: number;
  /** Daily value of today's holdings over the past year; null when there is too little history. */
  valueSeries: Series | null;
  /** SPY's daily closes over the same year; null when unavailable. */
  benchmark: Series | null;
}

/** A portfolio rule (model: Ghostfolio's rules): one figure, one threshold, one sentence that states both. */
export interface PortfolioRule {
  key: string;
  title: string;
  evaluate(context: RuleContext): RuleResult;
}

/** Percent as the sentences print it: one decimal. The result's value carries the same rounding. */
export const round1 = (n: number) => Math.round(n * 10) / 10;
export const round2 = (n: number) => Math.round(n * 100) / 100;
export const percentText = (n: number) => `${round1(n).toFixed(1)}%`;

export const NO_POSITIONS_SENTENCE = 'Add holdings with a current price to run this check.';
export const NO_HISTORY_SENTENCE = 'There is not enough price history over the past year to measure this yet.';

/** Most rules need priced positions: this is their answer when there are none. */
export function unavailable(
  rule: Pick<PortfolioRule, 'key' | 'title'>,
  threshold: number,
  unit: RuleResult['unit'],
  sentence = NO_POSITIONS_SENTENCE,
): RuleResult {
  return { key: rule.key, title: rule.title, status: 'unavailable', value: null, threshold, unit, sentence };
}
