import { currencyOfSymbol, toMajorUnit } from '../../../shared/market/currency';
import { earningsEps } from '../../../shared/market/eps';
import type {
  CurrencyCode,
  DividendEvent,
  DividendFrequency,
  DividendInfo,
  EarningsEvent,
  EarningsInfo,
} from '../../../shared/market/types';
import { toMillis } from './mapping';

/**
 * Yahoo's dividends and earnings dates mapped onto Tickwise's shapes (shared/market/types.ts). The sources:
 * - dividends: the chart's `events.dividends` (every ex-date and amount, 5 years back), quoteSummary `summaryDetail`
 *   (forward rate, trailing rate) and `calendarEvents` (the latest declared ex-date and its payment date, the one
 *   pay date Yahoo gives); the price module for the yield;
 * - earnings: quoteSummary `earnings.earningsChart.quarterly[].reportedDate` (the last four reports) and
 *   `calendarEvents.earnings.earningsDate` (the next one: two dates when Yahoo only knows the window); their EPS
 *   from the same quarters' `actual` / `estimate`, else `earningsHistory.history[]` (`epsActual` / `epsEstimate`, keyed
 *   by the quarter's end), and the next report's consensus from `calendarEvents.earnings.earningsAverage`, else
 *   `earnings.earningsChart.currentQuarterEstimate`.
 * Beyond what Yahoo says, the usual rhythm is projected a year ahead and marked so ('projected', 'estimated').
 * Fields are read defensively: Yahoo omits them freely, sends numbers as {raw, fmt} in places, and yahoo-finance2
 * turns some dates into Date objects.
 */

type Loose = Record<string, unknown>;

const DAY_MS = 86_400_000;
const HISTORY_DAYS = { dividends: 5 * 365, earnings: 3 * 365 };
const AHEAD_DAYS = 365;

const loose = (v: unknown): Loose | null => (v !== null && typeof v === 'object' ? (v as Loose) : null);
/** A number, or the `raw` of Yahoo's {raw, fmt} pair. */
function num(v: unknown): number | null {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  const raw = loose(v)?.raw;
  return typeof raw === 'number' && Number.isFinite(raw) ? raw : null;
}
/** A date in any of Yahoo's forms (Date, epoch seconds, {raw}), in ms. */
const millis = (v: unknown): number | null => toMillis(v instanceof Date ? v : (num(v) ?? v));
const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null);

const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);
const decimal = (x: number) => String(Math.round(x * 10_000) / 10_000);

/** Whole months a frequency steps by. */
const MONTHS: Readonly<Record<DividendFrequency, number>> = { monthly: 1, quarterly: 3, semiannual: 6, annual: 12 };

/** The day itself, or the Monday after a weekend (day 0, 1 January 1970, was a Thursday). */
function weekdayFrom(day: number): number {
  const weekday = (day + 3) % 7; // 0 = Monday
  return weekday < 5 ? day : day + (7 - weekday);
}

function addMonths(day: number, months: number): number {
  const date = new Date(day * DAY_MS);
  date.setUTCMonth(date.getUTCMonth() + months);
  return dayOf(date.getTime());
}

/** The rhythm of a dividend from the gaps between its ex-dates over the last two years (their median). */
export function dividendFrequency(exDaysNewestFirst: readonly number[], today: number): DividendFrequency | null {
  const recent = exDaysNewestFirst.filter((d) => d > today - 2 * 365);
  if (recent.length < 2) return recent.length === 1 && recent[0] > today - 400 ? 'annual' : null;
  const gaps = recent
    .slice(1)
    .map((d, i) => recent[i] - d)
    .sort((a, b) => a - b);
  const median = gaps[Math.floor(gaps.length / 2)];
  if (median <= 45) return 'monthly';
  if (median <= 120) return 'quarterly';
  if (median <= 240) return 'semiannual';
  return 'annual';
}

export interface YahooDividendSources {
  symbol: string;
  /** quoteSummary with price, summaryDetail and calendarEvents. */
  summary: Loose | null;
  /** The chart's dividend events, as yahoo-finance2 returns them (an array) or as Yahoo sends them (by timestamp). */
  events: unknown;
  /** The chart's meta: currency (may be 'GBp') and gmtoffset (seconds), to date events in the exchange's day. */
  meta: Loose | null;
  now: number;
}

