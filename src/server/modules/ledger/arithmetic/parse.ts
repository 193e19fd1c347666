import { Dec, parseDecimal } from '../../../../shared/portfolio/decimal';
import type { Activity } from '../../../../shared/portfolio/ledger/types';
import { dayNumber } from './dates';
import { LedgerError } from './errors';

/**
 * An activity read once into exact numbers, so the replay and the daily walk never parse text again. The schemas
 * validate input before it is stored; these checks keep the engine honest on its own (a hand-edited database, a
 * test fixture) with a message naming the activity.
 */
export type ParsedActivity =
  | { kind: 'buy' | 'sell'; source: Activity; day: number; symbol: string; quantity: Dec; price: Dec; fee: Dec }
  /** Shares brought in without a purchase date: `price` is their cost basis per share (decision 022). */
  | { kind: 'transfer_in'; source: Activity; day: number; symbol: string; quantity: Dec; price: Dec }
  | { kind: 'dividend'; source: Activity; day: number; symbol: string; amount: Dec }
  | { kind: 'fee'; source: Activity; day: number; symbol: string | null; amount: Dec }
  | { kind: 'split'; source: Activity; day: number; symbol: string; numerator: Dec; denominator: Dec }
  | { kind: 'deposit' | 'withdrawal'; source: Activity; day: number; amount: Dec };

const ZERO = new Dec(0);
const RATIO = /^\s*(\d+)\s*:\s*(\d+)\s*$/;

/** "Buy of AAPL on 2024-03-01" / "Deposit on 2024-03-01": how every message names an activity. */
export function describeActivity(activity: Activity): string {
  const type =
    activity.type === 'transfer_in' ? 'Transfer in' : activity.type.charAt(0).toUpperCase() + activity.type.slice(1);
  return activity.symbol ? `${type} of ${activity.symbol} on ${activity.date}` : `${type} on ${activity.date}`;
}

function fail(activity: Activity, problem: string): never {
  throw new LedgerError(`${describeActivity(activity)}: ${problem}`, activity.id);
}

function positive(activity: Activity, field: 'quantity' | 'price' | 'amount'): Dec {
  const value = parseDecimal(activity[field]);
  if (value === null || !value.isPositive() || value.isZero())
    fail(activity, `the ${field} must be a positive number.`);
  return value;
}

function symbolOf(activity: Activity): string {
  if (!activity.symbol) fail(activity, 'the symbol is missing.');
  return activity.symbol;
}

export function parseActivity(activity: Activity): ParsedActivity {
  const day = dayNumber(activity.date);
  if (day === null) fail(activity, 'the date must be YYYY-MM-DD.');
  // Day 0 is 1970-01-01 (MIN_ACTIVITY_DATE): an earlier activity stored before the rule would make the daily walk
  // reach back centuries.
  if (day < 0) fail(activity, 'the date must be on or after 1970-01-01.');
  const source = activity;
  switch (activity.type) {
    case 'buy':
    case 'sell': {
      const fee = activity.fee === null || activity.fee === '' ? ZERO : parseDecimal(activity.fee);
      if (fee === null || fee.isNegative()) fail(activity, 'the fee must be zero or a positive number.');
      const quantity = positive(activity, 'quantity');
      const price = positive(activity, 'price');
      return { kind: activity.type, source, day, symbol: symbolOf(activity), quantity, price, fee };
    }
    case 'transfer_in':
      return {
        kind: 'transfer_in',
        source,
        day,
        symbol: symbolOf(activity),
        quantity: positive(activity, 'quantity'),
        price: positive(activity, 'price'),
      };
    case 'dividend':
      return { kind: 'dividend', source, day, symbol: symbolOf(activity), amount: positive(activity, 'amount') };
    case 'fee':
      return { kind: 'fee', source, day, symbol: activity.symbol || null, amount: positive(activity, 'amount') };
    case 'split': {
      const match = RATIO.exec(activity.ratio ?? '');
      if (!match || /^0+$/.test(match[1]) || /^0+$/.test(match[2]))
        fail(activity, 'the ratio must be two positive whole numbers such as 4:1.');
      return {
        kind: 'split',
        source,
        day,
        symbol: symbolOf(activity),
        numerator: new Dec(match[1]),
        denominator: new Dec(match[2]),
      };
    }
    case 'deposit':
    case 'withdrawal':
      return { kind: activity.type, source, day, amount: positive(activity, 'amount') };
    default:
      return fail(activity, `"${String(activity.type)}" is not an activity type.`);
  }
}
