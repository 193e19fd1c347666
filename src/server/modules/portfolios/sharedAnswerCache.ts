import { utcDay } from '../../../shared/portfolio/ledger/days';
import type { AppDeps } from '../../depsTypes';
import type { LedgerDeps } from '../ledger/deps';
import { sharedPortfolioNotFound } from './errors';
import { quotesForValuation } from './prices';
import { holdingsOf, type HoldingRow, type PortfolioRow } from './queries';
import type { SharedAnswerState } from './sharedAnswerState';
import { buildSharedAnswer, findSharedPortfolio } from './sharing';
import { valueInBase } from './valuationInBase';

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

/**
 * The portfolio and holdings behind a public link, read again only after something was written. While neither
 * write mark moves, no portfolio was edited, made private or deleted, so the last reading is still the truth. Any
 * write anywhere (a message, a sign-in) simply means a fresh read.
 */
/** What the shared answer uses: a portfolio's reads, and this server's shared answers (sharedAnswerState.ts). */
type SharedAnswerDeps = LedgerDeps & Pick<AppDeps, 'sharedAnswers'>;

async function readShared(deps: SharedAnswerDeps, link: string): Promise<{ row: PortfolioRow; records: HoldingRow[] }> {
  const state = deps.sharedAnswers;
  // Taken before the reads: a write landing between them moves the marks, so the next request reads again.
  const marks = await state.marks();
  const known = state.readings.get(link);
  if (marks !== null && known && known.marks === marks) return known;
  state.readings.delete(link);
  const row = await findSharedPortfolio(deps, link);
  if (!row) throw sharedPortfolioNotFound();
  const records = await holdingsOf(deps.db, row.id);
  if (!marks) return { row, records };
  const reading = { marks, row, records };
  state.readings.set(link, reading);
  return reading;
}

function cacheFor(deps: Pick<AppDeps, 'sharedAnswers'>): SharedAnswerState['answers'] {
  return deps.sharedAnswers.answers;
}

/** Everything stored that the answer depends on. */
function fingerprintOf(row: PortfolioRow, records: readonly HoldingRow[], today: string): string {
  // The day too: holdings in another currency than the base are valued at the day's exchange rate.
  let text = `${row.id}\u0000${row.updatedAt}\u0000${today}\u0000${row.name}\u0000${row.description ?? ''}`;
  for (const r of records) text += `\u0000${r.symbol}:${r.quantity}:${r.averagePrice}`;
  return text;
}

export async function sharedAnswerJson(deps: SharedAnswerDeps, link: string): Promise<string> {
  const { row, records } = await readShared(deps, link);
  const { quotes, errors } = await quotesForValuation(
    deps.market,
    records.map((r) => r.symbol),
  );
  const fingerprint = fingerprintOf(row, records, utcDay(deps.now()));
  const used = records.map((r) => quotes[r.symbol]);
  const cache = cacheFor(deps);
  const cached = cache.get(row.shareableLink!);
  if (
    cached &&
    errors.length === 0 &&
    cached.fingerprint === fingerprint &&
    cached.quotes.every((q, i) => q === used[i])
  ) {
    return cached.json;
  }
  const json = JSON.stringify(buildSharedAnswer(row, await valueInBase(deps, row, records, quotes, errors)));
  // Bounded by bytes (SharedAnswerState): the least recently used link's entry goes first.
  cache.set(row.shareableLink!, { fingerprint, quotes: used, json });
  return json;
}
