import type { HistoryPoint } from '../../src/shared/market/types';
import type { ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import type { Activity } from '../../src/shared/portfolio/ledger/types';

let counter = 0;

/** A ledger activity for engine tests: a fresh id, every field null unless given. */
export function act(type: Activity['type'], date: string, fields: Partial<Activity> = {}): Activity {
  counter += 1;
  return {
    id: `a${counter}`,
    type,
    date,
    symbol: null,
    quantity: null,
    price: null,
    fee: null,
    amount: null,
    ratio: null,
    note: null,
    ...fields,
  };
}

/** The same as a stored row of portfolio 'p', made (and last edited) in the order the calls come. */
export function activityRow(type: Activity['type'], date: string, fields: Partial<Activity> = {}): ActivityRow {
  const activity = act(type, date, fields);
  return { ...activity, portfolioId: 'p', createdAt: counter, updatedAt: counter };
}

/** A daily bar that opened, peaked, bottomed and closed at `close` on `date` (a flat price or rate for a day). */
export const flatBar = (date: string, close: number): HistoryPoint => ({
  time: Date.parse(`${date}T00:00:00Z`),
  open: close,
  high: close,
  low: close,
  close,
  volume: 0,
});
