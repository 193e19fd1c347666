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
