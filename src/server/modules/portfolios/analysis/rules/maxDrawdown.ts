import type { PortfolioRule } from '../context';
import { NO_HISTORY_SENTENCE, percentText, round1, unavailable } from '../context';
import { maxDrawdownPercent } from '../series';

/** A fall deeper than this within a year is where many investors sell at the bottom. */
export const MAX_DRAWDOWN_PERCENT = 20;

const META = { key: 'maxDrawdown', title: 'Maximum drawdown (1Y)' } as const;

export const maxDrawdownRule: PortfolioRule = {
  ...META,
  evaluate({ valueSeries }) {
    const measured = valueSeries && valueSeries.values.length >= 2 ? maxDrawdownPercent(valueSeries.values) : null;
    if (measured === null) return unavailable(META, MAX_DRAWDOWN_PERCENT, 'percent', NO_HISTORY_SENTENCE);
    const warn = round1(measured) > MAX_DRAWDOWN_PERCENT;
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: round1(measured),
      threshold: MAX_DRAWDOWN_PERCENT,
      unit: 'percent',
      sentence: `The deepest fall of your holdings from a high over the past year was ${percentText(measured)}, ${
        warn ? 'more than' : 'within'
      } the ${MAX_DRAWDOWN_PERCENT}% limit.`,
    };
  },
};
