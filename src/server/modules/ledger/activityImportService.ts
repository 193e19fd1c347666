import { generateIdFromEntropySize } from 'lucia';
import { DATE_QUESTION_OPEN } from '../../../shared/portfolio/brokers/dates';
import type { DateOrder } from '../../../shared/portfolio/brokers/reading';
import { activitiesToCsv } from '../../../shared/portfolio/ledger/csv';
import {
  LEDGER_MESSAGES as L,
  MAX_ACTIVITIES_PER_PORTFOLIO,
  isFutureDate,
  isTooEarlyDate,
} from '../../../shared/portfolio/ledger/schemas';
import type {
  ActivityImportPreview,
  ActivityImportResult,
  ActivityImportRow,
  CostMethod,
} from '../../../shared/portfolio/ledger/types';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { AppDeps } from '../../depsTypes';
import type { LedgerDeps, LedgerWriteDeps } from './deps';
import { withMarketErrors } from '../stocks/errors';
import { badInput } from '../portfolios/errors';
import type { LedgerVersion } from './ledgerCache';
import { compareLedgerOrder, ledgerPosition } from './ledgerProjection';
import { decideCurrency, listingCurrencies, undecidedSymbols } from './activityCurrency';
import { activityOf, insertActivities, type ActivityRow } from './ledgerQueries';
import { changeLedger } from './ledgerService';
import { nextTurn } from './nextTurn';
import { requireOwnedPortfolio } from '../portfolios/ownership';
import type { PortfolioRow } from '../portfolios/queries';

/**
 * CSV import and export of activities (issue 21). The preview checks every row (format, date within bounds, symbol
 * known to the market with one batched call) and then has the ledger engine replay the portfolio's ledger once with
 * the file's rows placed among its activities, naming every row the ledger cannot take and why (issue 26: it used
 * to replay the whole ledger again for each refused row). The import writes every row or none: it runs the same
 * checks again, and the write replays the ledger as it will be before anything is kept (changeLedger).
 */

/** Rows of one import share a random prefix and number in file order, so same-day rows keep the file's order. */
function importRows(portfolioId: string, rows: readonly ActivityImportRow[], now: number): ActivityRow[] {
  const prefix = generateIdFromEntropySize(10);
  return rows.map((row, i) => ({
    id: `${prefix}${String(i).padStart(6, '0')}`,
    portfolioId,
    ...row.activity!,
    createdAt: now,
    updatedAt: now,
  }));
}

/**
 * Marks the rows the ledger refuses, with one replay: each candidate goes where it would land in the ledger, a
 * refused one is named and left out, and the replay goes on without it.
 */
async function markLedgerErrors(
  deps: Pick<AppDeps, 'ledgerEngine'>,
  ledger: LedgerVersion,
  rows: ActivityImportRow[],
  method: CostMethod,
  now: number,
): Promise<void> {
  const checked = rows.filter((r) => !r.error);
  if (checked.length === 0) return;
  // A turn of the loop after reading the ledger (its last page, put in order): the placing and encoding of 1,000
  // rows below is a few milliseconds of its own.
  await nextTurn();
  const candidates = importRows('', checked, now)
    .map((row, i) => ({ row, source: checked[i] }))
    .sort((a, b) => compareLedgerOrder(a.row, b.row));
  const positions = candidates.map(({ row }) => ledgerPosition(ledger.rows, row));
  const { refused, broken } = await deps.ledgerEngine.check(
    ledger,
    candidates.map((c) => c.row),
    positions,
    method,
  );
  for (const { index, message } of refused) candidates[index].source.error = message;
  // The file's rows broke an activity already in the ledger: the message names it; the file as a whole fails.
  if (broken) for (const r of checked) r.error ??= broken;
}

