import type { Activity, ActivityType } from '../../../../shared/portfolio/ledger/types';
import { nextTurn } from '../nextTurn';

/**
 * What crosses to the ledger engine's thread, in shapes that copy cheaply: structured cloning 19,000 activity
 * objects took 15-20 ms of the event loop, one string of them well under 1 ms. Activities are one string (fields
 * joined by the unit separator, activities by the record separator; ids, types, dates, symbols and canonical
 * decimals never contain either); prices are typed arrays. The note stays behind: the engine never reads it.
 */
const FIELD = '\u001f';
const RECORD = '\u001e';

const FIELDS = ['id', 'type', 'date', 'symbol', 'quantity', 'price', 'fee', 'amount', 'ratio'] as const;
/** An activity or a stored row: what the engine reads of it. */
export type EngineActivity = Record<(typeof FIELDS)[number], string | null>;

export function encodeActivities(activities: readonly EngineActivity[]): string {
  return activities.map((a) => FIELDS.map((field) => a[field] ?? '').join(FIELD)).join(RECORD);
}

/** Rows encoded per turn of the event loop by encodeInSlices. */
const SLICE = 2_000;

/** encodeActivities for a whole ledger, a slice per turn of the event loop. */
export async function encodeInSlices(activities: readonly EngineActivity[]): Promise<string> {
  const parts: string[] = [];
  for (let i = 0; i < activities.length; i += SLICE) {
    if (i > 0) await nextTurn();
    parts.push(encodeActivities(activities.slice(i, i + SLICE)));
  }
  return parts.join(RECORD);
}

/** The encoding of a ledger followed by more activities. */
export function joinEncoded(ledger: string, more: string): string {
  return ledger === '' ? more : more === '' ? ledger : ledger + RECORD + more;
}

/** The encoded activities one by one: each record is also the activity's content, so it keys what is made of it. */
export function splitRecords(text: string): string[] {
  return text === '' ? [] : text.split(RECORD);
}

export function decodeRecord(record: string): Activity {
  const f = record.split(FIELD);
  return {
    id: f[0],
    type: f[1] as ActivityType,
    date: f[2],
    symbol: f[3] || null,
    quantity: f[4] || null,
    price: f[5] || null,
    fee: f[6] || null,
    amount: f[7] || null,
    ratio: f[8] || null,
    note: null,
  };
}

export function decodeActivities(text: string): Activity[] {
  return splitRecords(text).map(decodeRecord);
}

/**
 * One symbol's daily closes as the market service handed them out, under the serial the server gave that history
 * array: the engine builds its day → close map once per serial, and the same map object while the serial holds
 * (the performance memo resumes only on the same closes).
 */
export interface PriceSeries {
  symbol: string;
  serial: number;
  /** Days since 1970-01-01 (UTC), one per close. */
  days: Int32Array;
  closes: Float64Array;
}
