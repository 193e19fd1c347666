import { readHoldingsCsv } from '../../../shared/portfolio/csvImport';
import { Dec } from '../../../shared/portfolio/decimal';
import { MAX_HOLDINGS_PER_PORTFOLIO, MAX_QUANTITY } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { ImportPreview, ImportResult, ImportRow } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import { badInput } from './errors';
import { buyOf, knownSymbols } from './holdingService';
import { insertActivities } from './ledgerQueries';
import { changeLedger, newActivityRow } from './ledgerService';
import { utcDay } from '../../../shared/portfolio/ledger/days';
import { mergePositions, type Position } from './merge';
import { requireOwnedPortfolio } from './portfolioService';
import { holdingsOf } from './queries';
import { summaryOf, valuePortfolio } from './summary';

/**
 * CSV import of holdings: a preview that checks every row as Add Stock would (format, bounds, the symbol against
 * the market with one batched call, merges, the holdings limit), and the import itself, which applies the valid
 * rows in one transaction and skips the rest.
 */
export async function previewImport(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  csv: string,
): Promise<ImportPreview> {
  await requireOwnedPortfolio(deps, userId, portfolioId);
  const { rows, columns, fileError } = readHoldingsCsv(csv);
  if (fileError) return { rows: [], columns, valid: 0, invalid: 0, fileError };

  const known = await knownSymbols(
    deps,
    rows.filter((r) => !r.error).map((r) => r.symbol),
  );
  // Replays the rows against what is held, in file order, exactly as the import will write them.
  const held = new Map<string, Position>((await holdingsOf(deps.db, portfolioId)).map((h) => [h.symbol, h]));
  const checked = rows.map((row): ImportRow => {
    const base = {
      line: row.line,
      symbol: row.symbol,
      quantity: row.quantity,
      averagePrice: row.averagePrice,
      merges: false,
    };
    if (row.error) return { ...base, error: row.error };
    if (!known.has(row.symbol)) return { ...base, error: M.stockNotFound };
    const existing = held.get(row.symbol);
    if (existing) {
      const merged = mergePositions(existing, row);
      if (new Dec(merged.quantity).gt(MAX_QUANTITY)) return { ...base, error: M.quantityMergeTooLarge };
      held.set(row.symbol, merged);
      return { ...base, merges: true, error: null };
    }
    if (held.size >= MAX_HOLDINGS_PER_PORTFOLIO) return { ...base, error: M.tooManyHoldings };
    held.set(row.symbol, row);
    return { ...base, error: null };
  });
  const valid = checked.filter((r) => !r.error).length;
  return { rows: checked, columns, valid, invalid: checked.length - valid, fileError: null };
}

export async function importHoldings(
  deps: AppDeps,
  userId: string,
  portfolioId: string,
  csv: string,
): Promise<ImportResult> {
  const preview = await previewImport(deps, userId, portfolioId, csv);
  if (preview.fileError) throw badInput(preview.fileError);
  if (preview.valid === 0) throw badInput(M.csvNothingToImport);
  // Each valid row is a buy today, as Add Stock records it (issue 21).
  await changeLedger(deps, userId, portfolioId, (_portfolio, rows, now) => {
    const buys = preview.rows
      .filter((row) => !row.error)
      .map((row) => newActivityRow(portfolioId, buyOf(row, utcDay(now)), now));
    return { rows: [...rows, ...buys], result: null, write: (tx) => insertActivities(tx, buys) };
  });
  const row = await requireOwnedPortfolio(deps, userId, portfolioId);
  const { totals } = await valuePortfolio(deps, row);
  return { imported: preview.valid, skipped: preview.invalid, portfolio: summaryOf(row, totals) };
}