async function checkRows(deps: LedgerDeps, portfolio: PortfolioRow, csv: string, dateOrder: DateOrder | null) {
  // The file's layout (a broker's export or a plain file) read into activities (shared/portfolio/brokers), on the
  // ledger engine's thread: on the event loop, 1,000 rows held every other request for 20-100 ms (issue 26).
  const read = await deps.ledgerEngine.readActivities(portfolio.id, csv, dateOrder);
  const rows: ActivityImportRow[] = read.rows.map((r) => ({
    line: r.line,
    activity: r.activity,
    error: r.error,
    currency: r.currency,
    fxRate: r.fxRate,
    wording: r.wording,
  }));
  const now = deps.now();
  for (const row of rows) {
    if (row.error || !row.activity) continue;
    if (isFutureDate(row.activity.date, now)) row.error = L.dateInFuture;
    else if (isTooEarlyDate(row.activity.date)) row.error = L.dateTooEarly;
  }
  const symbols = [...new Set(rows.flatMap((r) => (!r.error && r.activity?.symbol ? [r.activity.symbol] : [])))];
  if (symbols.length > 0) {
    const quotes = await withMarketErrors(() => deps.market.quotes(symbols));
    for (const row of rows) {
      const symbol = row.activity?.symbol;
      if (!row.error && symbol && !quotes[symbol]) row.error = L.unknownSymbol(symbol);
    }
  }
  // Turns of the loop between the steps over every row (a market that answers at once resolves without one): on
  // 1,000 rows they held the loop about 30 ms in one turn.
  await nextTurn();
  await decideImportCurrencies(deps, portfolio.baseCurrency, rows);
  await nextTurn();
  const ledger = await deps.ledgers.current(deps.db, portfolio);
  if (ledger.rows.length + rows.length > MAX_ACTIVITIES_PER_PORTFOLIO) {
    return { read, rows, fileError: L.tooManyActivities };
  }
  await markLedgerErrors(deps, ledger, rows, portfolio.costMethod as CostMethod, now);
  return { read, rows, fileError: read.fileError };
}

/**
 * Each readable row's currency (issue 27 §3): the file's for the row when it gives one (with the broker's rate),
 * else the symbol's listing currency or, for cash, the portfolio's; a row whose currency cannot be converted fails.
 */
async function decideImportCurrencies(
  deps: Pick<AppDeps, 'market'>,
  baseCurrency: string,
  rows: ActivityImportRow[],
): Promise<void> {
  const open = rows.filter((r) => !r.error && r.activity);
  const fields = open.map((r) => ({ ...r.activity!, currency: r.currency ?? null, fxRate: r.fxRate ?? null }));
  const listing = await listingCurrencies(deps, undecidedSymbols(fields));
  open.forEach((row, i) => {
    const decided = decideCurrency(fields[i], baseCurrency, listing);
    if ('error' in decided) row.error = decided.error;
    else row.activity = { ...fields[i], currency: decided.currency };
  });
}

export async function previewActivityImport(
  deps: LedgerDeps,
  userId: string,
  portfolioId: string,
  csv: string,
  dateOrder: DateOrder | null = null,
): Promise<ActivityImportPreview> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const { read, rows, fileError } = await checkRows(deps, portfolio, csv, dateOrder);
  const valid = rows.filter((r) => !r.error).length;
  return {
    rows,
    columns: read.reading?.columns ?? null,
    reading: read.reading,
    valid,
    invalid: rows.length - valid,
    skipped: read.reading?.skipped.length ?? 0,
    fileError,
  };
}

export async function importActivities(
  deps: LedgerWriteDeps,
  userId: string,
  portfolioId: string,
  csv: string,
  dateOrder: DateOrder | null = null,
): Promise<ActivityImportResult> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const { rows, fileError } = await checkRows(deps, portfolio, csv, dateOrder);
  if (fileError) throw badInput(fileError);
  if (rows.some((r) => r.error === DATE_QUESTION_OPEN)) throw badInput(M.dateOrderNeeded);
  const bad = rows.find((r) => r.error);
  if (bad) throw badInput(`Line ${bad.line}: ${bad.error}`);
  if (rows.length === 0) throw badInput(M.csvNothingToImport);
  // The row read above is the write's first read of it too (changeLedger reads again only after a conflict).
  const { result } = await changeLedger(deps, userId, portfolio, (_portfolio, existing, now) => {
    if (existing.length + rows.length > MAX_ACTIVITIES_PER_PORTFOLIO) throw badInput(L.tooManyActivities);
    const added = importRows(portfolioId, rows, now);
    return {
      rows: [...existing, ...added],
      result: { imported: added.length },
      write: (tx) => insertActivities(tx, added),
    };
  });
  return result;
}

export async function exportActivities(
  deps: Pick<AppDeps, 'db' | 'ledgers'>,
  userId: string,
  portfolioId: string,
): Promise<{ csv: string; filename: string }> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const rows = await deps.ledgers.rows(deps.db, portfolio);
  const slug = portfolio.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'portfolio';
  return { csv: activitiesToCsv(rows.map(activityOf)), filename: `${slug}-activities.csv` };
}
