import type {
  CalendarEvent,
  CalendarEventKind,
  CalendarEventStatus,
  ReceivedDividend,
} from '../../../shared/calendar/types';
import { groupBy } from '../../../shared/groupBy';
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

/** By day, then earnings before ex-dividend before pay, then symbol. */
export function compareEvents(a: CalendarEvent, b: CalendarEvent): number {
  if (a.date !== b.date) return a.date < b.date ? -1 : 1;
  if (a.kind !== b.kind) return KIND_ORDER[a.kind] - KIND_ORDER[b.kind];
  return a.symbol < b.symbol ? -1 : a.symbol > b.symbol ? 1 : 0;
}

/** `events` in calendar order (compareEvents), sorted by one precomputed text key each: the big answers' sort. */
export function sortEvents(events: CalendarEvent[]): CalendarEvent[] {
  const keyed = events.map((event) => ({ key: `${event.date}${KIND_ORDER[event.kind]}${event.symbol}`, event }));
  keyed.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  return keyed.map((k) => k.event);
}

const DAY_MS = 86_400_000;
/** Days since 1970 of a 'YYYY-MM-DD' day. */
const dayNumber = (day: string) =>
  Date.UTC(Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1, Number(day.slice(8, 10))) / DAY_MS;

/** For each payment (by index), the recorded dividends it explains; and those no payment explains. */
function matchRecorded(payments: readonly DividendEvent[], recorded: readonly RecordedDividend[]) {
  const byPayment = new Map<number, RecordedDividend[]>();
  const unmatched: RecordedDividend[] = [];
  if (recorded.length === 0) return { byPayment, unmatched };
  const anchors = payments.map((d) => dayNumber(d.payDate ?? d.exDate));
  for (const r of recorded) {
    const day = dayNumber(r.date);
    let best = -1;
    let bestDistance = MATCH_DAYS + 1;
    for (let i = 0; i < anchors.length; i++) {
      const gap = Math.abs(anchors[i] - day);
      if (gap < bestDistance) [best, bestDistance] = [i, gap];
    }
    if (best === -1) unmatched.push(r);
    else byPayment.set(best, [...(byPayment.get(best) ?? []), r]);
  }
  return { byPayment, unmatched };
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
  const { symbol, name, held, watched } = facts;
  const events: CalendarEvent[] = [];
  for (const report of [...(facts.earnings?.history ?? []), ...(facts.earnings?.upcoming ?? [])]) {
    if (!inWindow(report.date)) continue;
    events.push({
      symbol,
      name,
      kind: 'earnings',
      date: report.date,
      status: report.status,
      amountPerShare: null,
      currency: null,
      time: report.time ?? null,
      eps: report.eps ?? null,
      held,
      watched,
      exDate: null,
      payDate: null,
      receivedAmount: null,
      received: [],
    });
  }

  const payments = [...(facts.dividends?.history ?? []), ...(facts.dividends?.upcoming ?? [])];
  const { byPayment, unmatched } = matchRecorded(payments, facts.recorded);
  const dividendEvent = (
    kind: CalendarEventKind,
    date: string,
    status: CalendarEventStatus,
    payment: DividendEvent | null,
    received: ReceivedDividend[],
  ): CalendarEvent => ({
    symbol,
    name,
    kind,
    date,
    status,
    amountPerShare: payment?.amount ?? null,
    currency: payment?.currency ?? null,
    time: null,
    eps: null,
    held,
    watched,
    exDate: payment?.exDate ?? null,
    payDate: payment ? payment.payDate : date,
    receivedAmount: received.length > 0 ? sumOf(received) : null,
    received,
  });
  payments.forEach((payment, i) => {
    const exDay = inWindow(payment.exDate);
    const payDay = inWindow(payment.payDate);
    if (!exDay && !payDay) return;
    const received = (byPayment.get(i) ?? []).map(receivedOf);
    const status: CalendarEventStatus = received.length > 0 ? 'paid' : payment.status;
    if (exDay) events.push(dividendEvent('ex-dividend', payment.exDate, status, payment, []));
    if (payDay) events.push(dividendEvent('pay', payment.payDate!, status, payment, received));
  });

  // What the ledger recorded that no listed payment explains: shown on its own day, one event per day.
  for (const [day, rows] of groupBy(
    unmatched.filter((r) => inWindow(r.date)),
    (r) => r.date,
  )) {
    events.push(dividendEvent('pay', day, 'paid', null, rows.map(receivedOf)));
  }
  return events;
}
