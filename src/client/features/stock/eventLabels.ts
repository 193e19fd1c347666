import { formatMoney } from '../../../shared/format';
import type { DividendEvent, DividendFrequency, EarningsEvent } from '../../../shared/market/types';

/** Words and figures of the stock page's dividends and earnings blocks. */

/** A per-share amount as precise as it was given: "$0.485", "$0.0033", "¥47.85", "£0.12". */
export function formatDividendAmount(amount: string, currency: string): string {
  const decimals = Math.min(4, Math.max(2, amount.split('.')[1]?.length ?? 0));
  return formatMoney(Number(amount), currency, decimals);
}

/** 0.02402 -> "2.40%". */
export function formatYield(fraction: number | null): string {
  return fraction === null ? 'N/A' : `${(fraction * 100).toFixed(2)}%`;
}

export const FREQUENCY_LABEL: Readonly<Record<DividendFrequency, string>> = {
  monthly: 'Monthly',
  quarterly: 'Quarterly',
  semiannual: 'Twice a year',
  annual: 'Once a year',
};

/** What a coming dividend's status means, for its badge and its explanation. */
export const DIVIDEND_STATUS: Readonly<
  Record<DividendEvent['status'], { label: string; color: string; hint: string }>
> = {
  paid: { label: 'Paid', color: 'gray', hint: 'Paid out.' },
  declared: { label: 'Declared', color: 'teal', hint: 'Announced by the company.' },
  projected: { label: 'Projected', color: 'gray', hint: 'Not announced yet: expected from its usual schedule.' },
};

export const EARNINGS_STATUS: Readonly<
  Record<EarningsEvent['status'], { label: string; color: string; hint: string }>
> = {
  reported: { label: 'Reported', color: 'gray', hint: 'Reported.' },
  confirmed: { label: 'Confirmed', color: 'teal', hint: 'Date announced by the company.' },
  estimated: { label: 'Estimated', color: 'gray', hint: 'Not announced yet: expected from its usual weeks.' },
};

export function sessionLabel(time: EarningsEvent['time']): string | null {
  if (time === 'before-open') return 'before the open';
  if (time === 'after-close') return 'after the close';
  return null;
}
