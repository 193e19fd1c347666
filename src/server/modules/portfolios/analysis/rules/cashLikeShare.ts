import type { PortfolioRule } from '../context';
import { percentText, round1, unavailable } from '../context';

/** Cash parked in T-bill funds is safe but, above this share, drags long-term returns. */
export const CASH_LIKE_MAX_PERCENT = 20;

const META = { key: 'cashLikeShare', title: 'Cash-like ETFs' } as const;

export const cashLikeShareRule: PortfolioRule = {
  ...META,
  evaluate({ positions }) {
    if (positions.length === 0) return unavailable(META, CASH_LIKE_MAX_PERCENT, 'percent');
    const cash = positions.filter((p) => p.cashLike);
    const weight = cash.reduce((sum, p) => sum + p.weight, 0);
    const warn = round1(weight) > CASH_LIKE_MAX_PERCENT;
    const which =
      cash.length > 0 ? `Cash-like ETFs (${cash.map((p) => p.symbol).join(', ')}) are` : 'Cash-like ETFs are';
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: round1(weight),
      threshold: CASH_LIKE_MAX_PERCENT,
      unit: 'percent',
      sentence: `${which} ${percentText(weight)} of the portfolio, ${warn ? 'above' : 'within'} the ${CASH_LIKE_MAX_PERCENT}% limit${
        warn ? ': idle cash drags long-term returns' : ''
      }.`,
    };
  },
};