/** The dividends of one symbol from Yahoo's answers. */
export function mapDividends({ symbol, summary, events, meta, now }: YahooDividendSources): DividendInfo {
  const detail = loose(summary?.summaryDetail);
  const calendar = loose(summary?.calendarEvents);
  const price = loose(summary?.price);
  const quoted = str(meta?.currency) ?? str(detail?.currency) ?? str(price?.currency) ?? currencyOfSymbol(symbol);
  const { currency, factor } = toMajorUnit(quoted);
  const today = dayOf(now);
  const offsetMs = (num(meta?.gmtoffset) ?? 0) * 1000;

  // Ex-dates in the exchange's own day (an event stamped at the open in Tokyo is the previous day in UTC).
  const list = Array.isArray(events) ? events : Object.values(loose(events) ?? {});
  const paid = list
    .map((e) => ({ time: millis(loose(e)?.date), amount: num(loose(e)?.amount) }))
    .filter((e): e is { time: number; amount: number } => e.time !== null && e.amount !== null && e.amount > 0)
    .map((e) => ({ exDay: dayOf(e.time + offsetMs), amount: e.amount * factor }))
    .filter((e) => e.exDay <= today && e.exDay >= today - HISTORY_DAYS.dividends)
    .sort((a, b) => b.exDay - a.exDay);

  // calendarEvents: the latest declared dividend's ex-date and pay date (midnight UTC stamps of the day itself).
  const declaredExMs = millis(calendar?.exDividendDate) ?? millis(detail?.exDividendDate);
  const declaredPayMs = millis(calendar?.dividendDate);
  const declaredEx = declaredExMs === null ? null : dayOf(declaredExMs);
  const declaredPay = declaredPayMs === null ? null : dayOf(declaredPayMs);
  const payLag =
    declaredEx !== null && declaredPay !== null && declaredPay >= declaredEx ? declaredPay - declaredEx : null;

  const frequency = dividendFrequency(
    [...(declaredEx !== null && declaredEx > today ? [declaredEx] : []), ...paid.map((p) => p.exDay)],
    today,
  );
  const perYear = frequency ? 12 / MONTHS[frequency] : null;
  const forwardRate = num(detail?.dividendRate);
  const lastAmount = paid[0]?.amount ?? null;

  const event = (exDay: number, payDay: number | null, amount: number, status: DividendEvent['status']) => ({
    exDate: isoDay(exDay),
    payDate: payDay === null ? null : isoDay(payDay),
    amount: decimal(amount),
    currency,
    status,
  });
  const history: DividendEvent[] = [];
  const upcoming: DividendEvent[] = [];
  for (const p of paid) {
    // Yahoo dates only the latest payment; the rest are past their ex-date by weeks at least.
    const payDay = p.exDay === declaredEx ? declaredPay : null;
    if (payDay !== null && payDay > today) upcoming.push(event(p.exDay, payDay, p.amount, 'declared'));
    else history.push(event(p.exDay, payDay, p.amount, 'paid'));
  }
  let lastEx = paid[0]?.exDay ?? null;
  let amount = lastAmount;
  if (declaredEx !== null && declaredEx > today) {
    // Announced, not yet ex: the forward rate's share of it, or the last amount again.
    amount = forwardRate !== null && perYear ? (forwardRate * factor) / perYear : lastAmount;
    if (amount !== null) upcoming.push(event(declaredEx, declaredPay, amount, 'declared'));
    lastEx = declaredEx;
  }
  // The usual rhythm carried on for a year, unless the payer seems to have stopped (two periods without one). The
  // schedule keeps to its day of the month; a date on a weekend moves to the Monday.
  if (frequency && lastEx !== null && amount !== null && lastEx > addMonths(today, -2 * MONTHS[frequency])) {
    const step = MONTHS[frequency];
    for (let n = 1; addMonths(lastEx, n * step) <= today + AHEAD_DAYS; n++) {
      const ex = weekdayFrom(addMonths(lastEx, n * step));
      if (ex > today) upcoming.push(event(ex, payLag === null ? null : weekdayFrom(ex + payLag), amount, 'projected'));
    }
  }

  // A year's worth of the latest payments (four for a quarterly payer; a plain 365-day sum counts five when an
  // ex-date moves a day earlier than the year before), or the 365-day sum when the rhythm is unknown.
  const trailingSum = (
    perYear ? paid.filter((p) => p.exDay > today - 400).slice(0, perYear) : paid.filter((p) => p.exDay > today - 365)
  ).reduce((sum, p) => sum + p.amount, 0);
  const trailingRate = trailingSum > 0 ? trailingSum : (num(detail?.trailingAnnualDividendRate) ?? 0) * factor || null;
  const lastPrice = (num(price?.regularMarketPrice) ?? num(detail?.previousClose) ?? 0) * factor;
  return {
    symbol,
    currency,
    trailingAnnualRate: trailingRate === null ? null : decimal(trailingRate),
    trailingYield: trailingRate !== null && lastPrice > 0 ? Math.round((trailingRate / lastPrice) * 1e6) / 1e6 : null,
    frequency: history.length || upcoming.length ? frequency : null,
    history,
    upcoming: upcoming.sort((a, b) => a.exDate.localeCompare(b.exDate)),
  };
}

/** Quote types that never report earnings. */
const NO_EARNINGS = new Set(['ETF', 'MUTUALFUND', 'MONEYMARKET', 'INDEX', 'CRYPTOCURRENCY', 'CURRENCY', 'FUTURE']);

