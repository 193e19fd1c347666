import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type {
  PortfolioDetail,
  PortfolioSummary,
  PortfolioTotals,
  ValuedHolding,
} from '../../../shared/portfolio/types';
import type { LedgerDeps } from '../ledger/deps';
import { baseProjectionOf, type BaseProjection } from '../ledger/baseProjection';
import { cashByCurrency } from '../ledger/currencyConversion';
import { cents, exactOf, plus } from './exact';
import { quotesForValuation } from './prices';
import { undatedSince } from '../ledger/versionFacts';
import type { PortfolioRow } from './queries';
import type { Valuation } from './valuation';
import { valueInBase } from './valuationInBase';
import { withFields } from '../../../shared/withFields';

/**
 * A portfolio row and its valued totals in the product.md §3 shape. `cash` (the ledger's, `cashOf`) is added to the
 * holdings' value, so the total is the same figure as the performance's end value (issue 27 §4).
 */
export function summaryOf(row: PortfolioRow, totals: PortfolioTotals, cash: string | null = null): PortfolioSummary {
  const cashBalance = cents(exactOf(cash ?? '0'));
  const portfolio = {
    id: row.id,
    name: row.name,
    description: row.description,
    isPublic: row.isPublic,
    shareableLink: row.isPublic ? row.shareableLink : null,
    createdAt: new Date(row.createdAt).toISOString(),
    lastUpdated: new Date(row.updatedAt).toISOString(),
    costMethod: row.costMethod as CostMethod,
    baseCurrency: row.baseCurrency,
  };
  return Object.assign(portfolio, totals, {
    holdingsValue: totals.totalValue,
    cashBalance,
    totalValue: cents(plus(exactOf(totals.totalValue), exactOf(cashBalance))),
  });
}

/**
 * Values one portfolio's holdings in its base currency, with one batched quotes call. `projected`, when the caller
 * already has the replay in the base, saves asking for it again.
 */
export async function valuePortfolio(
  deps: LedgerDeps,
  row: PortfolioRow,
  projected?: BaseProjection,
): Promise<Valuation> {
  const records = await deps.ledgers.holdings(deps.db, row);
  const { quotes, errors } = await quotesForValuation(
    deps.market,
    records.map((h) => h.symbol),
  );
  return valueInBase(deps, row, records, quotes, errors, projected);
}

/** The portfolio's cash in its base at the end of its ledger, for its owner's totals; null when it does not replay. */
export async function cashOf(deps: LedgerDeps, row: PortfolioRow): Promise<string | null> {
  return (await baseProjectionOf(deps, row)).replay?.cash ?? null;
}

/**
 * What only the ledger knows about each holding, for its owner: the realised gain and, for FIFO, the open lots.
 * One replay of the portfolio's ledger (in its base) per version (on the ledger engine's thread); never used for the shared page (its allow-list leaves them out anyway).
 */
export async function withLedgerFigures(
  deps: LedgerDeps,
  row: PortfolioRow,
  holdings: ValuedHolding[],
  projected?: BaseProjection,
): Promise<ValuedHolding[]> {
  const method = row.costMethod as CostMethod;
  const { recorded, replay } = projected ?? (await baseProjectionOf(deps, row));
  if (!replay) return holdings;
  const bySymbol = new Map(replay.holdings.map((h) => [h.symbol, h]));
  const undated = undatedSince(recorded);
  return holdings.map((h) => {
    const ledger = bySymbol.get(h.symbol);
    const realisedGain = cents(exactOf(ledger?.realisedGain ?? '0'));
    const addedWithoutDate = undated.get(h.symbol) ?? null;
    return method === 'fifo'
      ? withFields(h, { realisedGain, addedWithoutDate, lots: ledger?.lots ?? [] })
      : withFields(h, { realisedGain, addedWithoutDate });
  });
}

/**
 * The portfolio page's read: the holdings valued, the cash and the ledger figures all from one replay in the base
 * (one walk of the rows and one engine call per read, not one for each).
 */
export async function detailOf(deps: LedgerDeps, row: PortfolioRow): Promise<PortfolioDetail> {
  const projected = await baseProjectionOf(deps, row);
  const { holdings, totals } = await valuePortfolio(deps, row, projected);
  const { recorded, replay, fx } = projected;
  const perCurrency = await cashByCurrency(recorded.rows, row.baseCurrency, fx);
  const portfolio = withFields(summaryOf(row, totals, replay?.cash ?? null), { cashByCurrency: perCurrency });
  return { portfolio, holdings: await withLedgerFigures(deps, row, holdings, projected) };
}
