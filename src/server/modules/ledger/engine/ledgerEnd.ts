import { Dec, decimalText } from '../../../../shared/portfolio/decimal';
import { MAX_PRICE_DECIMALS } from '../../../../shared/portfolio/limits';
import type { CostMethod } from '../../../../shared/portfolio/ledger/types';
import { ExactAverageBook } from '../arithmetic/exactAverage';
import type { ParsedActivity } from '../arithmetic/parse';
import { LedgerReplayer } from '../arithmetic/replay';
import type { LedgerProjection } from './protocol';

/**
 * The replay's state at the end of a ledger: the engine's replay and the holdings' exact averages, both resumable,
 * so a ledger that only grew goes on from a copy of its predecessor's end instead of replaying everything.
 */
export interface LedgerEnd {
  replayer: LedgerReplayer;
  averages: ExactAverageBook;
}

export function freshEnd(method: CostMethod): LedgerEnd {
  return { replayer: new LedgerReplayer(method), averages: new ExactAverageBook(method) };
}

export function copyOfEnd(end: LedgerEnd): LedgerEnd {
  return { replayer: end.replayer.clone(), averages: end.averages.clone() };
}

/** Applies activities (in ledger order) from `from` on; throws the LedgerError of the first one that cannot be. */
export function applyAll(end: LedgerEnd, activities: readonly ParsedActivity[], from = 0): void {
  for (let i = from; i < activities.length; i++) {
    end.replayer.apply(activities[i]);
    end.averages.apply(activities[i]);
  }
}

/** Average cost per unit as the holdings table keeps it: exact (arithmetic/exactAverage.ts), at most 8 decimals. */
function averagePriceText(average: Dec | undefined): string {
  return decimalText((average ?? new Dec(0)).toDecimalPlaces(MAX_PRICE_DECIMALS));
}

/** What the server writes (the open positions) and shows (realised gains, lots) of the ledger at its end. */
export function projectionOf(end: LedgerEnd): LedgerProjection {
  const holdings = end.replayer.holdings();
  const averages = end.averages.averages();
  const open = holdings
    .filter((h) => new Dec(h.quantity).gt(0))
    .map((h) => ({
      symbol: h.symbol,
      quantity: decimalText(new Dec(h.quantity)),
      averagePrice: averagePriceText(averages.get(h.symbol)),
    }));
  return { holdings, open, cash: end.replayer.cash() };
}
