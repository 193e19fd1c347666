import type { PortfolioDetail, PortfolioSummary, PortfolioTotals } from '../../../shared/portfolio/types';
import type { AppDeps } from '../../depsTypes';
import { quotesForValuation } from './prices';
import { holdingsOf, type PortfolioRow } from './queries';
import { valueHoldings, type Valuation } from './valuation';

/** A portfolio row and its valued totals in the product.md §3 shape. */
export function summaryOf(row: PortfolioRow, totals: PortfolioTotals): PortfolioSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    shareableLink: row.isPublic ? row.shareableLink : null,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUpdated: new Date(row.updatedAt).toISOString(),
    ...totals,
  };
}

/** Values one portfolio's holdings with one batched quotes call. */
export async function valuePortfolio(deps: Pick<AppDeps, 'db' | 'market'>, row: PortfolioRow): Promise<Valuation> {
  const records = await holdingsOf(deps.db, row.id);
  const { quotes, errors } = await quotesForValuation(
    deps.market,
    records.map((h) => h.symbol),
  );
  return valueHoldings(records, quotes, errors);
}

export async function detailOf(deps: Pick<AppDeps, 'db' | 'market'>, row: PortfolioRow): Promise<PortfolioDetail> {
  const { holdings, totals } = await valuePortfolio(deps, row);
  return { portfolio: summaryOf(row, totals), holdings };
}
