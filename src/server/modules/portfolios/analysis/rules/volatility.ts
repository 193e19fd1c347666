import { annualizedVolatility } from '../../../../../shared/indicators/stats';
import type { PortfolioRule } from '../context';
import { NO_HISTORY_SENTENCE, percentText, round1, unavailable } from '../context';

/** Around the long-run swing of a broad stock index plus a margin; above it, expect rough years. */
export const VOLATILITY_MAX_PERCENT = 25;

const META = { key: 'volatility', title: 'Volatility (1Y)' } as const;

export const volatilityRule: PortfolioRule = {
  ...META,
  evaluate({ valueSeries }) {
    const measured = valueSeries ? annualizedVolatility(valueSeries.times, valueSeries.values) : null;
    if (measured === null) return unavailable(META, VOLATILITY_MAX_PERCENT, 'percent', NO_HISTORY_SENTENCE);
    const warn = round1(measured) > VOLATILITY_MAX_PERCENT;
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: round1(measured),
      threshold: VOLATILITY_MAX_PERCENT,
      unit: 'percent',
      sentence: `Over the past year your holdings swung with an annualized volatility of ${percentText(measured)}, ${
        warn ? 'above' : 'within'
      } the ${VOLATILITY_MAX_PERCENT}% limit.`,
    };
  },
};