/**
 * Before the open or after the close, from a report's timestamp on a US listing (Yahoo stamps the release time;
 * a stamp at midnight UTC means it does not know). Other markets' hours are not read: null.
 */
function sessionSide(ms: number, currency: CurrencyCode): EarningsEvent['time'] {
  if (currency !== 'USD' || ms % DAY_MS === 0) return null;
  const hour = new Date(ms).getUTCHours() + new Date(ms).getUTCMinutes() / 60;
  if (hour < 14.5) return 'before-open';
  if (hour >= 20) return 'after-close';
  return null;
}

/** A past quarter's EPS by its report time: the chart's figures, or earningsHistory's for the same quarter's end. */
function reportedEps(quarters: unknown[], historyModule: Loose | null, currency: CurrencyCode) {
  const byQuarterEnd = new Map<number, Loose>();
  for (const h of Array.isArray(historyModule?.history) ? (historyModule.history as unknown[]) : []) {
    const end = millis(loose(h)?.quarter);
    if (end !== null) byQuarterEnd.set(dayOf(end), loose(h)!);
  }
  const byReport = new Map<number, EarningsEvent['eps']>();
  for (const q of quarters.map(loose)) {
    const reported = millis(q?.reportedDate);
    if (reported === null || byReport.has(reported)) continue;
    const end = millis(q?.periodEndDate);
    const other = end === null ? undefined : byQuarterEnd.get(dayOf(end));
    const eps = earningsEps(
      num(q?.estimate) ?? num(other?.epsEstimate),
      num(q?.actual) ?? num(other?.epsActual),
      currency,
    );
    byReport.set(reported, eps);
  }
  return byReport;
}

/** The event with its EPS when any is known (the field stays absent otherwise, as the type says). */
const withEps = (event: EarningsEvent, eps: EarningsEvent['eps']): EarningsEvent => (eps ? { ...event, eps } : event);

/** The earnings dates of one symbol from quoteSummary (price, calendarEvents, earnings, earningsHistory). */
export function mapEarnings(symbol: string, summary: Loose | null, now: number): EarningsInfo {
  const price = loose(summary?.price);
  const type = str(price?.quoteType)?.toUpperCase() ?? 'EQUITY';
  if (NO_EARNINGS.has(type)) return { symbol, history: [], upcoming: [] };
  const currency = toMajorUnit(str(price?.currency) ?? currencyOfSymbol(symbol)).currency;
  const today = dayOf(now);

  const earnings = loose(summary?.earnings);
  const chart = loose(earnings?.earningsChart);
  // EPS are in the currency the company reports in: an ADR's (BABA) are not its quote's.
  const epsCurrency = str(earnings?.financialCurrency) ?? currency;
  const quarters = Array.isArray(chart?.quarterly) ? (chart.quarterly as unknown[]) : [];
  const epsByReport = reportedEps(quarters, loose(summary?.earningsHistory), epsCurrency);
  const reported = [...epsByReport.keys()]
    .filter((t) => dayOf(t) < today && dayOf(t) >= today - HISTORY_DAYS.earnings)
    .sort((a, b) => b - a);
  const history: EarningsEvent[] = reported.map((t) =>
    withEps({ date: isoDay(dayOf(t)), status: 'reported', time: sessionSide(t, currency) }, epsByReport.get(t)),
  );

  const next = loose(loose(summary?.calendarEvents)?.earnings);
  const window = (Array.isArray(next?.earningsDate) ? (next.earningsDate as unknown[]) : [])
    .map(millis)
    .filter((t) => t !== null)
    .sort((a, b) => a - b);
  const upcoming: EarningsEvent[] = [];
  if (window.length > 0 && dayOf(window[0]) >= today) {
    // Two dates are the window Yahoo expects the report in: not a date anyone announced.
    const estimated = window.length > 1 || next?.isEarningsDateEstimate === true;
    const consensus = num(next?.earningsAverage) ?? num(chart?.currentQuarterEstimate);
    upcoming.push(
      withEps(
        {
          date: isoDay(dayOf(window[0])),
          status: estimated ? 'estimated' : 'confirmed',
          time: estimated ? null : sessionSide(window[0], currency),
        },
        earningsEps(consensus, null, epsCurrency),
      ),
    );
  }
  // The rest of the coming year: each past report's date a year on (52 weeks keep the weekday), unless it falls
  // within a month of one already listed.
  for (const t of reported) {
    const day = dayOf(t) + 364;
    if (day <= today || day > today + AHEAD_DAYS) continue;
    if (upcoming.some((u) => Math.abs(dayOf(Date.parse(u.date)) - day) < 30)) continue;
    upcoming.push({ date: isoDay(day), status: 'estimated', time: sessionSide(t, currency) });
  }
  return { symbol, history, upcoming: upcoming.sort((a, b) => a.date.localeCompare(b.date)) };
}
