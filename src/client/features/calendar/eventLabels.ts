import type { CalendarEvent } from '../../../shared/calendar/types';
import { formatMoney } from '../../../shared/format';
import { epsWords } from '../../../shared/market/eps';

export const KIND_LABELS: Record<CalendarEvent['kind'], string> = {
  earnings: 'Earnings',
  'ex-dividend': 'Ex-dividend',
  pay: 'Dividend paid',
};

export const KIND_COLORS: Record<CalendarEvent['kind'], string> = {
  // Colours whose light variant theme.ts raises to AA in both schemes.
  earnings: 'yellow',
  'ex-dividend': 'orange',
  pay: 'teal',
};

export const STATUS_LABELS: Record<CalendarEvent['status'], string> = {
  paid: 'paid',
  declared: 'declared',
  projected: 'projected',
  reported: 'reported',
  confirmed: 'confirmed',
  estimated: 'estimated',
};

const TIMES = { 'before-open': 'before the open', 'after-close': 'after the close' } as const;

/**
 * One line about an event beyond its kind: the amount, the other day of the dividend, what the ledger received; a
 * report's EPS (the estimate before it, the actual against the estimate and the surprise after).
 */
export function eventDetail(event: CalendarEvent): string {
  const parts: string[] = [];
  if (event.amountPerShare !== null) {
    // As many decimals as the amount has (0.2625 stays 0.2625), at least the money's two.
    const decimals = Math.min(4, Math.max(2, (event.amountPerShare.split('.')[1] ?? '').replace(/0+$/, '').length));
    parts.push(`${formatMoney(Number(event.amountPerShare), event.currency ?? 'USD', decimals)} a share`);
  }
  if (event.kind === 'ex-dividend' && event.payDate) parts.push(`paid ${event.payDate}`);
  if (event.kind === 'pay' && event.exDate) parts.push(`ex-date ${event.exDate}`);
  const eps = epsWords(event.eps);
  if (eps) parts.push(eps.surprise ? `${eps.figures}, surprise ${eps.surprise}` : eps.figures);
  if (event.time) parts.push(TIMES[event.time]);
  if (event.receivedAmount !== null) {
    parts.push(`received ${event.receivedAmount} in ${event.received.map((r) => r.portfolioName).join(', ')}`);
  }
  return parts.join(' · ');
}
