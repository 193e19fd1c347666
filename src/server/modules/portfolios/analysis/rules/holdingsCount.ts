import type { PortfolioRule } from '../context';

/** Fewer positions than this leave the portfolio exposed to any one company's news. */
export const MIN_HOLDINGS = 5;

const META = { key: 'holdingsCount', title: 'Number of holdings' } as const;

export const holdingsCountRule: PortfolioRule = {
  ...META,
  evaluate({ holdingsCount }) {
    const warn = holdingsCount < MIN_HOLDINGS;
    const noun = holdingsCount === 1 ? 'position' : 'positions';
    return {
      ...META,
      status: holdingsCount === 0 ? 'unavailable' : warn ? 'warn' : 'pass',
      value: holdingsCount,
      threshold: MIN_HOLDINGS,
      unit: 'count',
      sentence:
        holdingsCount === 0
          ? `You hold no positions yet; at least ${MIN_HOLDINGS} spread single-company risk.`
          : `You hold ${holdingsCount} ${noun}, ${warn ? 'fewer than' : 'at least'} the ${MIN_HOLDINGS} that spread single-company risk.`,
    };
  },
};
