import type { PerformanceAnswer } from '../../../../shared/portfolio/ledger/types';
import { centsText } from './money';
import type { Walk } from './walk';

/**
 * start value + net external flows + realised gains + change in unrealised gains + dividends − standalone fees =
 * end value. Why it holds: value = cash + cost basis + unrealised gain, and every booking moves cash and cost basis
 * by exactly its flow, realised gain, dividend or fee; a transfer in adds its market value to the flows and its
 * cost basis to the book, the difference being its transferred gain. Every term is a whole number of cents (money is booked and
 * positions valued in cents, see money.ts), so the identity is exact; a miss is a bug in the engine and fails
 * loudly here rather than reaching an investor as a figure that does not add up.
 */
export function decompose(walk: Walk): PerformanceAnswer['decomposition'] {
  const netFlows = walk.inflows.minus(walk.outflows);
  // Shares transferred in bring their past gain with them: it is in the end's unrealised gain, and in the net flows
  // as part of their market value, so it is not a change within the range.
  const unrealisedGainChange = walk.end.unrealisedGain.minus(walk.start.unrealisedGain).minus(walk.transferredGain);
  const sum = walk.start.value
    .plus(netFlows)
    .plus(walk.realisedGain)
    .plus(unrealisedGainChange)
    .plus(walk.dividends)
    .minus(walk.fees);
  if (!sum.eq(walk.end.value))
    throw new Error(
      `Ledger decomposition misses the end value ${walk.end.value.toFixed()} by ${sum.minus(walk.end.value).toFixed()}`,
    );
  return {
    startValue: centsText(walk.start.value),
    netFlows: centsText(netFlows),
    realisedGain: centsText(walk.realisedGain),
    unrealisedGainChange: centsText(unrealisedGainChange),
    dividends: centsText(walk.dividends),
    fees: centsText(walk.fees),
    endValue: centsText(walk.end.value),
  };
}
