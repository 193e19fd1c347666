import { TRPCError } from '@trpc/server';
import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type { LedgerDeps } from './deps';
import type { LedgerVersion } from './ledgerCache';
import type { LedgerProjection } from './engine/protocol';
import { countedAsCash, currencyGainOnCash } from './foreignCash';
import { ledgerInBase, rateToday, type Conversion } from './ledgerInBase';
import type { PortfolioRow } from '../portfolios/queries';

/** What the holdings view, the cash and the ledger figures rest on, for one portfolio at its current version. */
export interface BaseProjection {
  /** The ledger as recorded (its dates are the same in the base). */
  recorded: LedgerVersion;
  /** The conversion into the base; null when none was needed, or when the rates could not be had (`ratesMissing`). */
  fx: Conversion | null;
  /**
   * The replay of the ledger in the base (cash, costs, realised gains); null when it does not replay. Foreign cash is
   * in its cash at today's rate, never among its holdings (foreignCash.ts).
   */
  replay: LedgerProjection | null;
  /** The market could not give the exchange rates: amounts in other currencies cannot be converted right now. */
  ratesMissing: boolean;
  /** The currency gain on the foreign cash held, in the base, to the cent ("0.00" without any; foreignCash.ts). */
  cashCurrencyGain: string;
}

/**
 * The replay of the portfolio's current ledger in its base currency (issue 27 §3: each activity at its own day's
 * rate, decision 023), once per ledger version and rates on the engine's thread.
 */
export async function baseProjectionOf(deps: LedgerDeps, row: PortfolioRow): Promise<BaseProjection> {
  const recorded = await deps.ledgers.current(deps.db, row);
  let fx: Conversion | null = null;
  try {
    const inBase = await ledgerInBase(deps, row);
    fx = inBase.fx;
    const replayed = await deps.ledgerEngine.projection(inBase.ledger, row.costMethod as CostMethod);
    deps.ledgers.resize(recorded);
    const now = deps.now();
    const today = (currency: string) => rateToday(fx, currency, now);
    const replay = countedAsCash(replayed, today);
    const cashCurrencyGain = currencyGainOnCash(replayed, today).toFixed(2);
    return { recorded, fx, replay, ratesMissing: false, cashCurrencyGain };
  } catch (error) {
    if (!(error instanceof TRPCError)) throw error;
    // A market outage leaves foreign amounts unconverted for now (the page says so); it never fails the page.
    if (error.code === 'SERVICE_UNAVAILABLE')
      return { recorded, fx: null, replay: null, ratesMissing: true, cashCurrencyGain: '0.00' };
    // A ledger stored before today's rules no longer replays (or names a currency the ledger cannot convert): the
    // holdings stay readable (and so the Activity tab, where the activity named by the performance answer's 400 can
    // be fixed), without what only the replay knows.
    if (error.code === 'BAD_REQUEST')
      return { recorded, fx, replay: null, ratesMissing: false, cashCurrencyGain: '0.00' };
    throw error;
  }
}
