import { generateIdFromEntropySize } from 'lucia';
import { groupBy } from '../../../shared/groupBy';
import { MAX_PORTFOLIOS_PER_USER } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { PortfolioDetail, PortfolioSummary, ValuedHolding } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import { badInput, portfolioNotFound } from './errors';
import { quotesForValuation } from './prices';
import {
  countPortfolios,
  deletePortfolio,
  findOwnedPortfolio,
  holdingsOfMany,
  inWriteTransaction,
  insertPortfolio,
  listPortfolios,
  updatePortfolio,
  type PortfolioRow,
} from './queries';
import { detailOf, summaryOf, valuePortfolio } from './summary';
import { valueHoldings } from './valuation';

/** Portfolios of one owner: list, create, read, rename, delete. Every call is scoped to the signed-in user. */

export function requireOwnedPortfolio(deps: Pick<AppDeps, 'db'>, userId: string, id: string): PortfolioRow {
  const row = findOwnedPortfolio(deps.db, userId, id);
  if (!row) throw portfolioNotFound();
  return row;
}

/** Every portfolio of the user, valued with one quotes call for all their symbols. */
export async function listPortfolioSummaries(
  deps: Pick<AppDeps, 'db' | 'market'>,
  userId: string,
): Promise<PortfolioSummary[]> {
  const rows = listPortfolios(deps.db, userId);
  const allHoldings = holdingsOfMany(
    deps.db,
    rows.map((r) => r.id),
  );
  const { quotes, errors } = await quotesForValuation(
    deps.market,
    allHoldings.map((h) => h.symbol),
  );
  const byPortfolio = groupBy(allHoldings, (h) => h.portfolioId);
  return rows.map((row) => {
    const records = byPortfolio.get(row.id) ?? [];
    // The market outage message belongs only to portfolios that have prices to miss.
    const { totals } = valueHoldings(records, quotes, records.length > 0 ? errors : []);
    return summaryOf(row, totals);
  });
}

export interface CreatePortfolio {
  name: string;
  description: string | null;
}

/**
 * Creates a portfolio unless the user already has the maximum. The count and the insert share one write
 * transaction: two parallel creates at 49 make exactly one 50th.
 */
export function createPortfolio(deps: AppDeps, userId: string, input: CreatePortfolio): PortfolioSummary {
  const now = deps.now();
  const row: PortfolioRow = {
    id: generateIdFromEntropySize(10),
    userId,
    name: input.name,
    description: input.description,
    isPublic: false,
    shareableLink: null,
    createdAt: now,
    updatedAt: now,
  };
  inWriteTransaction(deps.db, (tx) => {
    if (countPortfolios(tx, userId) >= MAX_PORTFOLIOS_PER_USER) throw badInput(M.tooManyPortfolios);
    insertPortfolio(tx, row);
  });
  return summaryOf(row, valueHoldings([], {}).totals);
}

export async function getPortfolioDetail(deps: AppDeps, userId: string, id: string): Promise<PortfolioDetail> {
  return detailOf(deps, requireOwnedPortfolio(deps, userId, id));
}

export async function listHoldings(deps: AppDeps, userId: string, id: string): Promise<ValuedHolding[]> {
  const { holdings } = await valuePortfolio(deps, requireOwnedPortfolio(deps, userId, id));
  return holdings;
}

export interface UpdatePortfolio {
  id: string;
  name?: string;
  /** Absent leaves the description as it is; null clears it. */
  description?: string | null;
}

/**
 * product.md §7: PATCH /api/portfolios/{id} with totalValue "updates total". The total is the server's to compute, so the
 * number is ignored and the answer is the portfolio valued now; a name or description sent along is saved.
 */
export async function updatePortfolioDetails(
  deps: AppDeps,
  userId: string,
  input: UpdatePortfolio,
): Promise<PortfolioSummary> {
  const row = requireOwnedPortfolio(deps, userId, input.id);
  const patch: Partial<PortfolioRow> = {};
  if (input.name !== undefined && input.name !== row.name) patch.name = input.name;
  if (input.description !== undefined && input.description !== row.description) patch.description = input.description;
  if (Object.keys(patch).length > 0) {
    patch.updatedAt = deps.now();
    updatePortfolio(deps.db, row.id, patch);
  }
  const updated = { ...row, ...patch };
  const { totals } = await valuePortfolio(deps, updated);
  return summaryOf(updated, totals);
}

export function deletePortfolioForOwner(deps: AppDeps, userId: string, id: string): { id: string } {
  inWriteTransaction(deps.db, (tx) => {
    if (!findOwnedPortfolio(tx, userId, id)) throw portfolioNotFound();
    deletePortfolio(tx, id);
  });
  return { id };
}
