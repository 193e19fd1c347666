import type { PortfolioRule } from '../context';
import { percentText, round1, unavailable } from '../context';

/** One company going wrong should not sink the portfolio. */
export const LARGEST_POSITION_MAX_PERCENT = 25;

const META = { key: 'largestPosition', title: 'Largest position' } as const;

export const largestPositionRule: PortfolioRule = {
  ...META,
  evaluate({ positions }) {
    const top = positions[0];
    if (!top) return unavailable(META, LARGEST_POSITION_MAX_PERCENT, 'percent');
    const warn = round1(top.weight) > LARGEST_POSITION_MAX_PERCENT;
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: round1(top.weight),
      threshold: LARGEST_POSITION_MAX_PERCENT,
      unit: 'percent',
      sentence: `Your largest position, ${top.symbol}, is ${percentText(top.weight)} of the portfolio, ${
        warn ? 'above' : 'within'
      } the ${LARGEST_POSITION_MAX_PERCENT}% limit for a single holding.`,
    };
  },
};
