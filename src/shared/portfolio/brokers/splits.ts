import { Dec } from '../decimal';
import { readRatio } from '../ledger/schemas';
import type { Dated } from './reinvestments';

/**
 * Brokers write a split as the shares it added ("Stock Split, NVDA, 90"), not as its ratio. The ratio is the shares
 * held after over the shares held before, as the file's own earlier rows give them: 10 held and 90 added is 10:1.
 * Fractional holdings and cash in lieu make it inexact, so it is taken as the nearest n:d with d up to 20 within half
 * a percent; when the file shows no shares held before, the row fails and says to enter the ratio by hand.
 */

const TOLERANCE = new Dec('0.005');

/** 'n:d' for a ratio close to a simple fraction; null when none is close. */
export function simpleRatio(ratio: Dec): string | null {
  if (ratio.lte(0)) return null;
  for (let d = 1; d <= 20; d++) {
    const n = ratio.times(d).toDecimalPlaces(0);
    if (n.lt(1)) continue;
    if (n.div(d).minus(ratio).abs().div(ratio).lte(TOLERANCE)) return readRatio(`${n.toFixed()}:${d}`);
  }
  return null;
}

export const splitWithoutHoldings = (symbol: string, added: Dec) =>
  `Stock split of ${symbol} adds ${added.toFixed()} shares, but this file shows no ${symbol} held before it: ` +
  'add the split by hand with its ratio (such as 4:1)';

/** Each split given by added shares gets its ratio from the running holdings, or an error. */
export function resolveSplitRatios(items: readonly Dated[]): Map<Dated, string> {
  const held = new Map<string, Dec>();
  const errors = new Map<Dated, string>();
  for (const item of items) {
    const { draft } = item;
    const symbol = draft.symbol ?? '';
    const now = held.get(symbol) ?? new Dec(0);
    if (draft.type === 'buy' && draft.quantity) held.set(symbol, now.plus(draft.quantity));
    else if (draft.type === 'sell' && draft.quantity) held.set(symbol, now.minus(draft.quantity));
    else if (draft.type === 'split') {
      if (draft.addedShares) {
        const ratio = now.gt(0) ? simpleRatio(now.plus(draft.addedShares).div(now)) : null;
        if (ratio) draft.ratio = ratio;
        else errors.set(item, splitWithoutHoldings(symbol, draft.addedShares));
      }
      const ratio = draft.ratio ? /^(\d+):(\d+)$/.exec(draft.ratio) : null;
      if (ratio) held.set(symbol, now.times(ratio[1]).div(ratio[2]));
    }
  }
  return errors;
}
