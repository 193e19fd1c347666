import pLimit from 'p-limit';
import { groupBy } from '../../../shared/groupBy';
import { addDays, weekOf } from '../../../shared/calendar/dates';
import type { CalendarAnswer, CalendarEvent } from '../../../shared/calendar/types';
import type { DividendInfo, EarningsInfo, QuotesMap } from '../../../shared/market/types';
import { utcDay } from '../../../shared/portfolio/ledger/days';
import { settledWithin } from '../../../shared/settledWithin';
import type { AppDeps } from '../../depsTypes';
import { MarketUnavailableError } from '../../market/errors';
import { quotesOrOutage } from '../stocks/quotes';
import { watchedSymbolsOf } from '../watchlists/watchedSymbols';
import { MATCH_DAYS, sortEvents, symbolEvents } from './events';
import { heldSymbols, recordedDividends } from './queries';

/**
 * The user's calendar (issue 30 §4): earnings dates and ex-dividend and pay dates of every symbol they hold (in any
 * portfolio) or watch (on any list), past and coming, with what their ledger recorded as received. The dates come
 * from MarketService.dividends / earnings (cached there until midnight UTC); each symbol is asked once however many
 * portfolios and lists hold it.
 */

/** Symbols one calendar looks at, at most: held ones first, then watched ones, each alphabetically. */
export const MAX_CALENDAR_SYMBOLS = 1_000;
/** How long an answer waits for dates still arriving (a cold cache on a slow market); the rest are named pending. */
export const CALENDAR_WAIT_MS = 2_000;
/**
 * Symbols asked of the market at once (two calls each). Behind the market's upstream gate (4 calls, each with a
 * deadline counted from the queue), so a big cold calendar neither crowds out other users' quotes nor times out queued.
 */
const CONCURRENT_SYMBOLS = 2;

const QUOTE_BATCH = 200;

export const DATES_MISSING_MESSAGE =
  'Market data is temporarily unavailable, so some dates are missing. Try again shortly.';

type Deps = Pick<AppDeps, 'db' | 'now' | 'market' | 'watchlists'>;

/** Both days given, or the week around the one given, or this week (UTC). */
export function calendarWindow(input: { from?: string; to?: string }, now: number): { from: string; to: string } {
  if (input.from && input.to) return { from: input.from, to: input.to };
  if (input.from) return { from: input.from, to: addDays(input.from, 6) };
  if (input.to) return { from: addDays(input.to, -6), to: input.to };
  return weekOf(utcDay(now));
}

interface MarketDates {
  dividends: DividendInfo | null;
  earnings: EarningsInfo | null;
  /** The market was down for this symbol (not merely unaware of it). */
  failed: boolean;
}

/** A symbol's dividends and earnings dates; an unknown symbol has none, an outage is noted. */
async function marketDates(market: AppDeps['market'], symbol: string): Promise<MarketDates> {
  let failed = false;
  const orNull = <T>(call: Promise<T>) =>
    call.catch((error: unknown) => {
      if (error instanceof MarketUnavailableError) failed = true;
      return null;
    });
  const [dividends, earnings] = await Promise.all([orNull(market.dividends(symbol)), orNull(market.earnings(symbol))]);
  return { dividends, earnings, failed };
}

/** The symbols in calendar order (held or with recorded dividends first), at most MAX_CALENDAR_SYMBOLS. */
export function chooseSymbols(held: ReadonlySet<string>, watched: ReadonlySet<string>) {
  const sorted = (set: Iterable<string>) => [...set].sort();
  const all = [...sorted(held), ...sorted([...watched].filter((s) => !held.has(s)))];
  return { symbols: all.slice(0, MAX_CALENDAR_SYMBOLS), omitted: Math.max(0, all.length - MAX_CALENDAR_SYMBOLS) };
}

/** Quotes for the events' names, asked QUOTE_BATCH symbols a call (a thousand in one upstream URL is too many). */
async function namesQuotes(market: AppDeps['market'], symbols: readonly string[]): Promise<QuotesMap> {
  const batches: string[][] = [];
  for (let i = 0; i < symbols.length; i += QUOTE_BATCH) batches.push(symbols.slice(i, i + QUOTE_BATCH));
  const answers = await Promise.all(batches.map((batch) => quotesOrOutage(market, batch)));
  return Object.assign({}, ...answers.map((a) => a.quotes)) as QuotesMap;
}

export async function calendarEvents(
  deps: Deps,
  userId: string,
  input: { from?: string; to?: string },
): Promise<CalendarAnswer> {
  const { from, to } = calendarWindow(input, deps.now());
  const [heldNow, watchedNow, recorded] = await Promise.all([
    heldSymbols(deps.db, userId),
    watchedSymbolsOf(deps, userId),
    recordedDividends(deps.db, userId, addDays(from, -MATCH_DAYS), addDays(to, MATCH_DAYS)),
  ]);
  const held = new Set(heldNow);
  const watched = new Set(watchedNow);
  // A dividend the ledger recorded shows even when the symbol was sold since.
  const { symbols, omitted } = chooseSymbols(new Set([...held, ...recorded.map((r) => r.symbol)]), watched);

  const limit = pLimit(CONCURRENT_SYMBOLS);
  const dates = new Map<string, MarketDates>();
  const asking = Promise.all(
    symbols.map((symbol) => limit(async () => dates.set(symbol, await marketDates(deps.market, symbol)))),
  );
  const [quotes] = await Promise.all([namesQuotes(deps.market, symbols), settledWithin(asking, CALENDAR_WAIT_MS)]);
  // The answer leaves now; symbols not asked yet need not be.
  limit.clearQueue();

  const bySymbol = groupBy(recorded, (r) => r.symbol);
  const events: CalendarEvent[] = [];
  const pending: string[] = [];
  let stale = false;
  let failed = false;
  for (const symbol of symbols) {
    const known = dates.get(symbol);
    if (!known) {
      pending.push(symbol);
      continue;
    }
    stale ||= Boolean(known.dividends?.stale || known.earnings?.stale);
    failed ||= known.failed;
    const quote = quotes[symbol];
    const facts = {
      symbol,
      name: quote?.longName || quote?.shortName || symbol,
      held: held.has(symbol),
      watched: watched.has(symbol),
      dividends: known.dividends,
      earnings: known.earnings,
      recorded: bySymbol.get(symbol) ?? [],
    };
    for (const event of symbolEvents(facts, from, to)) events.push(event);
  }
  return {
    from,
    to,
    events: sortEvents(events),
    symbols: symbols.length + omitted,
    omittedSymbols: omitted,
    pendingSymbols: pending,
    stale,
    errors: failed ? [DATES_MISSING_MESSAGE] : [],
  };
}
