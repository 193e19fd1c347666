import type {
  CalendarEvent,
  CalendarEventKind,
  CalendarEventStatus,
  ReceivedDividend,
} from '../../../shared/calendar/types';
import { daysCovered } from '../../../shared/calendar/dates';
import type { DividendEvent, DividendInfo, EarningsInfo } from '../../../shared/market/types';
import { Dec, decimalText } from '../../../shared/portfolio/decimal';
import type { RecordedDividend } from './queries';

/**
 * The calendar's events from what the market says of a symbol and what the user's ledger recorded: pure, so the
 * rules are tested without a server.
 *
 * A recorded dividend belongs to the payment whose pay date (its ex-date when the market gives none) is nearest to the
 * activity's day, within MATCH_DAYS either way: brokers book a dividend on the pay date, people a few days off it.
 * That payment is then `paid` whatever the market said (a payment booked early while still `declared`), and its pay
 * event shows what was received. A recorded dividend no payment matches (one the market does not list) still shows,
 * as a paid pay event of its own on the activity's day.
 */
export const MATCH_DAYS = 20;

export interface SymbolFacts {
  symbol: string;
  name: string;
  held: boolean;
  watched: boolean;
  dividends: DividendInfo | null;
  earnings: EarningsInfo | null;
  /** The ledger's dividends of this symbol from MATCH_DAYS before the window to MATCH_DAYS after it. */
  recorded: readonly RecordedDividend[];
}

const KIND_ORDER: Record<CalendarEventKind, number> = { earnings: 0, 'ex-dividend': 1, pay: 2 };

export function compareEvents(a: CalendarEvent, b: CalendarEvent): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
}

const distance = (a: string, b: string) => Math.abs(daysCovered(a, b) - 1);
const anchorOf = (d: DividendEvent) => d.payDate ?? d.exDate;

/** Each recorded dividend's payment (by index into `payments`), or -1 when none is near enough. */
function matchRecorded(payments: readonly DividendEvent[], recorded: readonly RecordedDividend[]): number[] {
  return recorded.map((r) => {
    let best = -1;
    let bestDistance = MATCH_DAYS + 1;
    payments.forEach((d, i) => {
      const gap = distance(anchorOf(d), r.date);
      if (gap < bestDistance) [best, bestDistance] = [i, gap];
    });
    return best;
  });
}

const receivedOf = (r: RecordedDividend): ReceivedDividend => ({
  portfolioId: r.portfolioId,
  portfolioName: r.portfolioName,
  activityId: r.activityId,
  date: r.date,
  amount: r.amount,
});

const sumOf = (received: readonly ReceivedDividend[]) =>
  decimalText(received.reduce((sum, r) => sum.plus(r.amount), new Dec(0)));

/** Every event of one symbol from `from` to `to` (YYYY-MM-DD, both counted). */
export function symbolEvents(facts: SymbolFacts, from: string, to: string): CalendarEvent[] {
  const inWindow = (day: string | null): day is string => day !== null && day >= from && day <= to;
  const base = { symbol: facts.symbol, name: facts.name, held: facts.held, watched: facts.watched };
  const event = (
    kind: CalendarEventKind,
    date: string,
    status: CalendarEventStatus,
    extra: Partial<CalendarEvent> = {},
  ): CalendarEvent => ({
    ...base,
    kind,
    date,
    status,
    amountPerShare: null,
    currency: null,
    time: null,
    exDate: null,
    payDate: null,
    receivedAmount: null,
    received: [],
    ...extra,
  });

  const events: CalendarEvent[] = [];
  for (const report of [...(facts.earnings?.history ?? []), ...(facts.earnings?.upcoming ?? [])]) {
    if (inWindow(report.date))
      events.push(event('earnings', report.date, report.status, { time: report.time ?? null }));
  }

  const payments = [...(facts.dividends?.history ?? []), ...(facts.dividends?.upcoming ?? [])];
  const matches = matchRecorded(payments, facts.recorded);
  payments.forEach((payment, i) => {
    const received = facts.recorded.filter((_, r) => matches[r] === i).map(receivedOf);
    const status: CalendarEventStatus = received.length > 0 ? 'paid' : payment.status;
    const shared = {
      amountPerShare: payment.amount,
      currency: payment.currency,
      exDate: payment.exDate,
      payDate: payment.payDate,
    };
    if (inWindow(payment.exDate)) events.push(event('ex-dividend', payment.exDate, status, shared));
    if (inWindow(payment.payDate)) {
      events.push(
        event('pay', payment.payDate, status, {
          ...shared,
          received,
          receivedAmount: received.length > 0 ? sumOf(received) : null,
        }),
      );
    }
  });

  // What the ledger recorded that no listed payment explains: shown on its own day, one event per day.
  const unmatched = facts.recorded.filter((r, i) => matches[i] === -1 && inWindow(r.date));
  for (const day of [...new Set(unmatched.map((r) => r.date))]) {
    const received = unmatched.filter((r) => r.date === day).map(receivedOf);
    events.push(event('pay', day, 'paid', { payDate: day, received, receivedAmount: sumOf(received) }));
  }
  return events;
}
