import { TRPCError } from '@trpc/server';
import { Dec } from '../../../shared/portfolio/decimal';
import type { CostMethod } from '../../../shared/portfolio/ledger/types';
import type {
  PortfolioDetail,
  PortfolioSummary,
  PortfolioTotals,
  ValuedHolding,
} from '../../../shared/portfolio/types';
import type { LedgerProjection } from './ledgerEngine/protocol';
import { cents } from './money';
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
    costMethod: row.costMethod as CostMethod,
    baseCurrency: row.baseCurrency,
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

/**
 * What only the ledger knows about each holding, for its owner: the realised gain and, for FIFO, the open lots.
 * One replay of the portfolio's ledger per version (on the ledger engine's thread); never used for the shared page (its allow-list leaves them out anyway).
 */
export async function withLedgerFigures(
  deps: Pick<AppDeps, 'db' | 'ledgers' | 'ledgerEngine'>,
  row: PortfolioRow,
  holdings: ValuedHolding[],
): Promise<ValuedHolding[]> {
  const method = row.costMethod as CostMethod;
  const ledger = await deps.ledgers.current(deps.db, row);
  let replay: LedgerProjection;
  try {
    replay = await deps.ledgerEngine.projection(ledger, method);
  } catch (error) {
    // A ledger stored before today's rules no longer replays: the holdings stay readable (and so the Activity tab,
    // where the activity named by the performance answer's 400 can be fixed), without what only the replay knows.
    if (error instanceof TRPCError && error.code === 'BAD_REQUEST') return holdings;
    throw error;
  }
  deps.ledgers.resize(ledger);
  const bySymbol = new Map(replay.holdings.map((h) => [h.symbol, h]));
  return holdings.map((h) => {
    const ledger = bySymbol.get(h.symbol);
    const realisedGain = cents(new Dec(ledger?.realisedGain ?? 0));
    return method === 'fifo' ? { ...h, realisedGain, lots: ledger?.lots ?? [] } : { ...h, realisedGain };
  });
}

export async function detailOf(
  deps: Pick<AppDeps, 'db' | 'market' | 'ledgers' | 'ledgerEngine'>,
  row: PortfolioRow,
): Promise<PortfolioDetail> {
  const { holdings, totals } = await valuePortfolio(deps, row);
  return { portfolio: summaryOf(row, totals), holdings: await withLedgerFigures(deps, row, holdings) };
}
