import { generateIdFromEntropySize } from 'lucia';
import { DATE_QUESTION_OPEN } from '../../../shared/portfolio/brokers/dates';
import type { ReadPositionsResult } from '../../../shared/portfolio/brokers/readPositions';
import type { DateOrder } from '../../../shared/portfolio/brokers/reading';
import { Dec } from '../../../shared/portfolio/decimal';
import {
  activityFieldsSchema,
  isFutureDate,
  LEDGER_MESSAGES as L,
  type ActivityFields,
} from '../../../shared/portfolio/ledger/schemas';
import { utcDay } from '../../../shared/portfolio/ledger/days';
import { MAX_HOLDINGS_PER_PORTFOLIO, MAX_QUANTITY } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { ImportPreview, ImportResult, ImportRow } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import type { LedgerWriteDeps } from '../ledger/deps';
import { badInput } from './errors';
import { decideCurrency, listingCurrencies } from '../ledger/activityCurrency';
import { buyOf, knownSymbols } from './holdingService';
import { insertActivities, type ActivityRow } from '../ledger/ledgerQueries';
import { changeLedger } from '../ledger/ledgerService';
import { mergePositions, type Position } from './merge';
import { requireOwnedPortfolio } from './ownership';
import { holdingsOf, type PortfolioRow } from './queries';
import { cashOf, summaryOf, valuePortfolio } from './summary';

/**
 * CSV import of holdings: a preview that reads the file's layout (a broker's positions export or a plain file,
 * shared/portfolio/brokers) and checks every row as Add Stock would (format, bounds, the symbol against the market
 * with one batched call, merges, the holdings limit, a purchase date not in the future), and the import itself,
 * which applies the valid rows in one transaction and skips the rest: each holding a buy on its purchase date (a
 * transfer in today when the file has none), each cash line (a sweep or money-market fund) a deposit today.
 */
export async function previewImport(
  deps: PreviewDeps,
  userId: string,
  portfolioId: string,
  csv: string,
  dateOrder: DateOrder | null = null,
): Promise<ImportPreview> {
  return previewOf(deps, await requireOwnedPortfolio(deps, userId, portfolioId), csv, dateOrder);
}

/** What a preview uses: the database, the market (symbols), the clock and the ledger engine's thread. */
type PreviewDeps = Pick<AppDeps, 'db' | 'market' | 'now' | 'ledgerEngine'>;

/** The preview of `csv` against a portfolio whose ownership the caller has read. */
async function previewOf(
  deps: PreviewDeps,
  portfolio: PortfolioRow,
  csv: string,
  dateOrder: DateOrder | null,
): Promise<ImportPreview> {
  const portfolioId = portfolio.id;
  // Read on the ledger engine's thread: 500 positions held the event loop 40-100 ms (issue 26).
  const read = await deps.ledgerEngine.readPositions(portfolioId, csv, dateOrder);
  const { columns, reading, fileError } = read;
  if (fileError) return { rows: [], columns, reading, valid: 0, invalid: 0, fileError };
  const rows = await checkRows(deps, portfolioId, read);
  const valid = rows.filter((r) => !r.error).length;
  return { rows, columns, reading, valid, invalid: rows.length - valid, fileError: null };
}

async function checkRows(deps: PreviewDeps, portfolioId: string, read: ReadPositionsResult): Promise<ImportRow[]> {
  const now = deps.now();
  const known = await knownSymbols(
    deps,
    read.rows.filter((r) => !r.error && r.kind === 'position').map((r) => r.symbol),
  );
  // Replays the rows against what is held, in file order, exactly as the import will write them.
  const held = new Map<string, Position>((await holdingsOf(deps.db, portfolioId)).map((h) => [h.symbol, h]));
  return read.rows.map(({ wording: _wording, ...row }): ImportRow => {
    const base: ImportRow = { ...row, merges: false };
    if (row.error) return base;
    if (row.kind === 'cash') return base;
    if (row.date && isFutureDate(row.date, now)) return { ...base, error: L.dateInFuture };
    // A dated buy goes into the ledger as it is: the ledger's own rules for an activity (its date's bounds) apply.
    const asBuy = row.date ? activityFieldsSchema.safeParse(buyOf(row, row.date)) : null;
    if (asBuy && !asBuy.success) return { ...base, error: asBuy.error.issues.map((i) => i.message).join('; ') };
    if (!known.has(row.symbol)) return { ...base, error: M.stockNotFound };
    const existing = held.get(row.symbol);
    if (existing) {
      const merged = mergePositions(existing, row);
      if (new Dec(merged.quantity).gt(MAX_QUANTITY)) return { ...base, error: M.quantityMergeTooLarge };
      held.set(row.symbol, merged);
      return { ...base, merges: true };
    }
    if (held.size >= MAX_HOLDINGS_PER_PORTFOLIO) return { ...base, error: M.tooManyHoldings };
    held.set(row.symbol, row);
    return base;
  });
}

/**
 * The activities of the valid rows: buys on the file's dates (without one, transfers in today at their market value,
 * decision 022), then the cash lines as deposits today.
 */
function activitiesOf(rows: readonly ImportRow[], today: string): ActivityFields[] {
  const valid = rows.filter((row) => !row.error);
  const inCurrency = (row: ImportRow) => ({ currency: row.currency, fxRate: row.fxRate });
  const buys = valid
    .filter((row) => row.kind === 'position')
    .map((row): ActivityFields => ({ ...buyOf(row, row.date ?? null, today), ...inCurrency(row) }));
  const deposits = valid
    .filter((row) => row.kind === 'cash' && row.amount)
    .map((row): ActivityFields => ({
      type: 'deposit',
      date: today,
      symbol: null,
      quantity: null,
      price: null,
      fee: null,
      amount: row.amount,
      ratio: null,
      note: `Cash (${row.symbol})`,
      ...inCurrency(row),
    }));
  return [...buys, ...deposits];
}

export async function importHoldings(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  csv: string,
  dateOrder: DateOrder | null = null,
): Promise<ImportResult> {
  // Ownership is read once: the preview, the write's first attempt and the answer all take this row.
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const preview = await previewOf(deps, portfolio, csv, dateOrder);
  if (preview.fileError) throw badInput(preview.fileError);
  if (preview.rows.some((r) => r.error === DATE_QUESTION_OPEN)) throw badInput(M.dateOrderNeeded);
  if (preview.valid === 0) throw badInput(M.csvNothingToImport);
  const listing = await listingCurrencies(
    deps,
    preview.rows.flatMap((r) => (r.error || r.kind !== 'position' ? [] : [r.symbol])),
  );
  const { portfolio: row } = await changeLedger(deps, userId, portfolio, (_portfolio, rows, now) => {
    // One random prefix numbered in order, so today's deposits come after today's buys in the ledger.
    const prefix = generateIdFromEntropySize(10);
    const decided = activitiesOf(preview.rows, utcDay(now)).map((fields) => {
      const currency = decideCurrency(fields, portfolio.baseCurrency, listing);
      if ('error' in currency) throw badInput(currency.error);
      return { ...fields, currency: currency.currency };
    });
    const added: ActivityRow[] = decided.map((fields, i) => ({
      id: `${prefix}${String(i).padStart(6, '0')}`,
      portfolioId,
      ...fields,
      createdAt: now,
      updatedAt: now,
    }));
    return { rows: [...rows, ...added], result: null, write: (tx) => insertActivities(tx, added) };
  });
  const { totals } = await valuePortfolio(deps, row);
  return {
    imported: preview.valid,
    skipped: preview.invalid,
    portfolio: summaryOf(row, totals, await cashOf(deps, row)),
  };
}
