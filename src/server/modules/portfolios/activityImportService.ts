import { generateIdFromEntropySize } from 'lucia';
import { DATE_QUESTION_OPEN } from '../../../shared/portfolio/brokers/dates';
import { readActivitiesFile } from '../../../shared/portfolio/brokers/readActivities';
import type { DateOrder } from '../../../shared/portfolio/brokers/reading';
import { activitiesToCsv } from '../../../shared/portfolio/ledger/csv';
import {
  LEDGER_MESSAGES as L,
  MAX_ACTIVITIES_PER_PORTFOLIO,
  isFutureDate,
} from '../../../shared/portfolio/ledger/schemas';
import type {
  ActivityImportPreview,
  ActivityImportResult,
  ActivityImportRow,
  CostMethod,
} from '../../../shared/portfolio/ledger/types';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { AppDeps } from '../../depsTypes';
import { withMarketErrors } from '../stocks/errors';
import { badInput } from './errors';
import { LedgerError, replayLedger } from './ledger/replay';
import { inLedgerOrder } from './ledgerProjection';
import { activitiesOf, activityOf, insertActivities, type ActivityRow } from './ledgerQueries';
import { changeLedger } from './ledgerService';
import { requireOwnedPortfolio } from './portfolioService';
import type { Db } from '../../db/client';

/**
 * CSV import and export of activities (issue 21). The preview checks every row (format, date not in the future,
 * symbol known to the market with one batched call) and then replays the portfolio's ledger with the file's rows
 * added, naming every row the ledger cannot take and why. The import writes every row or none: it runs the same
 * checks again, and replays inside the write transaction (commitLedger) before anything is kept.
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

/** Marks the rows the ledger refuses, one at a time (each replay names the first activity it cannot take). */
function markLedgerErrors(
  existing: readonly ActivityRow[],
  rows: ActivityImportRow[],
  method: CostMethod,
  now: number,
) {
  const candidates = importRows('', rows, now);
  const byId = new Map(candidates.map((c, i) => [c.id, rows[i]]));
  let kept = candidates.filter((_, i) => !rows[i].error);
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      replayLedger(inLedgerOrder([...existing, ...kept]).map(activityOf), method);
      return;
    } catch (error) {
      if (!(error instanceof LedgerError)) throw error;
      const row = error.activityId ? byId.get(error.activityId) : undefined;
      // The file's rows broke an activity already in the ledger: the message names it; the file as a whole fails.
      if (!row) {
        for (const r of rows) if (!r.error) r.error = error.message;
        return;
      }
      row.error = error.message;
      kept = kept.filter((c) => c.id !== error.activityId);
    }
  }
}

async function checkRows(
  deps: AppDeps,
  db: Db,
  portfolioId: string,
  method: CostMethod,
  csv: string,
  dateOrder: DateOrder | null,
) {
  // The file's layout (a broker's export or a plain file) read into activities: shared/portfolio/brokers.
  const read = readActivitiesFile(csv, { dateOrder });
  const rows: ActivityImportRow[] = read.rows.map((r) => ({
    line: r.line,
    activity: r.activity,
    error: r.error,
    currency: r.currency,
    fxRate: r.fxRate,
    wording: r.wording,
  }));
  const now = deps.now();
  for (const row of rows) if (row.activity && isFutureDate(row.activity.date, now)) row.error = L.dateInFuture;
  const symbols = [...new Set(rows.flatMap((r) => (!r.error && r.activity?.symbol ? [r.activity.symbol] : [])))];
  if (symbols.length > 0) {
    const quotes = await withMarketErrors(() => deps.market.quotes(symbols));
    for (const row of rows) {
      const symbol = row.activity?.symbol;
      if (!row.error && symbol && !quotes[symbol]) row.error = L.unknownSymbol(symbol);
    }
  }
  const existing = await activitiesOf(db, portfolioId);
  if (existing.length + rows.length > MAX_ACTIVITIES_PER_PORTFOLIO) {
    return { read, rows, fileError: L.tooManyActivities };
  }
  markLedgerErrors(existing, rows, method, now);
  return { read, rows, fileError: read.fileError };
}

export async function previewActivityImport(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  csv: string,
  dateOrder: DateOrder | null = null,
): Promise<ActivityImportPreview> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const { read, rows, fileError } = await checkRows(
    deps,
    deps.db,
    portfolioId,
    portfolio.costMethod as CostMethod,
    csv,
    dateOrder,
  );
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
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  csv: string,
  dateOrder: DateOrder | null = null,
): Promise<ActivityImportResult> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const { rows, fileError } = await checkRows(
    deps,
    deps.db,
    portfolioId,
    portfolio.costMethod as CostMethod,
    csv,
    dateOrder,
  );
  if (fileError) throw badInput(fileError);
  if (rows.some((r) => r.error === DATE_QUESTION_OPEN)) throw badInput(M.dateOrderNeeded);
  const bad = rows.find((r) => r.error);
  if (bad) throw badInput(`Line ${bad.line}: ${bad.error}`);
  if (rows.length === 0) throw badInput(M.csvNothingToImport);
  return changeLedger(deps, userId, portfolioId, async (tx, _portfolio, existing, now) => {
    const added = importRows(portfolioId, rows, now);
    await insertActivities(tx, added);
    return { rows: [...existing, ...added], result: { imported: added.length } };
  });
}

export async function exportActivities(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
): Promise<{ csv: string; filename: string }> {
  const portfolio = await requireOwnedPortfolio(deps, userId, portfolioId);
  const rows = inLedgerOrder(await activitiesOf(deps.db, portfolioId));
  const slug = portfolio.name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'portfolio';
  return { csv: activitiesToCsv(rows.map(activityOf)), filename: `${slug}-activities.csv` };
}
