import { z } from 'zod';
import type { HistoryPoint } from '../../../shared/market/types';
import type { MarketService } from '../../market/service';
import { isoDate, marketCall, upperEnum } from './common';
import { ToolFailure } from './types';

/**
 * The period a history tool looks at: a named look-back (5D ... 5Y), or explicit dates ('from 2024-10-01 to
 * 2024-12-31'), which the daily history covers however far back (bounded: at most MAX_YEARS).
 */

export const HISTORY_RANGES = ['5D', '1M', '6M', 'YTD', '1Y', '5Y'] as const;
export type HistoryRange = (typeof HISTORY_RANGES)[number];

/** Explicit periods reach back at most this far (the daily history's cache keys are whole years). */
export const MAX_YEARS = 30;
const DAY_MS = 86_400_000;

export const isoDay = z
  .string()
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'dates are written YYYY-MM-DD')
  .refine(
    (s) => !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s),
    'not a calendar date',
  );

/** The period fields of a tool's input: `range`, or `from` with an optional `to` (today when left out). */
export const periodFields = {
  range: upperEnum(HISTORY_RANGES)
    .optional()
    .describe('Look-back range: 5D, 1M, 6M, YTD, 1Y or 5Y (default 1Y). Leave out when giving from/to.'),
  from: isoDay.optional().describe('Start date (YYYY-MM-DD) of an explicit period, e.g. "last quarter", "since March"'),
  to: isoDay.optional().describe('End date (YYYY-MM-DD) of an explicit period; today when left out'),
};

export type PeriodSpec = { range: HistoryRange } | { from: string; to: string };

/** The period the input names, checked: a range, or dates in order and not in the future. */
export function periodOf(input: { range?: HistoryRange; from?: string; to?: string }, now: number): PeriodSpec {
  if (input.from === undefined) {
    if (input.to !== undefined) throw new ToolFailure('Give "from" with "to" (or a range).');
    return { range: input.range ?? '1Y' };
  }
  if (input.range !== undefined) throw new ToolFailure('Give either a range or from/to dates, not both.');
  const today = isoDate(now);
  const to = input.to && input.to < today ? input.to : today;
  if (input.from >= to) throw new ToolFailure(`The period must start before it ends (${input.from} to ${to}).`);
  if (Date.parse(`${input.from}T00:00:00Z`) < now - MAX_YEARS * 365.25 * DAY_MS) {
    throw new ToolFailure(`Periods reach back at most ${MAX_YEARS} years.`);
  }
  return { from: input.from, to };
}

/** How a period is named in a result's subject and in the findings: '1Y', '2024-10-01..2024-12-31'. */
export const periodKey = (p: PeriodSpec) => ('range' in p ? p.range : `${p.from}..${p.to}`);

/** Daily closes within explicit dates (both ends included), from the market's daily history. */
export async function closesBetween(
  market: MarketService,
  symbol: string,
  from: string,
  to: string,
  now: number,
): Promise<HistoryPoint[]> {
  const years = Math.min(MAX_YEARS, Math.ceil((now - Date.parse(`${from}T00:00:00Z`)) / (365.25 * DAY_MS)) + 1);
  const daily = await marketCall('history', () => market.dailyHistory(symbol, years));
  const start = Date.parse(`${from}T00:00:00Z`);
  const end = Date.parse(`${to}T00:00:00Z`) + DAY_MS;
  return daily.filter((p) => p.time >= start && p.time < end);
}

/** The points of a period: the range's own history, or the daily closes between the dates. */
export function pointsOf(
  market: MarketService,
  symbol: string,
  period: PeriodSpec,
  now: number,
): Promise<HistoryPoint[]> {
  if ('range' in period) return marketCall('history', () => market.history(symbol, period.range));
  return closesBetween(market, symbol, period.from, period.to, now);
}
