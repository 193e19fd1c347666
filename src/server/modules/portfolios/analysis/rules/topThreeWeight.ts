import type { PortfolioRule } from '../context';
import { percentText, round1, unavailable } from '../context';

/** A few names carrying most of the value is concentration even when no single one is too big. */
export const TOP_THREE_MAX_PERCENT = 60;

const META = { key: 'topThreeWeight', title: 'Top three positions' } as const;

export const topThreeWeightRule: PortfolioRule = {
  ...META,
  evaluate({ positions }) {
    if (positions.length === 0) return unavailable(META, TOP_THREE_MAX_PERCENT, 'percent');
    const top = positions.slice(0, 3);
    const weight = top.reduce((sum, p) => sum + p.weight, 0);
    const warn = round1(weight) > TOP_THREE_MAX_PERCENT;
    const which =
      top.length === 3
        ? 'three largest positions'
        : `${top.length === 1 ? 'only position' : `${top.length} positions`}`;
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: round1(weight),
      threshold: TOP_THREE_MAX_PERCENT,
      unit: 'percent',
      sentence: `Your ${which} (${top.map((p) => p.symbol).join(', ')}) make${top.length === 1 ? 's' : ''} up ${percentText(weight)} of the portfolio, ${
        warn ? 'above' : 'within'
      } the ${TOP_THREE_MAX_PERCENT}% limit for the top three.`,
    };
  },
};
