import type { Quote } from '../../../shared/market/types';
import type { AppDeps } from '../../depsTypes';
import { sharedPortfolioNotFound } from './errors';
import { quotesForValuation } from './prices';
import { holdingsOf, type HoldingRow, type PortfolioRow } from './queries';
import { buildSharedAnswer, findSharedPortfolio } from './sharing';
import { valueHoldings } from './valuation';

/**
 * The REST shared answer as JSON text, valued and encoded again only when something it shows has changed.
 * A public link is read by many people at once (the bench: 50 connections), and reading, valuing and encoding
 * dominate the cost of an answer. The portfolio and its holdings are read again after any write to the database,
 * by this server or another connection (readShared), and the quotes are asked for on every request, so a portfolio
 * made private, edited or repriced is never answered from the cache: the stored text is reused only when the row,
 * every holding and every quote object (the market cache hands out the same object while a quote is fresh) are
 * exactly those it was built from.
 * tRPC's `portfolios.shared` builds the same answer with the same function (buildSharedAnswer), uncached.
 */

interface Entry {
  fingerprint: string;
  quotes: Array<Quote | undefined>;
  json: string;
}

/** A public portfolio and its holdings as read, with the database's write marks at that moment. */
interface Reading {
  marks: WriteMarks;
  row: PortfolioRow;
  records: HoldingRow[];
}

/**
 * Two counters that together move on every committed write: SQLite's total_changes() counts the rows this
 * connection inserted, updated or deleted (cascades included), and PRAGMA data_version moves when another
 * connection commits (the operator's `npm run user`, a second server on the same file).
 */
interface WriteMarks {
  own: number;
  others: number;
}

const MAX_ENTRIES = 1_000;
const caches = new WeakMap<AppDeps['db'], Map<string, Entry>>();
const readings = new WeakMap<AppDeps['db'], { marks: () => WriteMarks; byLink: Map<string, Reading> }>();

/**
 * The portfolio and holdings behind a public link, read again only after something was written. While neither
 * write mark moves, no portfolio was edited, made private or deleted, so the last reading is still the truth. Any
 * write anywhere (a message, a sign-in) simply means a fresh read.
 */
function readShared(deps: AppDeps, link: string): { row: PortfolioRow; records: HoldingRow[] } {
  let state = readings.get(deps.db);
  if (!state) {
    const statement = deps.dbHandle.sqlite.prepare(
      'select total_changes() as own, data_version as others from pragma_data_version',
    );
    state = { marks: () => statement.get() as WriteMarks, byLink: new Map() };
    readings.set(deps.db, state);
  }
  const marks = state.marks();
  const known = state.byLink.get(link);
  if (known && known.marks.own === marks.own && known.marks.others === marks.others) return known;
  state.byLink.delete(link);
  const row = findSharedPortfolio(deps, link);
  if (!row) throw sharedPortfolioNotFound();
  const reading = { marks, row, records: holdingsOf(deps.db, row.id) };
  if (state.byLink.size >= MAX_ENTRIES) state.byLink.delete(state.byLink.keys().next().value!);
  state.byLink.set(link, reading);
  return reading;
}

function cacheFor(deps: AppDeps): Map<string, Entry> {
  let cache = caches.get(deps.db);
  if (!cache) {
    cache = new Map();
    caches.set(deps.db, cache);
  }
  return cache;
}

/** Everything stored that the answer depends on. */
function fingerprintOf(row: PortfolioRow, records: readonly HoldingRow[]): string {
  let text = `${row.id}\u0000${row.updatedAt}\u0000${row.name}\u0000${row.description ?? ''}`;
  for (const r of records) text += `\u0000${r.symbol}:${r.quantity}:${r.averagePrice}`;
  return text;
}

export async function sharedAnswerJson(deps: AppDeps, link: string): Promise<string> {
  const { row, records } = readShared(deps, link);
  const { quotes, errors } = await quotesForValuation(
    deps.market,
    records.map((r) => r.symbol),
  );
  const fingerprint = fingerprintOf(row, records);
  const used = records.map((r) => quotes[r.symbol]);
  const cache = cacheFor(deps);
  const cached = cache.get(row.shareableLink!);
  if (cached && errors.length === 0 && cached.fingerprint === fingerprint && cached.quotes.every((q, i) => q === used[i])) {
    return cached.json;
  }
  const json = JSON.stringify(buildSharedAnswer(row, valueHoldings(records, quotes, errors)));
  // Bounded: the oldest link's entry goes first (Map keeps insertion order).
  cache.delete(row.shareableLink!);
  if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value!);
  cache.set(row.shareableLink!, { fingerprint, quotes: used, json });
  return json;
}
