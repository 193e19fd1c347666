import type { PortfolioRule } from '../context';
import { NO_HISTORY_SENTENCE, round2, unavailable } from '../context';
import { betaAgainst } from '../series';

/** The market itself has a beta of 1; well above it, every market fall is amplified. */
export const BETA_MAX = 1.2;
export const BENCHMARK_SYMBOL = 'SPY';

const META = { key: 'beta', title: `Beta against ${BENCHMARK_SYMBOL} (1Y)` } as const;

export const betaRule: PortfolioRule = {
  ...META,
  evaluate({ valueSeries, benchmark }) {
    const measured = valueSeries && benchmark ? betaAgainst(valueSeries, benchmark) : null;
    if (measured === null) return unavailable(META, BETA_MAX, 'ratio', NO_HISTORY_SENTENCE);
    const shown = round2(measured);
    const warn = shown > BETA_MAX;
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: shown,
      threshold: BETA_MAX,
      unit: 'ratio',
      sentence: `Your holdings' beta against ${BENCHMARK_SYMBOL} over the past year is ${shown.toFixed(2)}, ${
        warn ? 'above' : 'within'
      } the ${BETA_MAX.toFixed(1)} limit (1.00 moves with the market; higher amplifies its swings).`,
    };
  },
};
