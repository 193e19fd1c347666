import { DEFAULT_PORTFOLIO_CURRENCY } from '../../../shared/market/currency';
import { generateIdFromEntropySize } from 'lucia';
import { MAX_PORTFOLIOS_PER_USER } from '../../../shared/portfolio/limits';
import { PORTFOLIO_MESSAGES as M } from '../../../shared/portfolio/messages';
import type { PortfolioDetail, PortfolioSummary, ValuedHolding } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import type { LedgerDeps, LedgerWriteDeps } from '../ledger/deps';
import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import { badInput, portfolioNotFound } from './errors';
import { requireOwnedPortfolio } from './ownership';
import { nextVersion } from '../ledger/ledgerCache';
import { changeLedger } from '../ledger/ledgerService';
import { quotesForValuation } from './prices';
import {
  countPortfolios,
  deletePortfolio,
  findOwnedPortfolio,
  inWriteTransaction,
  insertPortfolio,
  listPortfolios,
  portfolioKeys,
  updatePortfolio,
  type PortfolioRow,
} from './queries';
import { cashOf, detailOf, summaryOf, valuePortfolio, withLedgerFigures } from './summary';
import { valueHoldings } from './valuation';
import { valueInBase } from './valuationInBase';

/** Portfolios of one owner: list, create, read, rename, delete. Every call is scoped to the signed-in user. */

/** Every portfolio of the user, valued with one quotes call for all their symbols. */
export async function listPortfolioSummaries(deps: LedgerDeps, userId: string): Promise<PortfolioSummary[]> {
  const rows = await listPortfolios(deps.db, userId);
  // Each portfolio's cash from its ledger's replay (kept per version, on the engine's threads): one total. First, so
  // that each ledger's version is in the cache and the holdings kept with it serve the read below.
  const cash: Array<string | null> = [];
  for (const row of rows) cash.push(await cashOf(deps, row));
  const byPortfolio = await deps.ledgers.holdingsOfEach(deps.db, rows);
  const { quotes, errors } = await quotesForValuation(
    deps.market,
    [...byPortfolio.values()].flatMap((records) => records.map((h) => h.symbol)),
  );
  const summaries: PortfolioSummary[] = [];
  for (const [i, row] of rows.entries()) {
    const records = byPortfolio.get(row.id) ?? [];
    // The market outage message belongs only to portfolios that have prices to miss.
    const { totals } = await valueInBase(deps, row, records, quotes, records.length > 0 ? errors : []);
    summaries.push(summaryOf(row, totals, cash[i]));
  }
  return summaries;
}

export interface CreatePortfolio {
  name: string;
  description: string | null;
  /** One of PORTFOLIO_CURRENCIES; USD when absent. */
  baseCurrency?: string;
}

/**
 * Creates a portfolio unless the user already has the maximum. The count and the insert share one write
 * transaction: two parallel creates at 49 make exactly one 50th.
 */
export async function createPortfolio(
  deps: Pick<AppDeps, 'db' | 'now'>,
  userId: string,
  input: CreatePortfolio,
): Promise<PortfolioSummary> {
  const now = deps.now();
  const row: PortfolioRow = {
    id: generateIdFromEntropySize(10),
    userId,
    name: input.name,
    description: input.description,
    isPublic: false,
    shareableLink: null,
    costMethod: 'fifo',
    baseCurrency: input.baseCurrency ?? DEFAULT_PORTFOLIO_CURRENCY,
    createdAt: now,
    updatedAt: now,
  };
  await inWriteTransaction(deps.db, [portfolioKeys.ofUser(userId)], async (tx) => {
    if ((await countPortfolios(tx, userId)) >= MAX_PORTFOLIOS_PER_USER) throw badInput(M.tooManyPortfolios);
    await insertPortfolio(tx, row);
  });
  return summaryOf(row, valueHoldings([], {}).totals);
}

export async function getPortfolioDetail(deps: LedgerDeps, userId: string, id: string): Promise<PortfolioDetail> {
  return detailOf(deps, await requireOwnedPortfolio(deps, userId, id));
}

export async function listHoldings(deps: LedgerDeps, userId: string, id: string): Promise<ValuedHolding[]> {
  const row = await requireOwnedPortfolio(deps, userId, id);
  const { holdings } = await valuePortfolio(deps, row);
  return withLedgerFigures(deps, row, holdings);
}

export interface UpdatePortfolio {
  id: string;
  name?: string;
  /** Absent leaves the description as it is; null clears it. */
  description?: string | null;
  costMethod?: CostMethod;
}

/**
 * product.md §7: PATCH /api/portfolios/{id} with totalValue "updates total". The total is the server's to compute, so the
 * number is ignored and the answer is the portfolio valued now; a name or description sent along is saved.
 */
export async function updatePortfolioDetails(
  deps: LedgerWriteDeps,
  userId: string,
  input: UpdatePortfolio,
): Promise<PortfolioSummary> {
  // The one ownership read: the rename, the cost method's write and the answer all start from this row.
  const row = await requireOwnedPortfolio(deps, userId, input.id);
  const patch: Partial<PortfolioRow> = {};
  if (input.name !== undefined && input.name !== row.name) patch.name = input.name;
  if (input.description !== undefined && input.description !== row.description) patch.description = input.description;
  if (Object.keys(patch).length > 0) {
    patch.updatedAt = nextVersion(row, deps.now());
    await updatePortfolio(deps.db, row.id, patch);
  }
  let updated: PortfolioRow = { ...row, ...patch };
  if (input.costMethod !== undefined && input.costMethod !== row.costMethod) {
    updated = await setCostMethod(deps, userId, updated, input.costMethod);
  }
  const { totals } = await valuePortfolio(deps, updated);
  return summaryOf(updated, totals, await cashOf(deps, updated));
}

/**
 * A new cost method changes every realised gain and the average cost the holdings show: the ledger is replayed with
 * it and the holdings rewritten in the same write transaction as the change.
 */
async function setCostMethod(
  deps: LedgerWriteDeps,
  userId: string,
  owned: PortfolioRow,
  costMethod: CostMethod,
): Promise<PortfolioRow> {
  const { portfolio } = await changeLedger(deps, userId, owned, (_portfolio, rows) => ({
    rows: rows.slice(),
    result: null,
    method: costMethod,
    write: (tx) => updatePortfolio(tx, owned.id, { costMethod }),
  }));
  return portfolio;
}

export async function deletePortfolioForOwner(
  deps: Pick<AppDeps, 'db'>,
  userId: string,
  id: string,
): Promise<{ id: string }> {
  await inWriteTransaction(deps.db, [portfolioKeys.portfolio(id)], async (tx) => {
    if (!(await findOwnedPortfolio(tx, userId, id))) throw portfolioNotFound();
    await deletePortfolio(tx, id);
  });
  return { id };
}
