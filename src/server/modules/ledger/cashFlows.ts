import { Dec } from '../../../shared/portfolio/decimal';
import type { ActivityRow } from './ledgerQueries';

/** What a row does to the cash of its own currency, as the ledger books it (cash per currency, foreign cash). */

const trade = (row: ActivityRow) => new Dec(row.quantity ?? 0).times(row.price ?? 0);

/** The cash a row brings in, in its currency. */
function cashIn(row: ActivityRow): Dec {
  if (row.type === 'deposit' || row.type === 'dividend') return new Dec(row.amount ?? 0);
  if (row.type === 'sell') return trade(row).minus(row.fee ?? 0);
  return new Dec(0);
}

/** The cash a row takes out, in its currency (a buy's trade to the cent, as the ledger books it, plus its fee). */
function cashOut(row: ActivityRow): Dec {
  if (row.type === 'withdrawal' || row.type === 'fee') return new Dec(row.amount ?? 0);
  if (row.type === 'buy')
    return trade(row)
      .toDecimalPlaces(2, Dec.ROUND_HALF_UP)
      .plus(row.fee ?? 0);
  return new Dec(0);
}

/** The net cash of a row in its currency, to the cent as the ledger books it: + in, − out. */
export const netCash = (row: ActivityRow): Dec => cashIn(row).minus(cashOut(row)).toDecimalPlaces(2, Dec.ROUND_HALF_UP);
