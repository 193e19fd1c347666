import type { Activity, CostMethod, Lot } from '../../../../shared/portfolio/ledger/types';
import type { Dec } from '../../../../shared/portfolio/decimal';
import { LedgerBook } from './book';
import { shallowCopy } from './copy';
import { dayText } from './dates';
import { centsText, quantityText, ZERO } from './money';
import { parseActivity, type ParsedActivity } from './parse';

export { LedgerError } from './errors';

export interface LedgerHolding {
  symbol: string;
  /** "0" once sold out: every symbol ever held is listed, so its realised gain stays visible. */
  quantity: string;
  /** Cost basis per share (buy fees included), up to 8 decimals; "0" when nothing is held. */
  averageCost: string;
  costBasis: string;
  realisedGain: string;
  /** Open FIFO lots, oldest first; empty under average cost. */
  lots: Lot[];
}

export interface LedgerReplay {
  holdings: LedgerHolding[];
  cash: string;
  /** + in (deposits, shortfalls of buys and fees paid from outside), − out (withdrawals), in ledger order. */
  externalFlows: Array<{ date: string; amount: string }>;
  realisedBySell: Record<string, string>;
  dividends: string;
  /** Standalone fees. */
  fees: string;
}

/** Ledger order: date ascending, then the order recorded (a stable sort keeps the caller's order within a day). */
export function parseLedger(activities: readonly Activity[]): ParsedActivity[] {
  return sortLedger(activities.map(parseActivity), []).activities;
}

/** Sorts into ledger order (stable), carrying each activity's memo key along when there are keys. */
export function sortLedger(
  parsed: readonly ParsedActivity[],
  keys: readonly string[],
): { activities: ParsedActivity[]; keys: string[] } {
  const sorted = parsed.every((activity, i) => i === 0 || parsed[i - 1].day <= activity.day);
  if (sorted) return { activities: parsed.slice(), keys: keys.slice() };
  const order = parsed.map((_, i) => i).sort((a, b) => parsed[a].day - parsed[b].day);
  return { activities: order.map((i) => parsed[i]), keys: keys.length ? order.map((i) => keys[i]) : [] };
}

/**
 * Replays the whole ledger and answers the state after its last activity. Throws LedgerError, naming the activity
 * and its date, for a sell of more than is held that day, a dividend or split of a symbol not held before, or a
 * withdrawal larger than the cash.
 */
export function replayLedger(activities: readonly Activity[], method: CostMethod): LedgerReplay {
  const replayer = new LedgerReplayer(method);
  for (const activity of parseLedger(activities)) replayer.apply(activity);
  return replayer.result();
}

/**
 * The replay as a state that can go on: the server keeps the state at the end of each portfolio's ledger, so that an
 * activity appended after the last one (the usual edit: something happened today) is checked by applying that one
 * activity to a copy, not by replaying ten years again. Activities must come in ledger order.
 */
export class LedgerReplayer {
  private book: LedgerBook;
  private externalFlows: LedgerReplay['externalFlows'] = [];
  private realisedBySell: Record<string, string> = {};
  private realisedBySymbol = new Map<string, Dec>();
  private dividends = ZERO;
  private fees = ZERO;

  constructor(readonly method: CostMethod) {
    this.book = new LedgerBook(method);
  }

  /** An independent copy to go on from (the original stays the state it was). */
  clone(): LedgerReplayer {
    const copy = shallowCopy(this);
    copy.book = this.book.clone();
    copy.externalFlows = this.externalFlows.slice();
    copy.realisedBySell = { ...this.realisedBySell };
    copy.realisedBySymbol = new Map(this.realisedBySymbol);
    return copy;
  }

  apply(activity: ParsedActivity): void {
    const booking = this.book.apply(activity);
    const date = dayText(activity.day);
    if (!booking.inflow.isZero()) this.externalFlows.push({ date, amount: centsText(booking.inflow) });
    if (!booking.outflow.isZero()) this.externalFlows.push({ date, amount: centsText(booking.outflow.neg()) });
    if (activity.kind === 'sell') {
      this.realisedBySell[activity.source.id] = centsText(booking.realisedGain);
      const before = this.realisedBySymbol.get(activity.symbol) ?? ZERO;
      this.realisedBySymbol.set(activity.symbol, before.plus(booking.realisedGain));
    }
    this.dividends = this.dividends.plus(booking.dividend);
    this.fees = this.fees.plus(booking.fee);
  }

  /** The state after the last activity applied (fresh arrays and objects: the caller may keep them). */
  result(): LedgerReplay {
    return {
      holdings: this.holdings(),
      cash: centsText(this.book.cash.balance),
      externalFlows: this.externalFlows.slice(),
      realisedBySell: { ...this.realisedBySell },
      dividends: centsText(this.dividends),
      fees: centsText(this.fees),
    };
  }

  /** The cash after the last activity applied, in cents. */
  cash(): string {
    return centsText(this.book.cash.balance);
  }

  /** Every symbol ever held, after the last activity applied: what the holdings answers need of the replay. */
  holdings(): LedgerHolding[] {
    return [...this.book.holdings].map(([symbol, { position }]): LedgerHolding => ({
      symbol,
      quantity: quantityText(position.quantity),
      averageCost: position.quantity.isZero() ? '0' : quantityText(position.cost.div(position.quantity)),
      costBasis: centsText(position.cost),
      realisedGain: centsText(this.realisedBySymbol.get(symbol) ?? ZERO),
      lots: position.openLots().map((lot) => ({
        date: dayText(lot.day),
        quantity: quantityText(lot.quantity),
        unitCost: quantityText(lot.cost.div(lot.quantity)),
        cost: centsText(lot.cost),
      })),
    }));
  }
}
