import type { CurrencyCode, EarningsEps } from '../market/types';

/** What happens on a calendar day for a symbol. */
export type CalendarEventKind = 'earnings' | 'ex-dividend' | 'pay';

/**
 * Where an event stands. Dividends (ex-dividend and pay dates): `paid` once the pay date has passed or the user's
 * ledger records it, `declared` when the company announced it, `projected` when it is read from the usual schedule.
 * Earnings: `reported` (past), `confirmed` (announced date), `estimated` (from the usual schedule).
 */
export type CalendarEventStatus = 'paid' | 'declared' | 'projected' | 'reported' | 'confirmed' | 'estimated';

/** A dividend the user's ledger records for this payment: one per portfolio activity. */
export interface ReceivedDividend {
  portfolioId: string;
  portfolioName: string;
  activityId: string;
  /** The ledger's day of the activity, YYYY-MM-DD. */
  date: string;
  /** The amount recorded, a decimal string in the portfolio's money. */
  amount: string;
}

export interface CalendarEvent {
  symbol: string;
  name: string;
  kind: CalendarEventKind;
  /** YYYY-MM-DD */
  date: string;
  status: CalendarEventStatus;
  /** Dividends: per share, a decimal string in `currency`; null for earnings. */
  amountPerShare: string | null;
  currency: CurrencyCode | null;
  /** Earnings: before the session or after it, when known. */
  time: 'before-open' | 'after-close' | null;
  /** Earnings: the EPS estimate, and once reported the actual and the surprise; null when unknown and for dividends. */
  eps: EarningsEps | null;
  /** Held in one of the user's portfolios now. */
  held: boolean;
  /** On one of the user's watchlists. */
  watched: boolean;
  /** The other day of the same dividend (the pay date of an ex-dividend event and the other way round). */
  exDate: string | null;
  payDate: string | null;
  /** Pay events the ledger records: what was received (sum of `received`, decimal string), null otherwise. */
  receivedAmount: string | null;
  received: ReceivedDividend[];
}

/** GET /api/calendar, calendar.events: the user's held and watched symbols' events between two days. */
export interface CalendarAnswer {
  from: string;
  to: string;
  /** By date, then earnings before ex-dividend before pay, then symbol. */
  events: CalendarEvent[];
  /** Distinct symbols looked at (held or watched or with a dividend in the ledger's window). */
  symbols: number;
  /** Symbols left out past the calendar's bound (the least relevant: watched only, then alphabetical). */
  omittedSymbols: number;
  /** Symbols whose dates did not arrive in time (a slow market): ask again shortly. */
  pendingSymbols: string[];
  /** Some dates came from the cache after the market failed. */
  stale: boolean;
  errors: string[];
}
