import type { PortfolioRule } from '../context';
import { percentText, round1, unavailable } from '../context';

/** A position this far below its cost deserves a fresh look at why it is still held. */
export const LOSS_MAX_PERCENT = 20;

const META = { key: 'unrealisedLosses', title: 'Unrealised losses' } as const;

export const unrealisedLossesRule: PortfolioRule = {
  ...META,
  evaluate({ positions }) {
    if (positions.length === 0) return unavailable(META, LOSS_MAX_PERCENT, 'percent');
    const losing = positions
      .filter((p) => p.gainLossPercent !== null && p.gainLossPercent < 0)
      .sort((a, b) => a.gainLossPercent! - b.gainLossPercent!);
    if (losing.length === 0) {
      return {
        ...META,
        status: 'pass',
        value: 0,
        threshold: LOSS_MAX_PERCENT,
        unit: 'percent',
        sentence: `${positions.length === 1 ? 'Your priced position is not' : `None of your ${positions.length} priced positions is`} below its cost (limit: none down more than ${LOSS_MAX_PERCENT}%).`,
      };
    }
    const worst = losing[0];
    const depth = -worst.gainLossPercent!;
    const warn = round1(depth) > LOSS_MAX_PERCENT;
    return {
      ...META,
      status: warn ? 'warn' : 'pass',
      value: round1(depth),
      threshold: LOSS_MAX_PERCENT,
      unit: 'percent',
      sentence: `${losing.length} of ${positions.length} positions ${losing.length === 1 ? 'is' : 'are'} below cost; the deepest, ${
        worst.symbol
      }, is down ${percentText(depth)}, ${warn ? 'more than' : 'within'} the ${LOSS_MAX_PERCENT}% limit.`,
    };
  },
};
